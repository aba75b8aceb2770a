/**
 * Issue 31: calendar files in the account's language. A patient who reads Carebook in Hindi
 * downloads a meeting (API and page) and subscribes to a feed whose SUMMARY, DESCRIPTION, alarm
 * and name are Hindi, with the same UIDs, times and structure as in English; the doctor of the
 * same meeting, who chose nothing, gets English; a change of language is a new ETag.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { calendarProperty, parseEvents } from "../../tests/support/ical";
import { inMinutes, startHarness, type Doctor, type Harness, type Patient } from "../../tests/support/harness";

let h: Harness;
let patient: Patient;
let doctor: Doctor;
let other: Doctor;
let meeting: string;
let cancelled: string;
let meetLink: string;

const at = new Date(Math.ceil(inMinutes(3 * 24 * 60).getTime() / 3_600_000) * 3_600_000);
const setLanguage = (table: "patients" | "doctors", id: string, language: string | null) => h.elsewhere(`update ${table} set language = ? where id = ?`, [language, id]);
const download = (role: "patient" | "doctor", token: string) => h.call("GET", `/api/auth/${role}-dashboard/meetings/${meeting}/calendar.ics`, { token });
/** Structure of a calendar: its lines' property names, in order (the text of each aside). */
const shape = (ics: string) => ics.replace(/\r?\n[ \t]/g, "").split(/\r?\n/).map((line) => line.split(/[:;]/)[0]);

beforeAll(async () => {
  h = await startHarness();
  [patient, doctor, other] = await Promise.all([h.signupPatient("Meera Sharma"), h.signupDoctor({ name: "Dr. Omar Haddad" }), h.signupDoctor({ name: "Ben Other" })]);
  await setLanguage("patients", patient.id, "hi");
  meeting = await h.book(patient.token, doctor.id);
  const scheduled = await h.schedule(doctor.token, meeting, patient.id, at);
  expect(scheduled.status).toBe(200);
  meetLink = scheduled.body.meetLink;
  cancelled = await h.book(patient.token, other.id);
  expect((await h.schedule(other.token, cancelled, patient.id, new Date(at.getTime() + 86_400_000))).status).toBe(200);
  expect((await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: other.token, json: { appointmentId: cancelled, reason: "Away" } })).status).toBe(200);
}, 60_000);
afterAll(() => h.stop());

describe("one meeting's file", () => {
  test("in Hindi for the patient who reads Hindi, through the API and the page; in English for the doctor", async () => {
    const hindi = await download("patient", patient.token);
    expect(hindi.status).toBe(200);
    const [event] = parseEvents(hindi.text);
    expect(event).toMatchObject({ uid: `appointment-${meeting}@carebook`, start: at, utc: true, summary: "डॉ. Omar Haddad के साथ अपॉइंटमेंट", url: meetLink, status: "CONFIRMED" });
    expect(event!.description).toBe(`Carebook पर बुक किया गया अपॉइंटमेंट, वीडियो कॉल से।\nजुड़ने के लिए: ${meetLink}`);
    expect(hindi.text).toContain("DESCRIPTION:15 मिनट में अपॉइंटमेंट");
    expect(hindi.text).toContain("PRODID:-//Carebook//Carebook//HI");
    // The page's download (the signed-in meetings page) is the same file.
    const page = await h.app.request(`/patient-dashboard/patient-meetings/${meeting}.ics`, { headers: { cookie: `carebook_session=${patient.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(hindi.text);

    const english = await download("doctor", doctor.token);
    expect(parseEvents(english.text)[0]).toMatchObject({ uid: `appointment-${meeting}@carebook`, summary: "Appointment with Meera Sharma" });
    expect(english.text).toContain("PRODID:-//Carebook//Carebook//EN");

    // Same structure, times and UID as the English file of the same meeting.
    await setLanguage("patients", patient.id, null);
    const before = await download("patient", patient.token);
    expect(parseEvents(before.text)[0]!.summary).toBe("Appointment with Dr Omar Haddad");
    expect(shape(hindi.text)).toEqual(shape(before.text));
    expect(hindi.text.match(/^(UID|DTSTART|DTEND|DTSTAMP|SEQUENCE|URL|LOCATION|STATUS|CLASS|TRIGGER)[:;].*$/gm)).toEqual(
      before.text.match(/^(UID|DTSTART|DTEND|DTSTAMP|SEQUENCE|URL|LOCATION|STATUS|CLASS|TRIGGER)[:;].*$/gm),
    );
    await setLanguage("patients", patient.id, "hi");
  });
});

describe("the subscription feed", () => {
  test("in the language of the account it belongs to; a change of language changes its ETag", async () => {
    const made = await h.call("POST", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token });
    expect(made.status).toBe(201);
    const path = new URL(made.body.feed.url).pathname;
    const hindi = await h.call("GET", path);
    expect(hindi.status).toBe(200);
    expect(calendarProperty(hindi.text, "x-wr-calname")).toBe("Carebook अपॉइंटमेंट");
    const events = parseEvents(hindi.text);
    expect(events.map((e) => [e.uid, e.summary, e.description])).toEqual([
      [`appointment-${meeting}@carebook`, "डॉ. Omar Haddad के साथ अपॉइंटमेंट", `Carebook पर बुक किया गया अपॉइंटमेंट, वीडियो कॉल से।\nजुड़ने के लिए: ${meetLink}`],
      [`appointment-${cancelled}@carebook`, "डॉ. Ben Other के साथ अपॉइंटमेंट", "यह अपॉइंटमेंट रद्द कर दिया गया है।"],
    ]);
    const etag = hindi.headers.get("etag")!;
    expect((await h.call("GET", path, { headers: { "if-none-match": etag } })).status).toBe(304);

    // The person switches to English: the next fetch is a new version, in English.
    await setLanguage("patients", patient.id, "en");
    const english = await h.call("GET", path, { headers: { "if-none-match": etag } });
    expect(english.status).toBe(200);
    expect(english.headers.get("etag")).not.toBe(etag);
    expect(calendarProperty(english.text, "x-wr-calname")).toBe("Carebook appointments");
    expect(parseEvents(english.text).map((e) => e.summary)).toEqual(["Appointment with Dr Omar Haddad", "Appointment with Dr Ben Other"]);
    await setLanguage("patients", patient.id, "hi");

    // The doctor's feed follows the doctor's own language.
    const doctorFeed = await h.call("POST", "/api/auth/doctor-dashboard/calendar-feed", { token: doctor.token });
    const doctorPath = new URL(doctorFeed.body.feed.url).pathname;
    expect(parseEvents((await h.call("GET", doctorPath)).text)[0]!.summary).toBe("Appointment with Meera Sharma");
    await setLanguage("doctors", doctor.id, "hi");
    const doctorHindi = (await h.call("GET", doctorPath)).text;
    expect(parseEvents(doctorHindi)[0]!.summary).toBe("Meera Sharma के साथ अपॉइंटमेंट");
    expect(calendarProperty(doctorHindi, "x-wr-calname")).toBe("Carebook अपॉइंटमेंट");
  });
});
