/**
 * PATCH /api/auth/admin-dashboard/doctor-change/{id} (issue 45): the JSON door for the admin's
 * review of an approved doctor's waiting change of specialization or college, beside the admin
 * page's form. Both call decideDoctorChange; the answer's doctor is the admin list's entry.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";

let h: Harness;
let adminToken: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = await h.admin();
});
afterAll(() => h.stop());

/** The admin's decision on `id`; `as` null sends no token. */
const decide = (id: string, json: unknown, as: string | null = adminToken) =>
  h.call("PATCH", `/api/auth/admin-dashboard/doctor-change/${id}`, { token: as ?? undefined, json });
const adminEntry = async (id: string) =>
  (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).body.find((d: { _id: string }) => d._id === id);
const ownProfile = async (doctor: Doctor) => (await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor;

/** An approved Cardiologist of City Medical College who asked to become a Psychiatrist of Another College. */
async function doctorWithChange(name: string): Promise<Doctor> {
  const doctor = await h.signupDoctor({ name, specialization: "Cardiologist" });
  const form = h.profileForm({ name, specialization: "Psychiatrist", collegeName: "Another College" });
  const saved = await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form });
  expect(saved.status).toBe(200);
  expect(saved.body.doctor.pendingChange).toEqual({ specialization: "Psychiatrist", collegeName: "Another College" });
  return doctor;
}

test("approve: 200 with the admin list's entry, and the change is applied (read back)", async () => {
  const doctor = await doctorWithChange("Dr. Approve Me");
  // Asked in Hindi (the harness's default): the API's message stays English.
  const res = await decide(doctor.id, { decision: "approve" });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe("Approved Dr. Approve Me's change of specialization Cardiologist to Psychiatrist, college City Medical College to Another College.");
  expect(res.body.doctor).toMatchObject({ _id: doctor.id, specialization: "Psychiatrist", collegeName: "Another College", status: "approved", pendingChange: null });
  expect(res.body.doctor.statusHistory.at(-1)).toMatchObject({ action: "Approve change", from: "approved", to: "approved", by: "admin" });
  expect(await adminEntry(doctor.id)).toEqual(res.body.doctor);
  expect(await ownProfile(doctor)).toMatchObject({ specialization: "Psychiatrist", collegeName: "Another College", pendingChange: null });
  const patient = await h.signupPatient();
  const listed = (await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token })).body.find((d: { _id: string }) => d._id === doctor.id);
  expect(listed).toMatchObject({ specialization: "Psychiatrist", collegeName: "Another College" });
});

test("decline: 200, nothing waits any more and the profile is as it was", async () => {
  const doctor = await doctorWithChange("Dr. Decline Me");
  const res = await decide(doctor.id, { decision: "decline" });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe("Declined Dr. Decline Me's change of specialization Cardiologist to Psychiatrist, college City Medical College to Another College.");
  expect(res.body.doctor).toMatchObject({ specialization: "Cardiologist", collegeName: "City Medical College", pendingChange: null });
  expect(res.body.doctor.statusHistory.at(-1)).toMatchObject({ action: "Decline change", reason: "specialization Cardiologist to Psychiatrist, college City Medical College to Another College" });
  expect(await adminEntry(doctor.id)).toEqual(res.body.doctor);
  expect(await ownProfile(doctor)).toMatchObject({ specialization: "Cardiologist", collegeName: "City Medical College", pendingChange: null });
});

describe("refused", () => {
  test("409 when no change waits: never asked, or already decided", async () => {
    const never = await h.signupDoctor({ name: "Dr. Nothing Waits" });
    const decided = await doctorWithChange("Dr. Decided Once");
    expect((await decide(decided.id, { decision: "approve" })).status).toBe(200);
    for (const [id, decision] of [[never.id, "approve"], [decided.id, "approve"], [decided.id, "decline"]] as const) {
      const res = await decide(id, { decision });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: "This doctor has no change waiting for review" });
    }
    expect(await ownProfile(decided)).toMatchObject({ specialization: "Psychiatrist", collegeName: "Another College" });
  });

  test("404 for an unknown id or a patient's id; 400 for an overlong id", async () => {
    const patient = await h.signupPatient();
    for (const id of [crypto.randomUUID(), "no-such-doctor", patient.id]) {
      const res = await decide(id, { decision: "approve" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Doctor not found" });
    }
    const long = await decide("x".repeat(65), { decision: "approve" });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("id");
  });

  test("400 naming the field for a bad decision; the change still waits", async () => {
    const doctor = await doctorWithChange("Dr. Bad Decision");
    for (const json of [{ decision: "APPROVE" }, { decision: "" }, { decision: "block" }, { decision: 1 }, {}, { status: "approved" }]) {
      const res = await decide(doctor.id, json);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "decision must be one of: approve, decline" });
    }
    expect((await ownProfile(doctor)).pendingChange).toEqual({ specialization: "Psychiatrist", collegeName: "Another College" });
  });

  test("401 without a valid token, 403 for a patient or a doctor; the change still waits", async () => {
    const doctor = await doctorWithChange("Dr. Not Yours");
    const patient = await h.signupPatient();
    for (const token of [null, "not-a-token"]) expect((await decide(doctor.id, { decision: "approve" }, token)).status).toBe(401);
    for (const token of [patient.token, doctor.token]) {
      const res = await decide(doctor.id, { decision: "approve" }, token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await ownProfile(doctor)).pendingChange).toEqual({ specialization: "Psychiatrist", collegeName: "Another College" });
  });
});
