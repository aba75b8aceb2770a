/**
 * Mass assignment: fields a client must not set (status, role, email, ids, token version, hashes,
 * pictures, times, links) sent along with every writing call have no effect. Each test reads the
 * result back through the API and straight from the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, inMinutes, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { movingClock } from "../../../tests/support/moving-clock";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "0.02" });
});
afterAll(() => h.stop());

const SLOT_MS = 0.02 * 60_000;
const FORGED_ID = "00000000-0000-4000-8000-000000000000";

/** Every privileged field we can think of, in camelCase, snake_case and Mongo style. */
const HOSTILE = {
  _id: FORGED_ID,
  id: FORGED_ID,
  role: "admin",
  isAdmin: true,
  status: "approved",
  email: "hijack@example.com",
  tokenVersion: 99,
  token_version: 99,
  listsVersion: -5,
  lists_version: -5,
  ver: 99,
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$forged$forged",
  password_hash: "forged",
  profileImage: "../../etc/passwd",
  profile_image: "../../etc/passwd",
  createdAt: "2000-01-01T00:00:00.000Z",
  created_at: 0,
};

async function row(table: string, id: string): Promise<Record<string, unknown>> {
  const result = await h.deps.database.client.execute({ sql: `SELECT * FROM ${table} WHERE id = ?`, args: [id] });
  expect(result.rows).toHaveLength(1);
  return { ...result.rows[0]! } as Record<string, unknown>;
}

async function count(table: string, where = "1 = 1", args: (string | number)[] = []): Promise<number> {
  const result = await h.deps.database.client.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE ${where}`, args });
  return Number(result.rows[0]!.n);
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

describe("signup", () => {
  test("patient: extra fields (also under __proto__) are ignored; a patient with version 0, a real hash, no picture", async () => {
    const email = uniqueEmail("mass");
    const admins = await count("admins");
    // The hostile fields first: in JSON the last of two equal keys wins, and the real email comes last.
    const raw = `{${JSON.stringify(HOSTILE).slice(1, -1)},"name":"Mass Patient","email":"${email}","password":"${PASSWORD}","__proto__":{"role":"admin","status":"approved"},"constructor":{"prototype":{"role":"admin"}}}`;
    const res = await h.call("POST", "/api/auth/signupPatient", { raw });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.any(String), role: "patient", name: "Mass Patient" });
    const { sub, role, ver } = claims(res.body.token);
    expect({ role, ver }).toEqual({ role: "patient", ver: 0 });
    expect(sub).not.toBe(FORGED_ID);

    const stored = await row("patients", sub);
    expect(stored).toMatchObject({ email, name: "Mass Patient", profile_image: null, token_version: 0 });
    expect(String(stored.password_hash)).toStartWith("$argon2id$");
    expect(String(stored.password_hash)).not.toContain("forged");
    expect(Math.abs(Number(stored.created_at) - Date.now())).toBeLessThan(60_000);
    expect(await count("patients", "id = ?", [FORGED_ID])).toBe(0);
    expect(await count("admins")).toBe(admins);
    // Still only a patient: no admin data with this token; the hijack email is nobody's.
    expect((await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: res.body.token })).status).toBe(403);
    expect(await count("patients", "email = ?", [HOSTILE.email])).toBe(0);
    // And the password is the one sent, not a forged hash.
    expect((await h.call("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  test("doctor: cannot sign up approved (or as anything but pending)", async () => {
    for (const status of ["approved", "blocked", "rejected"]) {
      const email = uniqueEmail("selfapproved");
      const res = await h.call("POST", "/api/auth/signupDoctor", {
        json: { ...HOSTILE, status, name: "Dr Eager", email, password: PASSWORD, specialization: "Dermatologist", collegeName: "Nowhere U" },
      });
      expect(res.status).toBe(201);
      expect(res.body.doctor).toMatchObject({ status: "pending", email, profileImage: null });
      expect(res.body.doctor._id).not.toBe(FORGED_ID);
      const stored = await row("doctors", res.body.doctor._id);
      expect(stored).toMatchObject({ status: "pending", email, profile_image: null, token_version: 0 });
      expect(String(stored.password_hash)).toStartWith("$argon2id$");
      // Pending: no doctor calls, not in the patients' directory.
      const calls = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: res.body.token });
      expect(calls).toMatchObject({ status: 403, body: { message: "Your account status is: pending" } });
    }
  });
});

describe("profile updates (multipart)", () => {
  /** A form with the allowed fields plus every hostile one as a text part. */
  function hostileForm(fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...HOSTILE, ...fields })) form.set(key, String(value));
    return form;
  }

  test("patient: only the name changes; email, id, version, hash and picture stay", async () => {
    const patient = await h.signupPatient("Before Name");
    const before = await row("patients", patient.id);
    const res = await h.call("PUT", "/api/auth/patient-profile", { token: patient.token, form: hostileForm({ name: "After Name" }) });
    expect(res.status).toBe(200);
    expect(res.body.patient).toEqual({ _id: patient.id, name: "After Name", email: patient.email, profileImage: null, phone: null });
    // lists_version moves with the name (the lists show it: drizzle/0006_lists_triggers.sql), by one.
    expect(await row("patients", patient.id)).toEqual({ ...before, name: "After Name", lists_version: Number(before.lists_version) + 1 });
    // The same token still works: the version did not move.
    const read = await h.call("GET", "/api/auth/patient-profile", { token: patient.token });
    expect(read.body.patient).toEqual(res.body.patient);
  });

  test("approved doctor: name, specialization and collegeName change; status, email, picture and the rest stay", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Before" });
    const before = await row("doctors", doctor.id);
    for (const status of ["pending", "blocked", "rejected"]) {
      const res = await h.call("PUT", "/api/auth/doctor-profile", {
        token: doctor.token,
        form: hostileForm({ status, name: "Dr After", specialization: "Neurologist", collegeName: "New College" }),
      });
      expect(res.status).toBe(200);
      expect(res.body.doctor).toMatchObject({ _id: doctor.id, status: "approved", email: doctor.email, profileImage: null });
    }
    // lists_version moved once: the first update changed the name, the others changed nothing; the
    // specialization and college wait for the admin's review (issue 27).
    expect(await row("doctors", doctor.id)).toEqual({
      ...before,
      name: "Dr After",
      pending_specialization: "Neurologist",
      pending_college_name: "New College",
      lists_version: Number(before.lists_version) + 1,
      // The first save checks the profile (the dashboard's first steps, issue 39); later ones keep that time.
      profile_checked_at: expect.any(Number),
    });
  });

  test("pending doctor: a profile update carrying status=approved is refused (403) and changes nothing", async () => {
    const doctor = await h.signupDoctor({ approve: false });
    const before = await row("doctors", doctor.id);
    const res = await h.call("PUT", "/api/auth/doctor-profile", {
      token: doctor.token,
      form: hostileForm({ status: "approved", name: "Dr Sneaky", specialization: "Neurologist", collegeName: "X" }),
    });
    expect(res.status).toBe(403);
    expect(await row("doctors", doctor.id)).toEqual(before);
  });
});

describe("appointments", () => {
  test("booking: status, times, link, patient and ids in the body are ignored", async () => {
    const doctor = await h.signupDoctor();
    const victim = await h.signupPatient("Victim");
    const patient = await h.signupPatient("Booker");
    const res = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", {
      token: patient.token,
      json: {
        ...HOSTILE,
        doctorId: doctor.id,
        reason: "Checkup",
        status: "confirmed",
        scheduledAt: inMinutes(60).toISOString(),
        endsAt: inMinutes(90).toISOString(),
        meetLink: "https://evil.example/room",
        patientId: victim.id,
        patient: { _id: victim.id },
        cancelledBy: "doctor",
      },
    });
    expect(res.status).toBe(201);
    const a = res.body.appointment;
    expect(a).toMatchObject({ status: "pending", scheduledAt: null, meetLink: null, patient: { _id: patient.id } });
    expect(a._id).not.toBe(FORGED_ID);
    expect(await row("appointments", a._id)).toMatchObject({
      patient_id: patient.id,
      doctor_id: doctor.id,
      status: "pending",
      scheduled_at: null,
      ends_at: null,
      meet_link: null,
      cancelled_by: null,
    });
    expect(await count("appointments", "patient_id = ?", [victim.id])).toBe(0);
    const list = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
    expect(list.body.appointments).toHaveLength(1);
    expect(list.body.appointments[0]).toMatchObject({ status: "pending", scheduledAt: null, meetLink: null });
  });

  test("schedule: status, meetLink, endsAt, doctorId in the body are ignored; the link is the server's", async () => {
    const doctor = await h.signupDoctor();
    const other = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    const at = inMinutes(120);
    const res = await h.call("POST", "/api/auth/doctor-dashboard/scheduleAppointments", {
      token: doctor.token,
      json: {
        ...HOSTILE,
        appointmentId: id,
        patientId: patient.id,
        doctorName: "Someone Else",
        scheduledDateTime: at.toISOString(),
        status: "completed",
        meetLink: "https://evil.example/room",
        scheduledAt: inMinutes(5).toISOString(),
        endsAt: inMinutes(600).toISOString(),
        doctorId: other.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.meetLink).toStartWith(h.deps.config.meetBaseUrl);
    expect(res.body.meetLink).not.toContain("evil");
    expect(await row("appointments", id)).toMatchObject({
      status: "confirmed",
      doctor_id: doctor.id,
      patient_id: patient.id,
      scheduled_at: at.getTime(),
      ends_at: at.getTime() + SLOT_MS,
      meet_link: res.body.meetLink,
    });
  });

  test("cancel: cancelledBy, status and times in the body are ignored (patient and doctor)", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    for (const side of ["patient", "doctor"] as const) {
      const id = await h.book(patient.token, doctor.id);
      const started = Date.now();
      const res = await h.call("POST", `/api/auth/${side}-dashboard/cancelAppointment`, {
        token: side === "patient" ? patient.token : doctor.token,
        json: {
          ...HOSTILE,
          appointmentId: id,
          reason: "Cannot make it",
          status: "completed",
          cancelledBy: side === "patient" ? "doctor" : "patient",
          cancelledAt: "2000-01-01T00:00:00.000Z",
          patientId: FORGED_ID,
        },
      });
      expect(res.status).toBe(200);
      const stored = await row("appointments", id);
      expect(stored).toMatchObject({ status: "cancelled", cancelled_by: side, cancel_reason: "Cannot make it", patient_id: patient.id });
      expect(Number(stored.cancelled_at)).toBeGreaterThanOrEqual(started - 5);
    }
  });

  test("feedback: patient, doctor, ids and time in the body are ignored", async () => {
    const doctor = await h.signupDoctor();
    const decoy = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    const clock = movingClock(h.deps);
    const start = new Date(clock.now().getTime() + 400);
    expect((await h.schedule(doctor.token, id, patient.id, start)).status).toBe(200);
    clock.to(start.getTime() + SLOT_MS + 150); // past the slot: the meeting is over
    const res = await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", {
      token: patient.token,
      json: { ...HOSTILE, appointmentId: id, message: "Thank you", doctorId: decoy.id, patientId: FORGED_ID },
    });
    expect(res.status).toBe(201);
    expect(res.body.feedback._id).not.toBe(FORGED_ID);
    const stored = await row("feedback", res.body.feedback._id);
    expect(stored).toMatchObject({ appointment_id: id, patient_id: patient.id, doctor_id: doctor.id, message: "Thank you" });
    expect(Math.abs(Number(stored.created_at) - Date.now())).toBeLessThan(60_000);
    const decoyFeedbacks = await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: decoy.token });
    expect(decoyFeedbacks.body.feedbacks).toEqual([]);
  });
});

test("admin status change: only the status moves; name, email, hash, version, picture stay", async () => {
  const doctor = await h.signupDoctor({ approve: false });
  const before = await row("doctors", doctor.id);
  const res = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctor.id}`, {
    token: await h.admin(),
    json: { ...HOSTILE, status: "approved", name: "Renamed", specialization: "Neurologist", collegeName: "Elsewhere", id: FORGED_ID },
  });
  expect(res.status).toBe(200);
  expect(res.body.doctor).toMatchObject({ _id: doctor.id, status: "approved", name: before.name, email: before.email });
  expect(await row("doctors", doctor.id)).toEqual({ ...before, status: "approved" });
  expect(await count("doctors", "id = ?", [FORGED_ID])).toBe(0);
});

test("no answer in this file was a 5xx", () => {
  expect(h.transcript.filter((a) => a.status >= 500)).toEqual([]);
});
