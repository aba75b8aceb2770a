/**
 * One meeting's calendar file through the API (issue 13): what ical.js reads in it, exact UTC
 * times that survive a viewer in another zone (across a daylight-saving change), and who may
 * fetch it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { parseEvents } from "../../../tests/support/ical";
import { startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

let h: Harness;
let patient: Patient;
let stranger: Patient;
let doctor: Doctor;
let otherDoctor: Doctor;
let meeting: string;
let pending: string;
let meetLink: string;

const REASON = "Chest pain when climbing stairs, private detail";

/** 07:30 UTC on the second Sunday of March next year: 03:30 in New York, half an hour after clocks go forward. */
function dstMorning(): Date {
  const year = new Date().getUTCFullYear() + 1;
  const firstSunday = 1 + ((7 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7);
  return new Date(Date.UTC(year, 2, firstSunday + 7, 7, 30));
}
const start = dstMorning();

const file = (role: "patient" | "doctor", id: string, token: string) =>
  h.call("GET", `/api/auth/${role}-dashboard/meetings/${id}/calendar.ics`, { token });

// Signups hash passwords (argon2): generous under a loaded machine.
const SETUP_MS = 60_000;

beforeAll(async () => {
  h = await startHarness();
  [patient, stranger, doctor, otherDoctor] = await Promise.all([
    h.signupPatient("Pia Patient"),
    h.signupPatient("Stan Stranger"),
    h.signupDoctor({ name: "Dr. Rana Rao" }),
    h.signupDoctor({ name: "Omar Other" }),
  ]);
  meeting = await h.book(patient.token, doctor.id, REASON);
  const scheduled = await h.schedule(doctor.token, meeting, patient.id, start);
  expect(scheduled.status).toBe(200);
  meetLink = scheduled.body.meetLink;
  pending = await h.book(patient.token, otherDoctor.id, REASON);
}, SETUP_MS);
afterAll(() => h.stop());

describe("GET /api/auth/{role}-dashboard/meetings/{id}/calendar.ics", () => {
  test("the patient's file: one event ical.js reads, with every field the issue names", async () => {
    const res = await file("patient", meeting, patient.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="consultation-\d{4}-03-\d{2}\.ics"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const events = parseEvents(res.text);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      uid: `appointment-${meeting}@carebook`,
      start,
      end: new Date(start.getTime() + 30 * 60_000),
      utc: true,
      summary: "Appointment with Dr Rana Rao", // the doctor's own "Dr." is not doubled
      status: "CONFIRMED",
      sequence: 0,
      url: meetLink,
      location: meetLink,
      description: `Appointment by video call, booked on Carebook.\nJoin: ${meetLink}`,
      alarms: [{ action: "DISPLAY", triggerSeconds: -15 * 60 }],
    });
  });

  test("the times are written in UTC, to the second", async () => {
    const { text } = await file("patient", meeting, patient.token);
    const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(text).toContain(`\r\nDTSTART:${utc(start)}\r\n`);
    expect(text).toContain(`\r\nDTEND:${utc(new Date(start.getTime() + 30 * 60_000))}\r\n`);
  });

  test("the doctor's file names the patient, with the same UID, and never the reason or an email", async () => {
    const res = await file("doctor", meeting, doctor.token);
    expect(res.status).toBe(200);
    const [event] = parseEvents(res.text);
    expect(event).toMatchObject({ uid: `appointment-${meeting}@carebook`, summary: "Appointment with Pia Patient", start });
    for (const secret of [REASON, "private detail", patient.email, doctor.email, "@example.com"]) {
      expect(res.text).not.toContain(secret);
    }
  });

  test("a viewer in New York and one in Kolkata see the right local time, and it converts back exactly", async () => {
    const { text } = await file("patient", meeting, patient.token);
    const parsed = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!).startDate;
    for (const zone of [NEW_YORK, KOLKATA]) {
      const timezone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(zone.vtimezone)));
      ICAL.TimezoneService.register(timezone);
      const local = parsed.convertToZone(timezone);
      // The viewer's wall clock agrees with the platform's own zone database...
      const wall = new Intl.DateTimeFormat("en-GB", { timeZone: zone.id, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(start);
      const pad = (n: number) => String(n).padStart(2, "0");
      expect(`${pad(local.day)}/${pad(local.month)}/${local.year}, ${pad(local.hour)}:${pad(local.minute)}`).toBe(wall);
      expect(`${pad(local.hour)}:${pad(local.minute)}`).toBe(zone.expected);
      // ...and the event the viewer saves in its own zone is the same instant when read again.
      const saved = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//viewer//EN\r\n${zone.vtimezone}\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=${zone.id}:${local.toICALString()}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      const reread = new ICAL.Event(new ICAL.Component(ICAL.parse(saved)).getFirstSubcomponent("vevent")!).startDate;
      expect(reread.zone?.tzid).toBe(zone.id);
      expect(reread.toJSDate().getTime()).toBe(start.getTime());
    }
  });

  test("another patient's or doctor's meeting, and an unknown id, are 404 exactly alike", async () => {
    const refusals = [
      await file("patient", meeting, stranger.token),
      await file("doctor", meeting, otherDoctor.token),
      await file("patient", "no-such-appointment", patient.token),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Appointment not found" });
    }
  });

  test("a request with no time yet is 409; a wrong role 403; no token 401; an absurd id 400", async () => {
    expect((await file("patient", pending, patient.token)).status).toBe(409);
    expect((await file("doctor", meeting, patient.token)).status).toBe(403);
    expect((await h.call("GET", `/api/auth/patient-dashboard/meetings/${meeting}/calendar.ics`)).status).toBe(401);
    const long = await file("patient", "x".repeat(65), patient.token);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("id is not valid");
  });
});

const NEW_YORK = {
  id: "America/New_York",
  expected: "03:30", // EDT (-4) from 07:00 UTC that day
  vtimezone: [
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n"),
};

const KOLKATA = {
  id: "Asia/Kolkata",
  expected: "13:00",
  vtimezone: [
    "BEGIN:VTIMEZONE",
    "TZID:Asia/Kolkata",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0530",
    "TZOFFSETTO:+0530",
    "TZNAME:IST",
    "DTSTART:19700101T000000",
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n"),
};
