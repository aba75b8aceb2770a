/**
 * Races (STYLE lesson 10: a transition that reads then writes runs in one transaction, so two
 * requests can never both win). CONSULT_MINUTES is 0.02 (1.2 s) so a visit can end in the test.
 * Each race's outcome is the one-at-a-time outcome (one winner, the rest 409), checked through the
 * API and in the database; no request may fail with a 5xx or a database error. The visit's end
 * is reached by moving the app's clock (deps.now), not by waiting for it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";

const SLOT_MS = 0.02 * 60_000;
const N = 50;
/** 50 signups hash 50 passwords on a shared machine: give each race room. */
const RACE_TIMEOUT_MS = 60_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "0.02" });
});
afterAll(() => h.stop());

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function rows(sql: string, args: string[]): Promise<Record<string, unknown>[]> {
  return (await h.deps.database.client.execute({ sql, args })).rows as unknown as Record<string, unknown>[];
}

test(`${N} parallel schedules of overlapping slots of one doctor: exactly one confirmed, ${N - 1} answered 409`, async () => {
  const doctor = await h.signupDoctor({ name: "Dr Busy" });
  const patients = await Promise.all(Array.from({ length: N }, (_, i) => h.signupPatient(`Racer ${i}`)));
  const appointments = await Promise.all(patients.map((p) => h.book(p.token, doctor.id)));
  const base = Date.now() + 3_600_000;
  // Half at the very same time, half staggered by 20 ms (at most 980 ms): every pair of 1.2 s slots overlaps.
  const results = await Promise.all(
    patients.map((p, i) => h.schedule(doctor.token, appointments[i]!, p.id, new Date(base + (i % 2 === 0 ? 0 : i * 20)))),
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
}, RACE_TIMEOUT_MS);

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
}, RACE_TIMEOUT_MS);

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
  const stored = await rows("SELECT id, status FROM appointments WHERE patient_id = ? AND doctor_id = ?", [patient.id, doctor.id]);
  expect(stored).toEqual([{ id: results.find((r) => r.status === 201)!.body.appointment._id, status: "pending" }]);
}, RACE_TIMEOUT_MS);

test(`${N} parallel bookings of one doctor by ${N} different patients: all ${N} succeed (no spurious failure)`, async () => {
  const doctor = await h.signupDoctor();
  const patients = await Promise.all(Array.from({ length: N }, (_, i) => h.signupPatient(`Crowd ${i}`)));
  const results = await Promise.all(
    patients.map((p) =>
      h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: p.token, json: { doctorId: doctor.id, reason: "Crowded" } }),
    ),
  );
  expect(count(results.map((r) => r.status), 201)).toBe(N);
  const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
  expect(pending.body.appointments).toHaveLength(N);
}, RACE_TIMEOUT_MS);

test(`${N} parallel cancellations of one confirmed appointment, patient and doctor racing: exactly one 200, the rest 409`, async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id);
  expect((await h.schedule(doctor.token, id, patient.id, new Date(Date.now() + 3_600_000))).status).toBe(200);
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) => {
      const side = i % 2 === 0 ? "patient" : "doctor";
      return h
        .call("POST", `/api/auth/${side}-dashboard/cancelAppointment`, {
          token: side === "patient" ? patient.token : doctor.token,
          json: { appointmentId: id, reason: `${side} ${i}` },
        })
        .then((r) => ({ ...r, side, reason: `${side} ${i}` }));
    }),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: expect.any(String) });
  // The stored cancellation is the winner's: its side and its reason, written once.
  const winner = results.find((r) => r.status === 200)!;
  const stored = await rows("SELECT status, cancelled_by, cancel_reason FROM appointments WHERE id = ?", [id]);
  expect(stored).toEqual([{ status: "cancelled", cancelled_by: winner.side, cancel_reason: winner.reason }]);
  for (const token of [patient.token, doctor.token]) {
    const meetings = await h.call("GET", `/api/auth/${token === patient.token ? "patient" : "doctor"}-dashboard/${token === patient.token ? "patient" : "doctor"}-meetings`, { token });
    expect(meetings.body.appointments).toEqual([]);
  }
}, RACE_TIMEOUT_MS);

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
}, RACE_TIMEOUT_MS);

test(`${N} parallel feedback submissions on one completed appointment: exactly one 201`, async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id);
  const start = new Date(h.deps.now().getTime() + 60_000);
  expect((await h.schedule(doctor.token, id, patient.id, start)).status).toBe(200);
  // The visit ends: the app's clock is moved just past it (and runs on) rather than waited for.
  clockBefore(h, new Date(start.getTime() + SLOT_MS + 200), 0);

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
  expect(await rows("SELECT count(*) AS n FROM feedback WHERE appointment_id = ?", [id])).toEqual([{ n: 1 }]);
}, RACE_TIMEOUT_MS);

test("no answer in this file was a 500", () => {
  expect(h.transcript.length).toBeGreaterThan(5 * N);
  expect(h.transcript.filter((a) => a.status >= 500)).toEqual([]);
  // No refusal carried a database error through as its message.
  expect(h.transcript.filter((a) => a.status >= 400 && /SQLITE|database|constraint|locked|busy/i.test(a.text))).toEqual([]);
}, RACE_TIMEOUT_MS);

test("the database is intact after the races", async () => {
  expect(await rows("PRAGMA integrity_check", [])).toEqual([{ integrity_check: "ok" }]);
  expect(await rows("PRAGMA foreign_key_check", [])).toEqual([]);
}, RACE_TIMEOUT_MS);
