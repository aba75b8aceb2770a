/**
 * Completed appointments (docs/decisions.md: completion is derived from time, the app's clock
 * deps.now). CONSULT_MINUTES is 0.02 (1.2 s): an appointment scheduled a minute ahead is over once
 * the app's clock has passed its start and 1.2 s; the clock is moved there rather than waited for
 * (a meeting one second ahead, as this file once had, could begin before its setup was done on a
 * loaded machine).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

const SLOT_MS = 0.02 * 60_000;

let h: Harness;
let patient: Patient;
let stranger: Patient;
let doctor: Doctor;
let otherDoctor: Doctor;
let done: string; // completed, feedback given in the tests
let cancelledLate: string; // confirmed, then cancelled before it ended
let start: Date;
let meetLink: string;
let realNow: () => Date;

const patientList = async (token = patient.token) =>
  (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token })).body.appointments as any[];
const doctorMeetings = async (token = doctor.token) =>
  (await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token })).body.appointments as any[];
const feedback = (token: string, appointmentId: string, message = "Thorough and kind.") =>
  h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token, json: { appointmentId, message } });

/** The status badges a meetings page shows, in order. */
const pageBadges = async (path: string, token: string) => {
  const html = await (await h.app.request(path, { headers: { cookie: `carebook_session=${token}` } })).text();
  return [...html.matchAll(/class="badge (badge-\w+)"/g)].map((m) => m[1]);
};

beforeAll(async () => {
  // A meeting a minute away: no change window (issue 40), so the patient may still cancel it.
  h = await startHarness({ CONSULT_MINUTES: "0.02", CHANGE_NOTICE_MINUTES: "0" });
  [patient, stranger, doctor, otherDoctor] = await Promise.all([
    h.signupPatient("Cora Completed"),
    h.signupPatient("Stan Stranger"),
    h.signupDoctor({ name: "Dr Done", specialization: "Nephrologist" }),
    h.signupDoctor({ name: "Dr Other" }),
  ]);
  done = await h.book(patient.token, doctor.id, "Kidney check");
  cancelledLate = await h.book(patient.token, otherDoctor.id, "Second opinion");
  start = new Date(h.deps.now().getTime() + 60_000);
  const res = await h.schedule(doctor.token, done, patient.id, start);
  expect(res.status).toBe(200);
  meetLink = res.body.meetLink;
  expect((await h.schedule(otherDoctor.token, cancelledLate, patient.id, start)).status).toBe(200);

  // Before the slot ends: confirmed, and feedback is refused. The pages are read now too, so that
  // what they keep (their islands, per lists version) must give way when the slot ends.
  expect(await pageBadges("/patient-dashboard/patient-meetings", patient.token)).toContain("badge-confirmed");
  expect(await pageBadges("/doctor-dashboard/doctor-Meetings", doctor.token)).toContain("badge-confirmed");
  expect((await patientList()).find((a) => a._id === done).status).toBe("confirmed");
  expect((await doctorMeetings()).find((a) => a._id === done).status).toBe("confirmed");
  expect((await feedback(patient.token, done)).status).toBe(409);
  expect(
    (await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: cancelledLate, reason: "Cannot come" } })).status,
  ).toBe(200);

  // The slot ends: the app's clock moves to just after it, and runs on from there.
  realNow = h.deps.now;
  const offset = start.getTime() + SLOT_MS + 250 - realNow().getTime();
  h.deps.now = () => new Date(realNow().getTime() + offset);
}, 30_000);
afterAll(async () => {
  if (realNow) h.deps.now = realNow;
  await h.stop();
});

describe("once the slot has ended", () => {
  test("the status reads 'completed' in the patient's and the doctor's lists", async () => {
    const mine = await patientList();
    expect(mine.map((a) => a._id)).toEqual([done]); // the cancelled one is listed nowhere
    expect(mine[0]).toMatchObject({ status: "completed", scheduledAt: start.toISOString(), meetLink, hasFeedback: false });
    // The pages also tell the cancelled one's story under "Past and cancelled" (issue 27); never as confirmed.
    expect((await pageBadges("/patient-dashboard/patient-meetings", patient.token)).sort()).toEqual(["badge-cancelled", "badge-completed"]);
    expect(await pageBadges("/doctor-dashboard/doctor-Meetings", doctor.token)).toContain("badge-completed");
    expect(await pageBadges("/doctor-dashboard/doctor-Meetings", doctor.token)).not.toContain("badge-confirmed");
    const theirs = await doctorMeetings();
    expect(theirs.map((a) => a._id)).toEqual([done]);
    expect(theirs[0]).toMatchObject({ status: "completed", scheduledAt: start.toISOString() });
    expect(await doctorMeetings(otherDoctor.token)).toEqual([]);
    const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
    expect(pending.body.appointments).toEqual([]);
  });

  test("it can no longer be scheduled or cancelled by either side (409)", async () => {
    const schedule = await h.schedule(doctor.token, done, patient.id, new Date(h.deps.now().getTime() + 3_600_000));
    expect(schedule.status).toBe(409);
    const byPatient = await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: done, reason: "late" } });
    expect(byPatient.status).toBe(409);
    const byDoctor = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: done, reason: "late" } });
    expect(byDoctor.status).toBe(409);
    expect((await patientList())[0].status).toBe("completed");
  });

  test("a cancelled appointment whose time has passed does not become completed and takes no feedback", async () => {
    expect((await feedback(patient.token, cancelledLate)).status).toBe(409);
    expect((await patientList()).map((a) => a._id)).not.toContain(cancelledLate);
  });

  test("another patient's feedback on it is 404", async () => {
    const theirs = await feedback(stranger.token, done);
    const missing = await feedback(stranger.token, crypto.randomUUID());
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });

  test("feedback is accepted once (201 { message, feedback }), the second time 409", async () => {
    const res = await feedback(patient.token, done, "  Clear explanation, thank you.  ");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: expect.any(String),
      // issue 41's additions: no rating, not published (the original client sends neither)
      feedback: { _id: expect.any(String), appointment: { _id: done }, message: "Clear explanation, thank you.", createdAt: expect.any(String), rating: null, published: false },
    });
    expect(new Date(res.body.feedback.createdAt).toISOString()).toBe(res.body.feedback.createdAt);

    const again = await feedback(patient.token, done, "Changed my mind");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });

    expect((await patientList())[0].hasFeedback).toBe(true);

    const list = await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      feedbacks: [
        {
          _id: res.body.feedback._id,
          appointment: { _id: done, scheduledAt: start.toISOString(), status: "completed" },
          message: "Clear explanation, thank you.",
          createdAt: res.body.feedback.createdAt,
          rating: null,
          published: false,
          reply: null,
          hidden: null,
        },
      ],
    });
    const otherList = await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: otherDoctor.token });
    expect(otherList.body).toEqual({ feedbacks: [] });
  });

  test("after a completed visit the patient may book the same doctor again", async () => {
    const res = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Follow-up" } });
    expect(res.status).toBe(201);
    const again = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Another" } });
    expect(again.status).toBe(409);
  });

  test("a new appointment cannot be scheduled at the past slot time (400) but can be shortly ahead", async () => {
    const p = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: stranger.token, json: { doctorId: doctor.id, reason: "New" } });
    expect(p.status).toBe(201);
    const past = await h.schedule(doctor.token, p.body.appointment._id, stranger.id, start);
    expect(past.status).toBe(400);
    const soon = await h.schedule(doctor.token, p.body.appointment._id, stranger.id, new Date(h.deps.now().getTime() + 60_000));
    expect(soon.status).toBe(200);
  });
});
