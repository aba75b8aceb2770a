/**
 * The use cases called directly, with no HTTP: each rule holds, and each refusal is typed and
 * changes nothing. A fresh libSQL file database, real time steered by CONSULT_MINUTES.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PNG_1X1, startHarness, uniqueEmail, type Harness } from "../../tests/support/harness";
import { movingClock } from "../../tests/support/moving-clock";
import { findDoctor, findPatient } from "../db/queries/accounts";
import { listPatientMeetings } from "../db/queries/appointments";
import { logIn, logOut, signUpDoctor, signUpPatient } from "./accounts";
import { bookAppointment, cancelAppointment, scheduleAppointment } from "./appointments";
import { giveFeedback } from "./reviews";
import { setStatusOfDoctor } from "./doctors";
import { updatePatientProfile } from "./profile";
import { Refusal } from "../domain/refusal";

let h: Harness;
const client = { address: "203.0.113.7" };
const PASSWORD = "correct-horse-1";

beforeAll(async () => {
  // A consultation of 1.2 s: a meeting scheduled 1 s ahead is completed 2.2 s later.
  h = await startHarness({ CONSULT_MINUTES: "0.02" });
});
afterAll(() => h.stop());

/** The refusal a use case throws, for its kind and message. */
async function refusal(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal, the use case succeeded");
}

const newPatient = (name = "Pia Patient") => signUpPatient(h.deps, { name, email: uniqueEmail("p"), password: PASSWORD }, client);
async function approvedDoctor(adminId: string) {
  const doctor = await signUpDoctor(
    h.deps,
    { name: "Dr Use Case", email: uniqueEmail("d"), password: PASSWORD, specialization: "Neurologist", collegeName: "Test College" },
    client,
  );
  await setStatusOfDoctor(h.deps, adminId, { doctorId: doctor.id, status: "approved" });
  return doctor;
}
const ADMIN_ID = "admin-under-test";

describe("accounts", () => {
  test("sign up, a taken email is a conflict, log in checks the password the same way for a wrong email", async () => {
    const email = uniqueEmail("acc");
    const patient = await signUpPatient(h.deps, { name: "Ann", email, password: PASSWORD }, client);
    expect(patient.name).toBe("Ann");
    const taken = await refusal(() => signUpPatient(h.deps, { name: "Ann again", email, password: PASSWORD }, client));
    expect([taken.kind, taken.message]).toEqual(["conflict", "An account with this email already exists"]);
    expect((await logIn(h.deps, "patient", { email, password: PASSWORD }, client)).account.id).toBe(patient.id);
    const wrong = await refusal(() => logIn(h.deps, "patient", { email, password: "not-the-password" }, client));
    const nobody = await refusal(() => logIn(h.deps, "patient", { email: uniqueEmail("none"), password: PASSWORD }, client));
    expect([wrong.kind, wrong.message]).toEqual(["unauthenticated", "Invalid email or password"]);
    expect([nobody.kind, nobody.message]).toEqual([wrong.kind, wrong.message]);
    // The same email is another account in another role.
    await refusal(() => logIn(h.deps, "doctor", { email, password: PASSWORD }, client));
  });

  test("a new doctor is pending; log out moves the token version on", async () => {
    const doctor = await signUpDoctor(
      h.deps,
      { name: "Dr New", email: uniqueEmail("dn"), password: PASSWORD, specialization: "Urologist", collegeName: "X" },
      client,
    );
    expect(doctor.status).toBe("pending");
    await logOut(h.deps, "doctor", doctor);
    expect((await findDoctor(h.deps.database.db, doctor.id))!.tokenVersion).toBe(doctor.tokenVersion + 1);
  });

  test("the login throttle refuses with too_many and a wait", async () => {
    const limited = await startHarness({ LOGIN_FAILURE_LIMIT: "2" });
    try {
      const email = uniqueEmail("t");
      for (let i = 0; i < 2; i++) await refusal(() => logIn(limited.deps, "admin", { email, password: "wrong-password" }, client));
      const stop = await refusal(() => logIn(limited.deps, "admin", { email, password: "wrong-password" }, client));
      expect(stop.kind).toBe("too_many");
      expect(stop.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});

describe("doctor status", () => {
  test("the admin's changes follow the machine, with the API's message", async () => {
    const doctor = await signUpDoctor(
      h.deps,
      { name: "Dr Machine", email: uniqueEmail("m"), password: PASSWORD, specialization: "Oncologist", collegeName: "Y" },
      client,
    );
    const approved = await setStatusOfDoctor(h.deps, ADMIN_ID, { doctorId: doctor.id, status: "approved" });
    expect(approved.message).toBe("Approve: Dr Machine is now approved");
    expect(approved.history.map((e) => e.action)).toEqual(["Signup", "Approve"]);
    const again = await refusal(() => setStatusOfDoctor(h.deps, ADMIN_ID, { doctorId: doctor.id, status: "rejected" }));
    expect(again.kind).toBe("conflict");
    expect((await findDoctor(h.deps.database.db, doctor.id))!.status).toBe("approved");
    expect((await refusal(() => setStatusOfDoctor(h.deps, ADMIN_ID, { doctorId: "nobody", status: "approved" }))).kind).toBe("not_found");
  });
});

describe("appointments", () => {
  test("book, schedule, complete, feedback once; every refusal on the way changes nothing", async () => {
    const doctor = await approvedDoctor(ADMIN_ID);
    const patient = await newPatient();
    const pending = await signUpDoctor(
      h.deps,
      { name: "Dr Pending", email: uniqueEmail("pd"), password: PASSWORD, specialization: "Neurologist", collegeName: "Z" },
      client,
    );
    expect((await refusal(() => bookAppointment(h.deps, patient, { doctorId: pending.id, reason: "x" }))).kind).toBe("not_found");

    const booked = await bookAppointment(h.deps, patient, { doctorId: doctor.id, reason: "Headaches" });
    expect(booked.status).toBe("pending");
    expect((await refusal(() => bookAppointment(h.deps, patient, { doctorId: doctor.id, reason: "again" }))).kind).toBe("conflict");

    const input = { appointmentId: booked.id, patientId: patient.id };
    const past = await refusal(() => scheduleAppointment(h.deps, doctor.id, { ...input, scheduledDateTime: new Date(Date.now() - 60_000) }));
    expect([past.kind, past.message]).toEqual(["invalid", "scheduledDateTime must be in the future"]);
    const stranger = await newPatient("Stranger");
    const wrongPatient = () => scheduleAppointment(h.deps, doctor.id, { ...input, patientId: stranger.id, scheduledDateTime: new Date(Date.now() + 60_000) });
    expect((await refusal(wrongPatient)).kind).toBe("not_found");
    expect((await listPatientMeetings(h.deps.database.db, { id: patient.id }, new Date()))[0]!.status).toBe("pending");

    const feedbackTooEarly = await refusal(() => giveFeedback(h.deps, patient.id, { appointmentId: booked.id, message: "Great" }));
    expect(feedbackTooEarly.kind).toBe("conflict");

    const clock = movingClock(h.deps);
    const { meetLink } = await scheduleAppointment(h.deps, doctor.id, { ...input, scheduledDateTime: new Date(clock.now().getTime() + 1000) });
    expect(meetLink).toStartWith(h.deps.config.meetBaseUrl);
    clock.forward(2600); // past the 1.2 s slot
    expect((await listPatientMeetings(h.deps.database.db, { id: patient.id }, clock.now()))[0]!.status).toBe("completed");
    expect((await refusal(() => giveFeedback(h.deps, stranger.id, { appointmentId: booked.id, message: "Not mine" }))).kind).toBe("not_found");
    const saved = await giveFeedback(h.deps, patient.id, { appointmentId: booked.id, message: "Thorough and kind" });
    expect(saved.message).toBe("Thorough and kind");
    expect((await refusal(() => giveFeedback(h.deps, patient.id, { appointmentId: booked.id, message: "Twice" }))).kind).toBe("conflict");
  });

  test("an overlapping slot is a conflict; cancel by either side, once, and only one's own", async () => {
    const doctor = await approvedDoctor(ADMIN_ID);
    const [a, b] = [await newPatient("A"), await newPatient("B")];
    const first = await bookAppointment(h.deps, a, { doctorId: doctor.id, reason: "One" });
    const second = await bookAppointment(h.deps, b, { doctorId: doctor.id, reason: "Two" });
    // Slots last 1.2 s here (CONSULT_MINUTES): half a second later still overlaps. Five hours
    // ahead: outside the patient's change window (CHANGE_NOTICE_MINUTES, 240 by default; issue 40).
    const at = new Date(Date.now() + 5 * 3_600_000);
    await scheduleAppointment(h.deps, doctor.id, { appointmentId: first.id, patientId: a.id, scheduledDateTime: at });
    const overlap = await refusal(() => scheduleAppointment(h.deps, doctor.id, { appointmentId: second.id, patientId: b.id, scheduledDateTime: new Date(at.getTime() + 500) }));
    expect(overlap.kind).toBe("conflict");

    expect((await refusal(() => cancelAppointment(h.deps, { role: "patient", id: b.id }, { appointmentId: first.id, reason: "Not mine" }))).kind).toBe("not_found");
    await cancelAppointment(h.deps, { role: "patient", id: a.id }, { appointmentId: first.id, reason: "Feeling better" });
    expect((await refusal(() => cancelAppointment(h.deps, { role: "patient", id: a.id }, { appointmentId: first.id, reason: "Again" }))).kind).toBe("conflict");
    await cancelAppointment(h.deps, { role: "doctor", id: doctor.id }, { appointmentId: second.id, reason: "Away that week" });
    expect(await listPatientMeetings(h.deps.database.db, { id: b.id }, new Date())).toEqual([]);
  });
});

describe("profile", () => {
  test("a picture that is not JPEG or PNG is unsupported and changes nothing; a PNG is stored", async () => {
    const patient = await newPatient("Before");
    const fake = new File([new TextEncoder().encode("GIF89a not a png")], "x.png", { type: "image/png" });
    const refused = await refusal(() => updatePatientProfile(h.deps, patient.id, { name: "After", profileImage: fake }));
    expect(refused.kind).toBe("unsupported");
    expect((await findPatient(h.deps.database.db, patient.id))!.name).toBe("Before");
    const saved = await updatePatientProfile(h.deps, patient.id, { name: "After", profileImage: new File([PNG_1X1], "me.png") });
    expect(saved.name).toBe("After");
    // Re-encoded: whatever came in is stored as a small JPEG.
    expect(saved.profileImage).toMatch(/^[0-9a-f]{32}\.jpg$/);
  });
});
