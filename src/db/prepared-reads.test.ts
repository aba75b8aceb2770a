/**
 * Plain reads go through statements kept on a read-only connection (src/db/client.ts) instead of
 * @libsql/client. Drizzle must get exactly what it gets from the client: the same rows, types,
 * nulls, dates and column names, and every committed write at once.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { startHarness, type Harness } from "../../tests/support/harness";
import { approvedDoctorsJson, findDoctor, findPatientByEmail, listAllDoctors, listApprovedDoctors } from "./queries/accounts";
import { listDoctorFeedback, listDoctorMeetings, listDoctorPending, listPatientMeetings } from "./queries/appointments";
import { doctorStatusHistories } from "./queries/audit";
import { countApprovedBySpecialization } from "./queries/directory";
import { countEvents } from "./queries/throttle";
import * as schema from "./schema";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("every kind of query reads the same through kept statements as through the client", async () => {
  const doctor = await h.signupDoctor();
  await h.signupDoctor({ approve: false });
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id, "It's \"quoted\" — and ünïcode 🙂");
  expect((await h.schedule(doctor.token, id, patient.id, new Date(Date.now() + 3_600_000))).status).toBe(200);
  await h.book(patient.token, (await h.signupDoctor()).id);

  const fast = h.deps.database.db;
  const plain = drizzle(h.deps.database.client, { schema });
  const now = new Date();
  const pairs: [string, (r: typeof fast) => Promise<unknown>][] = [
    ["patient meetings (joins, nulls, dates)", (r) => listPatientMeetings(r, { id: patient.id }, now)],
    ["doctor pending", (r) => listDoctorPending(r, { id: doctor.id }, now)],
    ["doctor meetings", (r) => listDoctorMeetings(r, { id: doctor.id }, now)],
    ["doctor feedback", (r) => listDoctorFeedback(r, { id: doctor.id }, now)],
    ["all doctors", (r) => listAllDoctors(r)],
    ["a doctor by id", (r) => findDoctor(r, doctor.id)],
    ["no doctor by id", (r) => findDoctor(r, "no-such-id")],
    ["the directory", (r) => listApprovedDoctors(r)],
    ["a row by email", (r) => findPatientByEmail(r, patient.email)],
    ["raw SQL (SQLite-built JSON)", (r) => approvedDoctorsJson(r)],
    ["group by", async (r) => [...(await countApprovedBySpecialization(r))]],
    ["count", (r) => countEvents(r, "signup_ip", { key: "unknown" }, new Date(0))],
    ["count by key prefix", (r) => countEvents(r, "auth_attempt", { prefix: "unknown" }, new Date(0))],
    ["audit histories", async (r) => [...(await doctorStatusHistories(r))]],
  ];
  for (const [name, query] of pairs) {
    const viaKept = await query(fast);
    expect({ name, value: viaKept }).toEqual({ name, value: await query(plain) });
  }
  const meetings = await listPatientMeetings(fast, { id: patient.id }, now);
  expect(meetings[0]!.scheduledAt).toBeInstanceOf(Date);
  expect(meetings.some((m) => m.scheduledAt === null)).toBe(true);
  expect(meetings.find((m) => m.id === id)!.reason).toBe("It's \"quoted\" — and ünïcode 🙂");
});

test("a committed write is read at once, and reads inside a write transaction see its own changes", async () => {
  const patient = await h.signupPatient("Before");
  const form = new FormData();
  form.set("name", "After");
  expect((await h.call("PUT", "/api/auth/patient-profile", { token: patient.token, form })).status).toBe(200);
  expect((await findPatientByEmail(h.deps.database.db, patient.email))?.name).toBe("After");

  const seen = await h.deps.database.write(async (tx) => {
    await tx.update(schema.patients).set({ name: "Inside" }).where(eq(schema.patients.id, patient.id));
    return (await findPatientByEmail(tx, patient.email))?.name;
  });
  expect(seen).toBe("Inside");
});
