/**
 * Issue 51 item 3: the doctor's undo keeps the patient's own rules. After the doctor cancels (or
 * moves) a meeting, the patient books again with the same doctor, or meets another doctor at that
 * time; the undo would restore two open appointments with one doctor, or two meetings at one
 * time: it answers 409 and changes nothing. The rules hold per person (a family member's too).
 * The app's clock a day before the next Monday, moved by the tests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { nextMonday } from "../../../tests/support/monday";

const UNDO = "/api/auth/doctor-dashboard/undo";
const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const OPEN_AGAIN = "The patient has booked with you again since, so the change cannot be undone";
const PATIENT_BUSY = "The patient has another appointment at that time since, so the change cannot be undone";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);

let h: Harness;
let clock = at(-24);
beforeEach(() => {
  // Each test's changes after the undo window of the one before.
  clock = new Date(clock.getTime() + 60_000);
});
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true", UNDO_SECONDS: "10", BOOKING_NOTICE_MINUTES: "0" });
  h.deps.now = () => new Date(clock);
});
afterAll(() => h.stop());

const undo = (doctor: Doctor, appointmentId: string) => h.call("POST", UNDO, { token: doctor.token, json: { appointmentId } });
const cancelByDoctor = async (doctor: Doctor, appointmentId: string) =>
  expect((await h.call("POST", `${DOCTOR}/cancelAppointment`, { token: doctor.token, json: { appointmentId, reason: "Away" } })).status).toBe(200);
const row = async (id: string) => (await h.elsewhere("select status, scheduled_at from appointments where id = ?", [id])).rows[0] as unknown as { status: string; scheduled_at: number | null };
const undos = async (id: string) => Number((await h.elsewhere("select count(*) as n from audit_events where subject_id = ? and action = 'undo'", [id])).rows[0]!.n);

/** A confirmed meeting of `patient` with `doctor` at Monday `hours`:00. */
async function meeting(patient: Patient, doctor: Doctor, hours: number, forMemberId?: string): Promise<string> {
  const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "A cough", ...(forMemberId && { forMemberId }) } });
  expect(res.status).toBe(201);
  const id = res.body.appointment._id as string;
  expect((await h.schedule(doctor.token, id, patient.id, at(hours))).status).toBe(200);
  return id;
}

async function refusedAndUnchanged(doctor: Doctor, id: string, message: string) {
  const before = await row(id);
  const res = await undo(doctor, id);
  expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message });
  expect(await row(id)).toEqual(before);
  expect(await undos(id)).toBe(0);
}

describe("the undo keeps the patient's rules", () => {
  test("a cancel undone after the patient booked the same doctor again: 409, nothing changes", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await meeting(patient, doctor, 10);
    await cancelByDoctor(doctor, id);
    expect((await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "Still coughing" } })).status).toBe(201);
    await refusedAndUnchanged(doctor, id, OPEN_AGAIN);
  });

  test("a cancel undone after the patient took another doctor's meeting at that time: 409, nothing changes", async () => {
    const [doctor, other] = [await h.signupDoctor(), await h.signupDoctor()];
    const patient = await h.signupPatient();
    const id = await meeting(patient, doctor, 11);
    await cancelByDoctor(doctor, id);
    await meeting(patient, other, 11);
    await refusedAndUnchanged(doctor, id, PATIENT_BUSY);
  });

  test("a move undone back to a time the patient has filled since: 409, the meeting stays at its new time", async () => {
    const [doctor, other] = [await h.signupDoctor(), await h.signupDoctor()];
    const patient = await h.signupPatient();
    const pending = await h.book(patient.token, other.id);
    const id = await meeting(patient, doctor, 13);
    const moved = await h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: doctor.token, json: { appointmentId: id, scheduledDateTime: at(14).toISOString(), reason: "Clinic" } });
    expect(moved.status).toBe(200);
    expect((await h.schedule(other.token, pending, patient.id, at(13))).status).toBe(200);
    await refusedAndUnchanged(doctor, id, PATIENT_BUSY);
  });

  test("a family member's: their own new booking with the doctor refuses the undo; the holder's does not", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const member = (await h.call("POST", `${PATIENT}/family`, { token: patient.token, json: { name: "Aarav S", relation: "child", dateOfBirth: "2019-01-01" } })).body.member._id as string;
    const id = await meeting(patient, doctor, 15, member);
    await cancelByDoctor(doctor, id);
    expect((await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "Fever", forMemberId: member } })).status).toBe(201);
    await refusedAndUnchanged(doctor, id, OPEN_AGAIN);

    const sister = (await h.call("POST", `${PATIENT}/family`, { token: patient.token, json: { name: "Diya S", relation: "child", dateOfBirth: "2017-01-01" } })).body.member._id as string;
    const hers = await meeting(patient, doctor, 16, sister);
    await cancelByDoctor(doctor, hers);
    expect((await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "A rash" } })).status).toBe(201);
    expect((await undo(doctor, hers)).status).toBe(200);
  });

  test("with nothing in the way the undo still works", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await meeting(patient, doctor, 17);
    await cancelByDoctor(doctor, id);
    expect((await undo(doctor, id)).status).toBe(200);
    expect((await row(id)).status).toBe("confirmed");
  });
});
