/**
 * The admin's calls and the doctor status machine of SERVER-RULES §5, through the API.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { DOCTOR_STATUSES, type DoctorStatus } from "../../domain/fields";

// SERVER-RULES §5, written out independently of src/domain.
const ALLOWED = new Set(["pending approved", "pending rejected", "approved blocked", "rejected approved", "blocked approved"]);

let h: Harness;
let adminToken: string;
const doctors = new Map<string, { id: string; token: string }>();

beforeAll(async () => {
  h = await startHarness();
  adminToken = await h.admin();
  const pairs = DOCTOR_STATUSES.flatMap((from) => DOCTOR_STATUSES.map((to) => [from, to] as const));
  await Promise.all(
    pairs.map(async ([from, to]) => {
      doctors.set(`${from} ${to}`, await h.signupDoctor({ name: `Dr ${from}-${to}`, status: from }));
    }),
  );
});
afterAll(() => h.stop());

const patch = (id: string, json: unknown, token = adminToken) =>
  h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${id}`, { token, json });

async function statusOf(id: string): Promise<DoctorStatus> {
  const list = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken });
  return list.body.find((d: { _id: string }) => d._id === id).status;
}

describe("every from/to pair of the doctor status machine", () => {
  for (const from of DOCTOR_STATUSES)
    for (const to of DOCTOR_STATUSES) {
      const allowed = ALLOWED.has(`${from} ${to}`);
      test(`${from} -> ${to}: ${allowed ? "200" : "409"}`, async () => {
        const doctor = doctors.get(`${from} ${to}`)!;
        expect(await statusOf(doctor.id)).toBe(from);
        const res = await patch(doctor.id, { status: to });
        if (allowed) {
          expect(res.status).toBe(200);
          expect(typeof res.body.message).toBe("string");
          expect(res.body.doctor).toMatchObject({ _id: doctor.id, name: `Dr ${from}-${to}`, status: to });
          expect(await statusOf(doctor.id)).toBe(to);
          const own = await h.call("GET", "/api/auth/doctor-status", { token: doctor.token });
          expect(own.body.status).toBe(to);
        } else {
          expect(res.status).toBe(409);
          expect(res.body).toEqual({ message: expect.any(String) });
          expect(await statusOf(doctor.id)).toBe(from);
        }
      });
    }
});

describe("refused requests", () => {
  test("an unknown status value is 400 naming the field", async () => {
    const doctor = await h.signupDoctor({ approve: false });
    for (const json of [{ status: "deleted" }, { status: "APPROVED" }, { status: "" }, { status: 1 }, {}]) {
      const res = await patch(doctor.id, json);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("status");
    }
    expect(await statusOf(doctor.id)).toBe("pending");
  });

  test("an unknown doctor is 404", async () => {
    for (const id of [crypto.randomUUID(), "no-such-doctor"]) {
      const res = await patch(id, { status: "approved" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  test("an overlong id is 400", async () => {
    const res = await patch("x".repeat(65), { status: "approved" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("id");
  });

  test("a patient id is not a doctor id (404)", async () => {
    const patient = await h.signupPatient();
    expect((await patch(patient.id, { status: "approved" })).status).toBe(404);
  });
});

describe("GET admin-dashboard/doctors", () => {
  test("a bare array of every doctor, whatever the status, oldest first, without secrets", async () => {
    const first = await h.signupDoctor({ name: "Dr First Listed", approve: false });
    const second = await h.signupDoctor({ name: "Dr Second Listed", status: "rejected" });
    const res = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBe(doctors.size + 3);
    for (const d of res.body) {
      for (const key of ["_id", "name", "email", "specialization", "collegeName", "status"]) expect(typeof d[key]).toBe("string");
      expect(DOCTOR_STATUSES).toContain(d.status);
      expect(Object.keys(d).some((k) => /password|hash|token/i.test(k))).toBe(false);
    }
    const ids = res.body.map((d: { _id: string }) => d._id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.body.find((d: { _id: string }) => d._id === first.id)).toMatchObject({
      name: "Dr First Listed",
      email: first.email,
      specialization: "Cardiologist",
      collegeName: "City Medical College",
      status: "pending",
    });
  });
});
