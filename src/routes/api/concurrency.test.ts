/**
 * Races (STYLE lesson 10: a transition that reads then writes runs in one transaction, so two
 * requests can never both win). CONSULT_MINUTES is 0.02 (1.2 s) so a visit can end in the test.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, sleep, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";

const SLOT_MS = 0.02 * 60_000;
const N = 20;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "0.02" });
});
afterAll(() => h.stop());

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test(`${N} parallel schedules of overlapping slots of one doctor: exactly one confirmed, ${N - 1} answered 409`, async () => {
  const doctor = await h.signupDoctor({ name: "Dr Busy" });
  const patients = await Promise.all(Array.from({ length: N }, (_, i) => h.signupPatient(`Racer ${i}`)));
  const appointments = await Promise.all(patients.map((p) => h.book(p.token, doctor.id)));
  const base = Date.now() + 3_600_000;
  // Half at the very same time, half staggered by 50 ms: every pair of 1.2 s slots overlaps.
  const results = await Promise.all(
    patients.map((p, i) => h.schedule(doctor.token, appointments[i]!, p.id, new Date(base + (i % 2 === 0 ? 0 : i * 50)))),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: expect.any(String) });

  const meetings = await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token });
  expect(meetings.body.appointments).toHaveLength(1);
  expect(meetings.body.appointments[0]._id).toBe(appointments[statuses.indexOf(200)]);
  const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
  expect(pending.body.appointments).toHaveLength(N - 1);
});

test(`${N} parallel schedules of one appointment: exactly one wins, the rest 409`, async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id);
  const base = Date.now() + 7_200_000;
  // Far-apart times: only the state machine (pending -> confirmed once) can refuse them.
  const results = await Promise.all(Array.from({ length: N }, (_, i) => h.schedule(doctor.token, id, patient.id, new Date(base + i * 3_600_000))));
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
});

test(`${N} parallel bookings of one doctor by one patient: exactly one 201`, async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const results = await Promise.all(
    Array.from({ length: N }, () =>
      h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Racing" } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 201)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const meetings = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
  expect(meetings.body.appointments).toHaveLength(1);
});

test(`${N} parallel signups with one email: exactly one 201, the rest 409`, async () => {
  const email = uniqueEmail("race");
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      h.call("POST", "/api/auth/signupPatient", { json: { name: `Twin ${i}`, email: i % 2 ? email.toUpperCase() : email, password: PASSWORD } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 201)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
});

test(`${N} parallel feedback submissions on one completed appointment: exactly one 201`, async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id);
  const start = new Date(Date.now() + 1000);
  expect((await h.schedule(doctor.token, id, patient.id, start)).status).toBe(200);
  await sleep(start.getTime() + SLOT_MS + 200 - Date.now());

  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: id, message: `Feedback ${i}` } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 201)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const feedbacks = await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token });
  expect(feedbacks.body.feedbacks).toHaveLength(1);
  expect(feedbacks.body.feedbacks[0].message).toBe(results.find((r) => r.status === 201)!.body.feedback.message);
});

test("no answer in this file was a 500", () => {
  expect(h.transcript.length).toBeGreaterThan(5 * N);
  expect(h.transcript.filter((a) => a.status >= 500)).toEqual([]);
});
