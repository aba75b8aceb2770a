/**
 * Issue 40 item 1 through the API and the page's form: a doctor's instant booking (a tick of
 * their hours), a free slot booked at once and confirmed with its link and both sides' mails,
 * the slot gone from the free slots, a time not free (taken, outside the hours, inside the notice
 * window) 409 with nothing booked, two patients racing for one slot (one 201, one 409), slotStart
 * refused (400) for a doctor without it, and the original call still a pending request.
 * Planned from the next Monday (UTC), the app's clock at 08:00 that day; the doctor's hours are
 * Monday 09:00 to 12:00 UTC, the notice window the default 120 minutes: the first free slot is 10:00.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const MONDAY_HOURS = [{ day: 1, start: "09:00", end: "12:00" }];
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000).toISOString();

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true" });
  h.deps.now = () => new Date(at(8));
});
afterAll(() => h.stop());

async function instantDoctor(instantBooking = true): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const res = await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly: MONDAY_HOURS, daysOff: [], instantBooking } });
  expect(res.status).toBe(200);
  return doctor;
}

const book = (patient: Patient, doctorId: string, extra: Record<string, unknown> = {}) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId, reason: "A cough that will not go", ...extra } });
const freeStarts = async (patient: Patient, doctorId: string) =>
  ((await h.call("GET", `${PATIENT}/doctors/${doctorId}/slots?days=1`, { token: patient.token })).body.slots as { start: string }[]).map((s) => s.start);
const meetingsOf = async (patient: Patient) => (await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments as { status: string; scheduledAt: string | null }[];

describe("the doctor's choice", () => {
  test("false by default and when left out; PUT saves it and GET gives it back", async () => {
    const doctor = await h.signupDoctor();
    const hours = { timeZone: "UTC", weekly: MONDAY_HOURS, daysOff: [] };
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: hours })).body.availability.instantBooking).toBe(false);
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { ...hours, instantBooking: true } })).body.availability.instantBooking).toBe(true);
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: doctor.token })).body.availability).toEqual({ ...hours, instantBooking: true });
    const bad = await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { ...hours, instantBooking: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/instantBooking/);
  });
});

describe("booking a free time at once", () => {
  test("201 confirmed at the slot with its link; the slot leaves the free slots; both sides are mailed, the patient with the calendar file", async () => {
    const doctor = await instantDoctor();
    const patient = await h.signupPatient();
    expect((await freeStarts(patient, doctor.id))[0]).toBe(at(10));
    const res = await book(patient, doctor.id, { slotStart: at(10) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Appointment booked for ${at(10)}`);
    expect(res.body.appointment).toMatchObject({ status: "confirmed", scheduledAt: at(10), doctor: { _id: doctor.id }, patient: { _id: patient.id } });
    expect(res.body.appointment.meetLink).toMatch(/carebook-/);
    expect(await freeStarts(patient, doctor.id)).not.toContain(at(10));
    expect(await meetingsOf(patient)).toMatchObject([{ status: "confirmed", scheduledAt: at(10) }]);
    const mails = await h.elsewhere("select template, to_address, calendar is not null as ics from mail_outbox where appointment_id = ? and template in ('scheduled', 'newBooking') order by template", [res.body.appointment._id]);
    expect(mails.rows.map((r) => [r.template, r.to_address, Number(r.ics)])).toEqual([
      ["newBooking", doctor.email, 1],
      ["scheduled", patient.email, 1],
    ]);
  });

  test("a time not free: taken, outside the hours, inside the notice window, not a slot's start: 409, nothing booked", async () => {
    const doctor = await instantDoctor();
    const first = await h.signupPatient();
    expect((await book(first, doctor.id, { slotStart: at(10) })).status).toBe(201);
    const patient = await h.signupPatient();
    for (const slotStart of [at(10), at(13), at(9.5), at(10.25)]) {
      const res = await book(patient, doctor.id, { slotStart });
      expect({ slotStart, status: res.status, message: res.body.message }).toEqual({ slotStart, status: 409, message: "This time is not free: please choose another" });
    }
    expect(await meetingsOf(patient)).toEqual([]);
  });

  test("two patients racing for one slot: one 201, one 409, one meeting", async () => {
    const doctor = await instantDoctor();
    const [a, b] = [await h.signupPatient("Asha A"), await h.signupPatient("Bina B")];
    const answers = await Promise.all([book(a, doctor.id, { slotStart: at(11) }), book(b, doctor.id, { slotStart: at(11) })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const meetings = [...(await meetingsOf(a)), ...(await meetingsOf(b))];
    expect(meetings).toMatchObject([{ status: "confirmed", scheduledAt: at(11) }]);
  });

  test("slotStart for a doctor without instant booking, or with preferredTimes: 400, nothing booked; preferredTimes still work", async () => {
    const doctor = await instantDoctor(false);
    const patient = await h.signupPatient();
    const refused = await book(patient, doctor.id, { slotStart: at(10) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/only for doctors with instant booking/);
    const both = await book(patient, (await instantDoctor()).id, { slotStart: at(10), preferredTimes: [at(10)] });
    expect(both.status).toBe(400);
    expect(await meetingsOf(patient)).toEqual([]);
    const request = await book(patient, doctor.id, { preferredTimes: [at(10)] });
    expect(request.status).toBe(201);
    expect(request.body.appointment).toMatchObject({ status: "pending", scheduledAt: null, meetLink: null, preferredTimes: [at(10)] });
  });

  test("the original call (doctorId, reason) to an instant doctor is a pending request, exactly as before", async () => {
    const doctor = await instantDoctor();
    const patient = await h.signupPatient();
    const res = await book(patient, doctor.id);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Appointment request sent. The doctor will schedule it soon.");
    expect(res.body.appointment).toMatchObject({ status: "pending", scheduledAt: null, meetLink: null, preferredTimes: [] });
    expect(await freeStarts(patient, doctor.id)).toContain(at(10));
  });
});

describe("the pages", () => {
  const cookie = (token: string) => ({ cookie: `carebook_session=${token}`, origin: "http://localhost" });
  const post = (token: string, path: string, fields: Record<string, string>) =>
    h.app.request(path, { method: "POST", headers: { ...cookie(token), "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" }, body: new URLSearchParams(fields) });

  test("the specialization page marks the doctor; the booking page offers Book this time, which books and opens the meetings at the notice", async () => {
    const doctor = await instantDoctor();
    const patient = await h.signupPatient();
    const spec = await (await h.app.request("/patient-dashboard/specialization/Cardiologist", { headers: cookie(patient.token) })).text();
    expect(spec).toContain("Instant booking");
    const page = await (await h.app.request(`/patient-dashboard/bookAppointment/${doctor.id}`, { headers: cookie(patient.token) })).text();
    expect(page).toContain("Book this time");
    expect(page).toContain(`name="slotStart" value="${at(10)}"`);
    const path = `/patient-dashboard/bookAppointment/${doctor.id}/instant`;
    const taken = await post(patient.token, path, { reason: "Chest pain", slotStart: at(9) });
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe(`/patient-dashboard/bookAppointment/${doctor.id}#notice`);
    const done = await post(patient.token, path, { reason: "Chest pain", slotStart: at(10) });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/patient-dashboard/patient-meetings#notice");
    expect(await meetingsOf(patient)).toMatchObject([{ status: "confirmed", scheduledAt: at(10) }]);
  });
});
