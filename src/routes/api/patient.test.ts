/**
 * The patient's calls (SPEC §7, SERVER-RULES §2 and §4): the directory, booking, meetings,
 * cancelling and feedback, with every refusal of the appointment state machine a patient can meet
 * before a visit is over (completed visits: completion.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inMinutes, startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

let h: Harness;
let patient: Patient;
let other: Patient;
let doctor: Doctor;

beforeAll(async () => {
  h = await startHarness();
  [patient, other, doctor] = await Promise.all([
    h.signupPatient("Pia Patient"),
    h.signupPatient("Otto Other"),
    h.signupDoctor({ name: "Dr Main", specialization: "Dermatologist" }),
  ]);
});
afterAll(() => h.stop());

const meetings = async (token: string) => (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token })).body;
const cancel = (token: string, appointmentId: string, reason = "Feeling better") =>
  h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token, json: { appointmentId, reason } });
const feedback = (token: string, appointmentId: string, message = "Very helpful") =>
  h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token, json: { appointmentId, message } });
const bookRaw = (token: string, doctorId: string, reason = "Rash on my arm") =>
  h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token, json: { doctorId, reason } });

describe("GET patient-dashboard/doctors", () => {
  test("a bare array of approved doctors only, with _id, name, specialization, collegeName, profileImage, rating (issue 41) and no email", async () => {
    const [pending, rejected, blocked, approved] = await Promise.all([
      h.signupDoctor({ name: "Dr Pending", approve: false }),
      h.signupDoctor({ name: "Dr Rejected", status: "rejected" }),
      h.signupDoctor({ name: "Dr Blocked", status: "blocked" }),
      h.signupDoctor({ name: "Dr Approved Too", specialization: "ENT Specialist" }),
    ]);
    const res = await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((d: { _id: string }) => d._id);
    expect(ids).toContain(doctor.id);
    expect(ids).toContain(approved.id);
    for (const hidden of [pending, rejected, blocked]) expect(ids).not.toContain(hidden.id);
    for (const d of res.body) expect(Object.keys(d).sort()).toEqual(["_id", "collegeName", "name", "profileImage", "rating", "specialization"]);
    expect(res.body.find((d: { _id: string }) => d._id === approved.id)).toEqual({
      _id: approved.id,
      name: "Dr Approved Too",
      specialization: "ENT Specialist",
      collegeName: "City Medical College",
      profileImage: null,
      rating: { average: null, count: 0 },
    });
    expect(res.text).not.toContain("@example.com");
  });
});

describe("booking", () => {
  test("201 { message, appointment } with the pending appointment", async () => {
    const fresh = await h.signupPatient("Bea Booker");
    const res = await bookRaw(fresh.token, doctor.id, "  Itchy skin for two weeks  ");
    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.appointment).toMatchObject({
      _id: expect.any(String),
      status: "pending",
      reason: "Itchy skin for two weeks",
      scheduledAt: null,
      meetLink: null,
      doctor: { _id: doctor.id },
      patient: { _id: fresh.id, name: "Bea Booker", email: fresh.email },
    });
    const list = await meetings(fresh.token);
    expect(list.appointments.map((a: { _id: string }) => a._id)).toEqual([res.body.appointment._id]);
  });

  test("a second open appointment with the same doctor is 409, pending or confirmed; after a cancel it is allowed", async () => {
    const p = await h.signupPatient();
    const first = await h.book(p.token, doctor.id);
    const again = await bookRaw(p.token, doctor.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });

    expect((await h.schedule(doctor.token, first, p.id, inMinutes(600))).status).toBe(200);
    expect((await bookRaw(p.token, doctor.id)).status).toBe(409);

    // Another doctor is fine meanwhile.
    const second = await h.signupDoctor({ name: "Dr Second" });
    expect((await bookRaw(p.token, second.id)).status).toBe(201);

    expect((await cancel(p.token, first)).status).toBe(200);
    expect((await bookRaw(p.token, doctor.id)).status).toBe(201);
  });

  test("an unapproved or unknown doctor is 404", async () => {
    const [pending, rejected, blocked] = await Promise.all([
      h.signupDoctor({ approve: false }),
      h.signupDoctor({ status: "rejected" }),
      h.signupDoctor({ status: "blocked" }),
    ]);
    for (const id of [pending.id, rejected.id, blocked.id, crypto.randomUUID(), "nope", patient.id]) {
      const res = await bookRaw(patient.token, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Doctor not found" });
    }
  });
});

describe("GET patient-dashboard/patient-meetings", () => {
  test("empty: { message: 'No meetings found.', appointments: [] }", async () => {
    const res = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "No meetings found.", appointments: [] });
  });

  test("the list shape, with hasFeedback; scheduled by time first, then pending by request time", async () => {
    const p = await h.signupPatient("Lister");
    const [d1, d2, d3, d4] = await Promise.all([
      h.signupDoctor({ name: "Dr One", specialization: "Urologist" }),
      h.signupDoctor({ name: "Dr Two" }),
      h.signupDoctor({ name: "Dr Three" }),
      h.signupDoctor({ name: "Dr Four" }),
    ]);
    const a1 = await h.book(p.token, d1.id, "first request");
    const a2 = await h.book(p.token, d2.id, "second request");
    const a3 = await h.book(p.token, d3.id, "third request");
    const a4 = await h.book(p.token, d4.id, "fourth request");
    const late = inMinutes(300);
    const early = inMinutes(120);
    expect((await h.schedule(d3.token, a3, p.id, late)).status).toBe(200);
    const scheduled = await h.schedule(d4.token, a4, p.id, early);
    expect(scheduled.status).toBe(200);

    const res = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: p.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.appointments.map((a: { _id: string }) => a._id)).toEqual([a4, a3, a1, a2]);
    const [first] = res.body.appointments;
    expect(first).toMatchObject({
      _id: a4,
      status: "confirmed",
      reason: "fourth request",
      scheduledAt: early.toISOString(),
      meetLink: scheduled.body.meetLink,
      patient: { _id: p.id, name: "Lister", email: p.email },
      doctor: { _id: d4.id, name: "Dr Four", specialization: "Cardiologist" },
      hasFeedback: false,
    });
    const pendingOne = res.body.appointments[2];
    expect(pendingOne).toMatchObject({ status: "pending", scheduledAt: null, meetLink: null, hasFeedback: false });
    expect(pendingOne.doctor).toEqual({ _id: d1.id, name: "Dr One", specialization: "Urologist" });
    expect(res.text).not.toContain(other.email);
  });
});

describe("cancelling", () => {
  test("from pending: 200 { message, appointmentId }; then listed nowhere; again 409", async () => {
    const p = await h.signupPatient();
    const id = await h.book(p.token, doctor.id);
    const res = await cancel(p.token, id, "Found another doctor");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), appointmentId: id });
    expect((await meetings(p.token)).appointments).toEqual([]);
    const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
    expect(pending.body.appointments.map((a: { _id: string }) => a._id)).not.toContain(id);
    const again = await cancel(p.token, id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });
  });

  test("from confirmed: 200; then in neither the patient's nor the doctor's meetings", async () => {
    const p = await h.signupPatient();
    const id = await h.book(p.token, doctor.id);
    expect((await h.schedule(doctor.token, id, p.id, inMinutes(900))).status).toBe(200);
    expect((await cancel(p.token, id)).status).toBe(200);
    expect((await meetings(p.token)).appointments).toEqual([]);
    const doctorMeetings = await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token });
    expect(doctorMeetings.body.appointments.map((a: { _id: string }) => a._id)).not.toContain(id);
    expect((await cancel(p.token, id)).status).toBe(409);
    // A doctor cannot schedule it back either.
    expect((await h.schedule(doctor.token, id, p.id, inMinutes(1000))).status).toBe(409);
  });

  test("after the doctor cancelled it, the patient's cancel is 409", async () => {
    const p = await h.signupPatient();
    const id = await h.book(p.token, doctor.id);
    const byDoctor = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason: "On leave" } });
    expect(byDoctor.status).toBe(200);
    expect((await cancel(p.token, id)).status).toBe(409);
  });
});

describe("feedback before the visit is over", () => {
  test("on pending, confirmed and cancelled appointments: 409, and nothing is recorded", async () => {
    const p = await h.signupPatient();
    const id = await h.book(p.token, doctor.id);
    const onPending = await feedback(p.token, id);
    expect(onPending.status).toBe(409);
    expect(onPending.body).toEqual({ message: expect.any(String) });
    expect((await h.schedule(doctor.token, id, p.id, inMinutes(1200))).status).toBe(200);
    expect((await feedback(p.token, id)).status).toBe(409);
    expect((await meetings(p.token)).appointments[0].hasFeedback).toBe(false);
    expect((await cancel(p.token, id)).status).toBe(200);
    expect((await feedback(p.token, id)).status).toBe(409);
    const feedbacks = await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token });
    expect(feedbacks.body).toEqual({ feedbacks: [] });
  });
});

describe("another patient's appointment is 404, exactly like one that does not exist", () => {
  test("cancel and feedback", async () => {
    const id = await h.book(patient.token, doctor.id, "mine");
    const missing = crypto.randomUUID();
    const cancelMissing = await cancel(other.token, missing);
    const feedbackMissing = await feedback(other.token, missing);
    expect(cancelMissing.status).toBe(404);
    expect(feedbackMissing.status).toBe(404);

    const cancelTheirs = await cancel(other.token, id);
    const feedbackTheirs = await feedback(other.token, id);
    expect({ status: cancelTheirs.status, body: cancelTheirs.body }).toEqual({ status: 404, body: cancelMissing.body });
    expect({ status: feedbackTheirs.status, body: feedbackTheirs.body }).toEqual({ status: 404, body: feedbackMissing.body });

    // Untouched: still pending for its owner.
    const mine = (await meetings(patient.token)).appointments.find((a: { _id: string }) => a._id === id);
    expect(mine.status).toBe("pending");
  });
});
