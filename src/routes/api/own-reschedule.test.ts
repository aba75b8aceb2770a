/**
 * Issue 40 item 2: the patient moves their own confirmed meeting to another free time of its
 * doctor, through the API and the meetings page's form: the link stays, the doctor is told (their
 * page and a mail; the old time's reminders give way), the audit trail keeps it; a time not free or
 * clashing with another of the patient's meetings 409, another's meeting 404, inside the change
 * window 409 (one minute either side of its edge). Planned from the next Monday (UTC): the doctor's
 * hours are Monday 09:00 to 17:00 UTC, the notice window 120 minutes, consultations 30 minutes,
 * the change window the default 240 minutes; the app's clock is set per test, never the run's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { atClock as clockAt } from "../../../tests/support/clock";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const TOO_LATE = "This appointment starts too soon to change online: contact the doctor";
const NOT_FREE = "This time is not free: please choose another";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const iso = (hours: number) => at(hours).toISOString();

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

const atClock = <T>(when: Date, fn: () => Promise<T>) => clockAt(h.deps, when, fn);

async function doctorWithHours(instantBooking = true): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const weekly = [{ day: 1, start: "09:00", end: "17:00" }];
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking } })).status).toBe(200);
  return doctor;
}

/** A patient's meeting with `doctor` booked at once at Monday `hours`:00. */
async function bookedAt(doctor: Doctor, hours: number, patient?: Patient) {
  const who = patient ?? (await h.signupPatient());
  const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: who.token, json: { doctorId: doctor.id, reason: "A cough that will not go", slotStart: iso(hours) } });
  expect(res.status).toBe(201);
  return { patient: who, id: res.body.appointment._id as string, meetLink: res.body.appointment.meetLink as string };
}

const move = (patient: Patient, appointmentId: string, slotStart: string, reason?: string) =>
  h.call("POST", `${PATIENT}/rescheduleAppointment`, { token: patient.token, json: { appointmentId, slotStart, ...(reason === undefined ? {} : { reason }) } });
const refusal = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const freeStarts = async (patient: Patient, doctorId: string) =>
  ((await h.call("GET", `${PATIENT}/doctors/${doctorId}/slots?days=1`, { token: patient.token })).body.slots as { start: string }[]).map((s) => s.start);

describe("the patient moves their own meeting", () => {
  test("to another free time: the link stays, both lists show who moved it and why, the slots follow, the doctor is mailed, the audit trail keeps it", async () => {
    const doctor = await doctorWithHours();
    const { patient, id, meetLink } = await bookedAt(doctor, 14);
    const res = await move(patient, id, iso(15), "A clash at work");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Appointment rescheduled successfully", appointmentId: id, scheduledAt: iso(15), meetLink });
    const moved = { _id: id, status: "confirmed", scheduledAt: iso(15), meetLink, rescheduled: { from: iso(14), reason: "A clash at work", by: "patient" } };
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments).toMatchObject([moved]);
    expect((await h.call("GET", `${DOCTOR}/doctor-meetings`, { token: doctor.token })).body.appointments).toMatchObject([moved]);
    const free = await freeStarts(patient, doctor.id);
    expect(free).toContain(iso(14));
    expect(free).not.toContain(iso(15));
    // The doctor's mail (with the calendar file, without the patient's reason) and the patient's; the old time's reminders dropped, the new time's written.
    const mails = await h.elsewhere("select template, to_address, calendar is not null as ics, text from mail_outbox where appointment_id = ? and template in ('patientMoved', 'scheduled') order by created_at, template", [id]);
    expect(mails.rows.map((r) => [r.template, r.to_address, Number(r.ics)])).toContainEqual(["patientMoved", doctor.email, 1]);
    expect(mails.rows.filter((r) => r.template === "scheduled").map((r) => r.to_address)).toEqual([patient.email, patient.email]);
    expect(mails.rows.some((r) => String(r.text).includes("A clash at work"))).toBe(false);
    const reminders = await h.elsewhere("select next_attempt_at, state from mail_outbox where appointment_id = ? and template = 'reminder' order by next_attempt_at", [id]);
    const waiting = reminders.rows.filter((r) => r.state !== "dropped").map((r) => Number(r.next_attempt_at));
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((t) => t < at(15).getTime() && t > at(14).getTime() - 24 * 3600_000)).toBe(true);
    expect(reminders.rows.filter((r) => r.state === "dropped").length).toBe(waiting.length);
    const audit = await h.elsewhere("select actor_role, actor_id, action, from_status, to_status, reason from audit_events where subject_id = ? and action = 'reschedule'", [id]);
    expect(audit.rows.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([
      { actor_role: "patient", actor_id: patient.id, action: "reschedule", from_status: "confirmed", to_status: "confirmed", reason: `moved from ${iso(14)} to ${iso(15)}: A clash at work` },
    ]);
  });

  test("a doctor without instant booking, the reason left out: moved, with an empty reason", async () => {
    const doctor = await doctorWithHours(false);
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    expect((await h.schedule(doctor.token, id, patient.id, at(12))).status).toBe(200);
    const res = await move(patient, id, iso(13));
    expect(res.status).toBe(200);
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments[0].rescheduled).toEqual({ from: iso(12), reason: "", by: "patient" });
  });

  test("a time not free (another's, outside the hours, inside the notice window, not a slot's start): 409, nothing moved", async () => {
    const doctor = await doctorWithHours();
    await bookedAt(doctor, 11);
    const { patient, id } = await bookedAt(doctor, 14);
    for (const slotStart of [iso(11), iso(18), iso(1), iso(15.25)]) expect({ slotStart, ...refusal(await move(patient, id, slotStart)) }).toEqual({ slotStart, status: 409, message: NOT_FREE });
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments).toMatchObject([{ _id: id, scheduledAt: iso(14), rescheduled: null }]);
  });

  test("a time that overlaps another of the patient's meetings: 409", async () => {
    const [first, second] = [await doctorWithHours(), await doctorWithHours()];
    const { patient, id } = await bookedAt(first, 14);
    await bookedAt(second, 15, patient);
    expect(refusal(await move(patient, id, iso(15)))).toEqual({ status: 409, message: "This time overlaps another of your confirmed appointments" });
  });

  test("another patient's meeting, or none: 404; a pending request: 409; a bad body: 400", async () => {
    const doctor = await doctorWithHours();
    const { id } = await bookedAt(doctor, 14);
    const other = await h.signupPatient();
    expect((await move(other, id, iso(15))).status).toBe(404);
    expect((await move(other, crypto.randomUUID(), iso(15))).status).toBe(404);
    const waiting = await h.book(other.token, (await doctorWithHours(false)).id);
    expect((await move(other, waiting, iso(15))).status).toBe(409);
    const bad = await h.call("POST", `${PATIENT}/rescheduleAppointment`, { token: other.token, json: { appointmentId: id } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slotStart/);
  });

  test("the change window: one minute outside, moved; one minute inside, 409 with why, nothing moved", async () => {
    const doctor = await doctorWithHours();
    const outside = await bookedAt(doctor, 10);
    expect((await atClock(at(6 - 1 / 60), () => move(outside.patient, outside.id, iso(12)))).status).toBe(200);
    const inside = await bookedAt(doctor, 10);
    const late = await atClock(at(6 + 1 / 60), () => move(inside.patient, inside.id, iso(13)));
    expect(refusal(late)).toEqual({ status: 409, message: TOO_LATE });
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: inside.patient.token })).body.appointments).toMatchObject([{ scheduledAt: iso(10) }]);
  });
});

describe("the meetings pages", () => {
  const cookie = (token: string) => ({ cookie: `carebook_session=${token}` });
  const page = async (path: string, token: string) => (await h.app.request(path, { headers: cookie(token) })).text();
  const post = (token: string, fields: Record<string, string>) =>
    h.app.request("/patient-dashboard/patient-meetings/reschedule", { method: "POST", headers: { origin: "http://localhost", ...cookie(token) }, body: new URLSearchParams(fields) });

  test("the move step offers the doctor's next free times; its post moves the meeting (303 to the notice); both pages say who moved it", async () => {
    const doctor = await doctorWithHours();
    const { patient, id } = await bookedAt(doctor, 14);
    const html = await page("/patient-dashboard/patient-meetings", patient.token);
    expect(html).toContain('action="/patient-dashboard/patient-meetings/reschedule"');
    expect(html).toContain(`name="slotStart" value="${iso(9)}"`);
    expect(html).not.toContain(`name="slotStart" value="${iso(14)}"`);
    const res = await post(patient.token, { appointmentId: id, slotStart: iso(9.5), reason: "Earlier suits me" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/patient-dashboard/patient-meetings#notice");
    const after = await page("/patient-dashboard/patient-meetings", patient.token);
    expect(after).toContain(`<time dateTime="${iso(9.5)}">`);
    expect(after).toMatch(/by you from <time dateTime="[^"]+">/);
    const doctors = await page("/doctor-dashboard/doctor-Meetings", doctor.token);
    expect(doctors).toContain("by the patient from");
    expect(doctors).toContain("Earlier suits me");
  });

  test("the move step is the booking page's picker: a day, then its times, nothing chosen; without script \"Show times\" brings another day's times and what was typed (issue 52)", async () => {
    const doctor = await doctorWithHours();
    const { patient, id } = await bookedAt(doctor, 14);
    const [thisMonday, nextMonday] = [iso(0).slice(0, 10), iso(24 * 7).slice(0, 10)];
    const step = (html: string) => html.slice(html.indexOf('<details class="reschedule own-move"'), html.indexOf("</details>", html.indexOf('<details class="reschedule own-move"')));
    const first = step(await page("/patient-dashboard/patient-meetings", patient.token));
    expect(first).toContain(`<select id="day-own-move-${id}" name="day">`);
    expect(first).toContain(`<option value="${thisMonday}" selected="">`);
    expect(first).toContain(`<option value="${nextMonday}">`);
    expect(first).toContain(`name="slotStart" value="${iso(9)}"`);
    expect(first).not.toContain(`value="${iso(24 * 7 + 9)}"`);
    expect(first).not.toContain("checked");
    expect(first).toContain(">Show times</button>");

    const shown = await post(patient.token, { appointmentId: id, day: nextMonday, reason: "Earlier suits me", show: "day" });
    expect(shown.status).toBe(200);
    const again = step(await shown.text());
    expect(again).toStartWith('<details class="reschedule own-move" open="">');
    expect(again).toContain(`<option value="${nextMonday}" selected="">`);
    expect(again).toContain(`name="slotStart" value="${iso(24 * 7 + 9)}"`);
    expect(again).not.toContain(`value="${iso(9)}"`);
    expect(again).toContain('value="Earlier suits me"');
    expect(again).not.toContain("checked");
    // Nothing moved.
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments).toMatchObject([{ _id: id, scheduledAt: iso(14) }]);
  });

  test("a refused move comes back beside the meeting's step, in words; inside the window there is no step", async () => {
    const doctor = await doctorWithHours();
    await bookedAt(doctor, 11);
    const { patient, id } = await bookedAt(doctor, 14);
    const res = await post(patient.token, { appointmentId: id, slotStart: iso(11), reason: "" });
    const back = res.status === 303 ? await page(res.headers.get("location")!.split("#")[0]!, patient.token) : await res.text();
    expect(back).toContain("This time is not free: please choose another");
    expect(back).toMatch(/<details class="reschedule own-move" open="">/);
    const inside = await atClock(at(11), () => page("/patient-dashboard/patient-meetings", patient.token));
    expect(inside).not.toContain('action="/patient-dashboard/patient-meetings/reschedule"');
  });
});
