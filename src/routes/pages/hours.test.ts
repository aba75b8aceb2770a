/**
 * Issue 26's pages without script: the doctor's hours form, the free times to tick on the booking
 * page, one-tap scheduling of a preferred time, the note when a time is outside the hours, the
 * reschedule form and what the patient then sees, and each specialization card's next free time.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

let h: Harness;
const ORIGIN = "http://localhost";
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string, extra = "") => `carebook_session=${token}${extra}`;

function post(path: string, fields: Record<string, string | string[]>, token: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: cookie(token) }, body });
}

async function page(path: string, token: string, extra = ""): Promise<string> {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, extra) } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The notice a post left (its cookie holds the JSON, URI-encoded twice). */
const noticeOf = (res: Response) => decodeURIComponent(decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith("notice="))!.split(";")[0]!.slice(7)));
const ALL_DAYS = { day1: "00:00-24:00", day2: "00:00-24:00", day3: "00:00-24:00", day4: "00:00-24:00", day5: "00:00-24:00", day6: "00:00-24:00", day7: "00:00-24:00" };

describe("the doctor's hours form", () => {
  test("saves hours typed as text, and shows them back", async () => {
    const doctor = await h.signupDoctor();
    const res = await post("/doctor-dashboard/doctor-profile/hours", { tz: "Europe/Berlin", day1: "9:00-12:00, 14:00 - 17:30", day3: "09:00–13:00", daysOff: "24/12/2026 to 26/12/2026\n2027-01-01\n5-1-2027" }, doctor.token);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/doctor-dashboard/doctor-profile#notice");
    expect(noticeOf(res)).toContain("Hours saved successfully");
    const api = await h.call("GET", "/api/auth/doctor-dashboard/availability", { token: doctor.token });
    expect(api.body.availability).toEqual({
      timeZone: "Europe/Berlin",
      weekly: [{ day: 1, start: "09:00", end: "12:00" }, { day: 1, start: "14:00", end: "17:30" }, { day: 3, start: "09:00", end: "13:00" }],
      daysOff: [{ from: "2026-12-24", to: "2026-12-26" }, { from: "2027-01-01", to: "2027-01-01" }, { from: "2027-01-05", to: "2027-01-05" }],
      instantBooking: false,
    });
    const html = await page("/doctor-dashboard/doctor-profile", doctor.token);
    expect(html).toContain('value="09:00-12:00, 14:00-17:30"');
    // Issue 52: days off as India writes a date (dd/mm/yyyy; ISO is still read), never a raw ISO date.
    expect(html).toContain("24/12/2026 to 26/12/2026\n01/01/2027\n05/01/2027");
    expect(html).not.toContain("2026-12-24");
  });

  test("the instant booking tick box (issue 40): ticked, saved and shown ticked; left out, off again", async () => {
    const doctor = await h.signupDoctor();
    const instantBox = async () => /<input type="checkbox" name="instantBooking"[^>]*>/.exec(await page("/doctor-dashboard/doctor-profile", doctor.token))![0];
    const availability = async () => (await h.call("GET", "/api/auth/doctor-dashboard/availability", { token: doctor.token })).body.availability;
    expect(await instantBox()).not.toContain("checked");
    expect((await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", day1: "09:00-12:00", instantBooking: "on" }, doctor.token)).status).toBe(303);
    expect((await availability()).instantBooking).toBe(true);
    expect(await instantBox()).toContain("checked");
    expect((await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", day1: "09:00-12:00" }, doctor.token)).status).toBe(303);
    expect((await availability()).instantBooking).toBe(false);
  });

  test("refuses overlapping or malformed hours in plain words, keeping what was typed; nothing saved", async () => {
    const doctor = await h.signupDoctor();
    const cases: [Record<string, string>, string][] = [
      [{ tz: "UTC", day2: "09:00-12:00, 11:00-13:00" }, "Your hours for Tuesday overlap"],
      [{ tz: "UTC", day4: "noon till late" }, "Your hours for Thursday must read like 09:00-12:00, 14:00-17:00"],
      [{ tz: "UTC", day5: "12:00-09:00" }, "Your hours for Friday must be times of day"],
      [{ tz: "Nowhere/Land", day1: "09:00-12:00" }, "The time zone of your hours must be a name such as Europe/Berlin"],
      [{ tz: "UTC", daysOff: "Christmas" }, "Days off in your hours must read like"],
    ];
    for (const [fields, message] of cases) {
      const res = await post("/doctor-dashboard/doctor-profile/hours", fields, doctor.token);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      for (const value of Object.values(fields)) expect(html).toContain(value);
    }
    expect((await h.call("GET", "/api/auth/doctor-dashboard/availability", { token: doctor.token })).body.availability).toBeNull();
  });
});

describe("booking with preferred times, scheduling in one tap, rescheduling", () => {
  let doctor: Doctor;
  let patient: Patient;
  let free: string[];
  beforeAll(async () => {
    doctor = await h.signupDoctor({ name: "Dr Hours", specialization: "Nephrologist" });
    await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", ...ALL_DAYS }, doctor.token);
    patient = await h.signupPatient();
    free = (await h.call("GET", `/api/auth/patient-dashboard/doctors/${doctor.id}/slots?days=7`, { token: patient.token })).body.slots.map((s: { start: string }) => s.start);
  });

  test("the booking page lists the free times by day, in the viewer's zone, named; ticked ones are booked", async () => {
    const html = await page(`/patient-dashboard/bookAppointment/${doctor.id}`, patient.token, "; tz=Asia%2FKolkata");
    expect(html).toContain("Times are in India Standard Time (Kolkata) until you choose your time zone.");
    expect(html).toContain(`form="booking-form" name="preferredTimes[]" value="${free[0]}"`);
    expect(html).toContain('id="booking-form"');
    // A day first (issue 39: src/routes/pages/slot-picker.test.ts), then its times.
    expect(html).toMatch(/<option value="\d{4}-\d{2}-\d{2}" selected="">(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w+<\/option>/);

    const tooMany = await post(`/patient-dashboard/bookAppointment/${doctor.id}`, { reason: "Back pain", "preferredTimes[]": free.slice(0, 4) }, patient.token);
    expect(tooMany.status).toBe(400);
    const again = await tooMany.text();
    expect(again).toContain("Please tick at most 3 times");
    expect(again).toContain(`checked="" value="${free[3]}"`);

    const res = await post(`/patient-dashboard/bookAppointment/${doctor.id}`, { reason: "Back pain", "preferredTimes[]": [free[2]!, free[5]!] }, patient.token);
    expect(res.status).toBe(303);
    const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
    expect(pending.body.appointments[0].preferredTimes).toEqual([free[2], free[5]]);
    expect(await page("/patient-dashboard/patient-meetings", patient.token)).toContain("Times you asked for:");
  });

  test("the doctor's pending card offers the preferred times first; a tap asks, Schedule confirms it", async () => {
    const html = await page("/doctor-dashboard", doctor.token);
    const preferredAt = html.indexOf("Preferred by the patient");
    const freeAt = html.indexOf("Your next free times");
    expect(preferredAt).toBeGreaterThan(0);
    expect(freeAt).toBeGreaterThan(preferredAt);
    expect(html).toMatch(new RegExp(`<button type="submit" value="${free[5]}"[^>]*name="slot"`));
    const id = (await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).body.appointments[0]._id;
    // Issue 39: the tap alone schedules nothing; it asks, at the top of the page, with a way back.
    const tap = await post("/doctor-dashboard/schedule", { appointmentId: id, patientId: patient.id, slot: free[5]! }, doctor.token);
    expect(tap.status).toBe(200);
    const asked = await tap.text();
    expect(asked).toContain(`Schedule ${patient.name} on `);
    expect(asked.indexOf('id="confirm-schedule"')).toBeLessThan(asked.indexOf("Preferred by the patient"));
    expect(asked).toMatch(/name="confirm" value="1"/);
    expect(asked).toContain('href="/doctor-dashboard"');
    expect((await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).body.appointments[0].status).toBe("pending");
    const res = await post("/doctor-dashboard/schedule", { appointmentId: id, patientId: patient.id, slot: free[5]!, confirm: "1" }, doctor.token);
    expect(res.status).toBe(303);
    expect(noticeOf(res)).toContain("Appointment scheduled successfully");
    // The notice offers the Undo (a form of its own) while the window is open.
    expect(JSON.parse(noticeOf(res)).undo).toMatchObject({ appointmentId: id, back: "/doctor-dashboard" });
    expect(noticeOf(res)).not.toContain("outside your hours");
    const mine = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments[0];
    expect(mine.scheduledAt).toBe(free[5]);
  });

  test("the doctor reschedules by form; the patient sees the new time, that it moved, and why", async () => {
    const id = (await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token })).body.appointments[0]._id;
    expect(await page("/doctor-dashboard/doctor-Meetings", doctor.token)).toContain("Move appointment");
    const target = new Date(Date.parse(free[5]!) + 2 * DAY);
    const [date, time] = [target.toISOString().slice(0, 10), target.toISOString().slice(11, 16)];
    const missing = await post("/doctor-dashboard/doctor-Meetings/reschedule", { appointmentId: id, date, time, tz: "UTC", reason: "" }, doctor.token);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please enter a reason.");
    const res = await post("/doctor-dashboard/doctor-Meetings/reschedule", { appointmentId: id, date, time, tz: "UTC", reason: "Conference that day" }, doctor.token);
    expect(res.status).toBe(303);
    expect(noticeOf(res)).toContain("Appointment rescheduled successfully");
    const html = await page("/patient-dashboard/patient-meetings", patient.token);
    expect(html).toContain(`<strong>When:</strong> <time dateTime="${target.toISOString()}">`);
    expect(html).toContain("Moved");
    expect(html).toContain("Conference that day");
    expect(html).toContain(free[5]!);
  });

  test("a time outside the doctor's hours, or on a day off, asks a second time, naming why", async () => {
    const day = await h.signupDoctor();
    await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", day1: "09:00-10:00" }, day.token);
    const someone = await h.signupPatient();
    const id = await h.book(someone.token, day.id);
    expect(await page("/doctor-dashboard", day.token)).toContain("a time outside your hours (Mon 09:00-10:00; Coordinated Universal Time (UTC)) is allowed");
    // A Tuesday at 15:00 UTC, next week: outside Monday 09:00-10:00.
    const tuesday = new Date(Date.now() + 7 * DAY);
    tuesday.setUTCDate(tuesday.getUTCDate() + ((2 - tuesday.getUTCDay() + 7) % 7));
    const fields = { appointmentId: id, patientId: someone.id, date: tuesday.toISOString().slice(0, 10), time: "15:00", tz: "UTC" };
    const first = await post("/doctor-dashboard/schedule", fields, day.token);
    expect(first.status).toBe(200);
    expect(await first.text()).not.toContain("15:00 is outside your hours");
    const second = await post("/doctor-dashboard/schedule", { ...fields, confirm: "1" }, day.token);
    expect(second.status).toBe(200);
    const why = await second.text();
    expect(why).toContain("15:00 is outside your hours (Tue none).");
    expect(why).toContain("Schedule anyway");
    expect(why).toMatch(/name="confirm" value="2"/);
    const res = await post("/doctor-dashboard/schedule", { ...fields, confirm: "2" }, day.token);
    expect(res.status).toBe(303);
    expect(JSON.parse(noticeOf(res))).toMatchObject({ text: "Appointment scheduled successfully. That time is outside your hours.", tone: "success" });
    // A day off: named as one.
    await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", day1: "09:00-10:00", daysOff: tuesday.toISOString().slice(0, 10).replace(/-\d+$/, "") + tuesday.toISOString().slice(7, 10) }, day.token);
    const other = await h.signupPatient("Neha S");
    const next = await h.book(other.token, day.id);
    const off = await post("/doctor-dashboard/schedule", { ...fields, appointmentId: next, patientId: other.id, time: "16:00", confirm: "1" }, day.token);
    expect(await off.text()).toMatch(/is a day off\./);
  });

  test("each specialization card shows the next free time, or by request", async () => {
    await h.signupDoctor({ name: "Dr Request", specialization: "Nephrologist" });
    const html = await page("/patient-dashboard/specialization/Nephrologist", patient.token);
    const card = (name: string) => html.slice(html.indexOf(`<h2>${name}</h2>`), html.indexOf("</li>", html.indexOf(`<h2>${name}</h2>`)));
    expect(card("Dr Hours")).toContain("Next free: <time");
    expect(card("Dr Request")).toContain("By request");
  });
});
