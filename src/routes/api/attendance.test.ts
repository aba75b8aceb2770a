/**
 * Issue 40 item 4, attendance, through the API and the doctor's meetings page: the doctor marks
 * a meeting attended or missed from its start (before: 409) until 7 days after its end (after:
 * 409), and may mark it again; a missed one reads "noshow" in both lists ("Missed" on the pages)
 * and takes no feedback; each mark is in the audit trail; a patient with 2 no-shows in 90 days
 * cannot book instantly (409 saying why) but can still send requests. Planned from the next
 * Monday (UTC): hours 09:00 to 17:00, 30-minute consultations, meetings booked at once at
 * 10:00 with the app's clock at 00:00; the clock is then moved per test.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { atClock as clockAt } from "../../../tests/support/clock";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const DAY = 24 * 3600_000;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const TOO_EARLY = "This appointment has not started: attendance can be marked from its start";
const TOO_LATE = "Attendance can be marked only until 7 days after the appointment";
const NO_SHOWS = "You missed 2 or more appointments in the last 90 days, so you cannot book a time instantly: send a request and the doctor will choose a time";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

const atClock = <T>(when: Date, fn: () => Promise<T>) => clockAt(h.deps, when, fn);

async function instantDoctor(): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  return doctor;
}

const bookAt = (patient: Patient, doctor: Doctor, start: Date) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "A cough that will not go", slotStart: start.toISOString() } });

/** A meeting booked at once for Monday 10:00 to 10:30. */
async function meetingAtTen(patient?: Patient) {
  const [who, doctor] = [patient ?? (await h.signupPatient()), await instantDoctor()];
  const res = await bookAt(who, doctor, at(10));
  expect(res.status).toBe(201);
  return { patient: who, doctor, id: res.body.appointment._id as string };
}

const mark = (doctor: Doctor, appointmentId: string, attended: boolean, when: Date) =>
  atClock(when, () => h.call("POST", `${DOCTOR}/markAttendance`, { token: doctor.token, json: { appointmentId, attended } }));
const statusFor = async (token: string, role: "patient" | "doctor", id: string, when: Date) => {
  const path = role === "patient" ? `${PATIENT}/patient-meetings` : `${DOCTOR}/doctor-meetings`;
  const list = (await atClock(when, () => h.call("GET", path, { token }))).body.appointments as { _id: string; status: string }[];
  return list.find((a) => a._id === id)?.status;
};

describe("marking attendance", () => {
  test("before the start 409; at the start a no-show, read as noshow on both sides; the audit trail keeps it", async () => {
    const { patient, doctor, id } = await meetingAtTen();
    const early = await mark(doctor, id, false, new Date(at(10).getTime() - 60_000));
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 409, message: TOO_EARLY });
    const res = await mark(doctor, id, false, at(10));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Attendance marked", appointmentId: id, status: "noshow" });
    expect(await statusFor(patient.token, "patient", id, at(11))).toBe("noshow");
    expect(await statusFor(doctor.token, "doctor", id, at(11))).toBe("noshow");
    const audit = await h.elsewhere("select actor_role, action, from_status, to_status from audit_events where subject_id = ? and actor_role = 'doctor'", [id]);
    expect(audit.rows.map((r) => [r.actor_role, r.action, r.from_status, r.to_status])).toEqual([["doctor", "noshow", "confirmed", "noshow"]]);
  });

  test("7 days after the end it can still be marked; a minute later, 409", async () => {
    const { doctor, id } = await meetingAtTen();
    const lastMoment = new Date(at(10.5).getTime() + 7 * DAY);
    expect((await mark(doctor, id, true, lastMoment)).body).toMatchObject({ status: "completed" });
    const late = await mark(doctor, id, false, new Date(lastMoment.getTime() + 60_000));
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 409, message: TOO_LATE });
  });

  test("marking again undoes: missed, then attended, reads completed; each mark in the audit trail", async () => {
    const { patient, doctor, id } = await meetingAtTen();
    expect((await mark(doctor, id, false, at(12))).body.status).toBe("noshow");
    expect((await mark(doctor, id, true, at(13))).body.status).toBe("completed");
    expect(await statusFor(patient.token, "patient", id, at(14))).toBe("completed");
    const audit = await h.elsewhere("select action from audit_events where subject_id = ? and actor_role = 'doctor' order by at", [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(["noshow", "attended"]);
  });

  test("a missed meeting takes no feedback (409); once marked attended it does", async () => {
    const { patient, doctor, id } = await meetingAtTen();
    await mark(doctor, id, false, at(11));
    const give = () => atClock(at(12), () => h.call("POST", `${PATIENT}/giveFeedback`, { token: patient.token, json: { appointmentId: id, message: "Thank you" } }));
    const refused = await give();
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: "Feedback can be given only on a completed appointment; this one is noshow" });
    await mark(doctor, id, true, at(11.5));
    expect((await give()).status).toBe(201);
  });

  test("another doctor's meeting or none: 404; a pending request: 409; a bad body: 400", async () => {
    const { id } = await meetingAtTen();
    const other = await instantDoctor();
    expect((await mark(other, id, false, at(11))).status).toBe(404);
    expect((await mark(other, crypto.randomUUID(), false, at(11))).status).toBe(404);
    const asker = await h.signupPatient();
    const requested = await h.call("POST", `${PATIENT}/bookAppointment`, { token: asker.token, json: { doctorId: other.id, reason: "A cough that will not go" } });
    expect((await mark(other, requested.body.appointment._id, false, at(11))).status).toBe(409);
    const bad = await h.call("POST", `${DOCTOR}/markAttendance`, { token: other.token, json: { appointmentId: id, attended: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/attended/);
  });
});

describe("the no-show rule", () => {
  test("one no-show: still books instantly; two within 90 days: 409 naming why, but a request still goes; one of them older than 90 days: books again", async () => {
    const patient = await h.signupPatient();
    const first = await meetingAtTen(patient);
    await mark(first.doctor, first.id, false, at(11));
    const tuesday = at(24 + 10);
    expect((await atClock(at(12), () => bookAt(patient, first.doctor, tuesday))).status).toBe(201);

    const second = await meetingAtTen(patient);
    await mark(second.doctor, second.id, false, at(11));
    const next = await instantDoctor();
    const refused = await atClock(at(12), () => bookAt(patient, next, tuesday));
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: NO_SHOWS });
    const request = await atClock(at(12), () => h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: next.id, reason: "A cough that will not go" } }));
    expect(request.status).toBe(201);
    expect(request.body.appointment.status).toBe("pending");

    // 90 days on (the first no-show now 90 days and a minute old), the patient books at once again.
    const later = await instantDoctor();
    await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [at(10).getTime() - 90 * DAY - 60_000, at(10.5).getTime() - 90 * DAY - 60_000, first.id]);
    expect((await atClock(at(12), () => bookAt(patient, later, tuesday))).status).toBe(201);
  });
});

describe("the meetings pages", () => {
  const cookie = (token: string) => ({ cookie: `carebook_session=${token}` });
  const page = (path: string, token: string, when: Date) => atClock(when, async () => (await h.app.request(path, { headers: cookie(token) })).text());

  test("the doctor's past meeting has the attendance form; its post marks it (303 to the notice); both pages say Missed, no feedback form", async () => {
    const { patient, doctor, id } = await meetingAtTen();
    expect(await page("/doctor-dashboard/doctor-Meetings", doctor.token, at(9))).not.toContain('action="/doctor-dashboard/doctor-Meetings/attendance"');
    const before = await page("/doctor-dashboard/doctor-Meetings", doctor.token, at(11));
    expect(before).toContain('action="/doctor-dashboard/doctor-Meetings/attendance"');
    expect(before).toContain("Did the patient attend?");
    const res = await atClock(at(11), async () =>
      h.app.request("/doctor-dashboard/doctor-Meetings/attendance", { method: "POST", headers: { origin: "http://localhost", ...cookie(doctor.token) }, body: new URLSearchParams({ appointmentId: id, attended: "false" }) }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/doctor-dashboard/doctor-Meetings#notice");
    expect(await page("/doctor-dashboard/doctor-Meetings", doctor.token, at(11))).toContain('<span class="badge badge-noshow">Missed</span>');
    const patients = await page("/patient-dashboard/patient-meetings", patient.token, at(11));
    expect(patients).toContain('<span class="badge badge-noshow">Missed</span>');
    expect(patients).not.toContain('action="/patient-dashboard/patient-meetings/feedback"');
    // Past the 7 days the form is gone.
    expect(await page("/doctor-dashboard/doctor-Meetings", doctor.token, new Date(at(10.5).getTime() + 8 * DAY))).not.toContain('action="/doctor-dashboard/doctor-Meetings/attendance"');
  });
});
