/**
 * Issue 58's known mix of activity, run through the JSON API with the app's clock moved: the
 * stats tests check the totals kept with each change against those rebuilt from the rows, and the
 * admin's and doctors' numbers against what this run did. Times are planned from `monday` (00:00
 * UTC); the deployment's zone is Asia/Kolkata (+05:30), so Saturday 00:00 UTC is Saturday 05:30 there.
 */
import { expect } from "bun:test";
import type { Doctor, Harness, Patient } from "./harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";

/** What the run made, for the tests' own checks. */
export type Run = { a: Doctor; b: Doctor; c: Doctor; p1: Patient; p2: Patient; p3: Patient };

/** The environment the run needs: an undo window, no notice before a booking, 30-minute meetings. */
export const RUN_ENV = { UNDO_SECONDS: "300", BOOKING_NOTICE_MINUTES: "0", CONSULT_MINUTES: "30", DEFAULT_TIME_ZONE: "Asia/Kolkata" };

/**
 * The run, all by the Kolkata calendar: on Saturday 3 doctors (a by request; b with instant
 * booking, Mondays 09:00-12:00 UTC; c, blocked later) and 3 patients sign up; 4 requests are made
 * to a (one for p1's child: a family member's visit) and 1 to c; a schedules two of them (p1's at once
 * for Monday, then moves it to Tuesday, cancels it, undoes the cancel, and p1 cancels the moved
 * meeting; p2's for Monday 11:00 UTC); p3 books b's Monday 09:00 UTC at once; the admin blocks c
 * (its request cancelled by the admin). On Monday at 12:00 UTC, a marks p2 missed, then attended.
 */
export async function mixedRun(h: Harness, monday: Date, setClock: (at: Date) => void): Promise<Run> {
  const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
  const ok = async (res: Promise<{ status: number; text: string }>, status = 200) => {
    const answer = await res;
    expect({ status: answer.status, text: answer.status === status ? "" : answer.text }).toEqual({ status, text: "" });
  };
  setClock(at(-48));
  const a = await h.signupDoctor({ name: "Asha Rao", specialization: "Cardiologist" });
  const b = await h.signupDoctor({ name: "Bina Das", specialization: "Dermatologist" });
  const c = await h.signupDoctor({ name: "Chetan Jain", specialization: "Cardiologist" });
  await ok(h.call("PUT", `${DOCTOR}/availability`, { token: b.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "12:00" }], daysOff: [], instantBooking: true } }));
  const p1 = await h.signupPatient("Priya S");
  const p2 = await h.signupPatient("Ravi K");
  const p3 = await h.signupPatient("Meena T");

  const first = await h.book(p1.token, a.id);
  await ok(h.schedule(a.token, first, p1.id, at(10)));
  setClock(at(-47));
  // A move across days (Monday to Tuesday), the doctor's cancel, its undo, then the patient's cancel of the moved meeting.
  await ok(h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: a.token, json: { appointmentId: first, scheduledDateTime: at(34).toISOString(), reason: "A clash" } }));
  await ok(h.call("POST", `${DOCTOR}/cancelAppointment`, { token: a.token, json: { appointmentId: first, reason: "Unwell" } }));
  await ok(h.call("POST", `${DOCTOR}/undo`, { token: a.token, json: { appointmentId: first } }));
  await ok(h.call("POST", `${PATIENT}/cancelAppointment`, { token: p1.token, json: { appointmentId: first, reason: "Better now" } }));

  const second = await h.book(p2.token, a.id);
  // Confirmed two hours after the request (the first was confirmed at once): a median wait of 1 hour.
  setClock(at(-45));
  await ok(h.schedule(a.token, second, p2.id, at(11)));
  const member = await h.call("POST", `${PATIENT}/family`, { token: p1.token, json: { name: "Aarav S", relation: "child", dateOfBirth: "2018-01-01" } });
  expect(member.status).toBe(201);
  await ok(h.call("POST", `${PATIENT}/bookAppointment`, { token: p1.token, json: { doctorId: a.id, reason: "A fever for two days", forMemberId: member.body.member._id } }), 201);
  await h.book(p3.token, a.id);
  await h.book(p3.token, c.id);
  await ok(h.call("POST", `${PATIENT}/bookAppointment`, { token: p3.token, json: { doctorId: b.id, reason: "A rash", slotStart: at(9).toISOString() } }), 201);
  await h.setDoctorStatus(c.id, "blocked");

  // Monday, after p2's meeting: missed, then attended after all.
  setClock(at(12));
  await ok(h.call("POST", `${DOCTOR}/markAttendance`, { token: a.token, json: { appointmentId: second, attended: false } }));
  await ok(h.call("POST", `${DOCTOR}/markAttendance`, { token: a.token, json: { appointmentId: second, attended: true } }));
  return { a, b, c, p1, p2, p3 };
}

/** The kept totals, as rows with a count (a change and its undo leave a 0 behind), sorted. */
export async function keptTotals(h: Harness) {
  const rows = await h.elsewhere("select doctor_id, day, metric, n from daily_totals where n <> 0 order by doctor_id, day, metric");
  return rows.rows.map((r) => ({ doctorId: r.doctor_id as string, day: r.day as string, metric: r.metric as string, n: Number(r.n) }));
}
