/**
 * Issue 54 item 3's moving rules through the API: a move keeps the visit unless the new time is
 * in a range of another (then it takes that range's: to a clinic, no link; to video, a link); a
 * time outside every range keeps the visit it had. When it changes both sides are told plainly
 * (the patient's mail of the doctor's move, the doctor's of the patient's move); the doctor's
 * undo puts the visit back. A UTC doctor: Monday 09:00-11:00 at a clinic, 14:00-16:00 by video.
 * Planned from the next Monday (UTC), the app's clock two days before.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const MOVED_TO_CLINIC = "The new time is in the clinic hours, so the appointment is now in person at the clinic; its address is with the appointment.";
const MOVED_TO_VIDEO = "The new time is in the video call hours, so the appointment is now a video call.";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true", UNDO_SECONDS: "60" });
  h.deps.now = () => at(-48);
});
afterAll(() => h.stop());

const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038" };
async function setUp() {
  const d = await h.signupDoctor();
  const placeId = (await h.call("POST", `${DOCTOR}/places`, { token: d.token, json: clinic })).body.place._id as string;
  const weekly = [{ day: 1, start: "09:00", end: "11:00", placeId }, { day: 1, start: "14:00", end: "16:00" }];
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  const p = await h.signupPatient();
  const book = async (hours: number) => {
    const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId: d.id, reason: "A sore knee", slotStart: at(hours).toISOString() } });
    expect(res.status).toBe(201);
    return res.body.appointment._id as string;
  };
  const visitOf = async (id: string) => {
    const list = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p.token })).body.appointments as { _id: string; visit: { type: string }; meetLink: string | null }[];
    const a = list.find((x) => x._id === id)!;
    return [a.visit.type, a.meetLink === null ? null : "link"];
  };
  const mails = async (id: string, template: string) =>
    (await h.elsewhere("select text from mail_outbox where appointment_id = ? and template = ? and channel = 'email' order by rowid", [id, template])).rows.map((r) => String(r.text));
  return { d, p, placeId, book, visitOf, mails };
}

describe("moving across visit types", () => {
  test("the doctor's move: into the video hours it becomes a video call with a link, into the clinic's a clinic visit without; outside every range it keeps its visit; the patient's mail says so; undo puts it back", async () => {
    const { d, book, visitOf, mails } = await setUp();
    const id = await book(10);
    expect(await visitOf(id)).toEqual(["clinic", null]);
    const move = (hours: number) => h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: d.token, json: { appointmentId: id, scheduledDateTime: at(hours).toISOString(), reason: "A change of plan" } });

    const toVideo = await move(14);
    expect([toVideo.status, toVideo.body.message, toVideo.body.meetLink?.startsWith("https://")]).toEqual([200, "Appointment rescheduled successfully", true]);
    expect(await visitOf(id)).toEqual(["video", "link"]);
    expect((await mails(id, "scheduled")).at(-1)).toContain(MOVED_TO_VIDEO);
    // Undone within the window: at the clinic again, without the link, and the mail dropped.
    expect((await h.call("POST", `${DOCTOR}/undo`, { token: d.token, json: { appointmentId: id } })).status).toBe(200);
    expect(await visitOf(id)).toEqual(["clinic", null]);

    // Outside every range (Tuesday): it keeps its visit, and nothing is said of it.
    const outside = await move(30);
    expect([outside.status, outside.body.meetLink]).toEqual([200, null]);
    expect(await visitOf(id)).toEqual(["clinic", null]);
    expect((await mails(id, "scheduled")).at(-1) ?? "").not.toContain(MOVED_TO_CLINIC);

    // Into the video hours and back into the clinic's: told each time.
    expect((await move(15)).body.meetLink).toStartWith("https://");
    const back = await move(9.5);
    expect([back.status, back.body.meetLink]).toEqual([200, null]);
    expect(await visitOf(id)).toEqual(["clinic", null]);
    // Within the same visit's hours: no word of a change.
    const same = await move(9);
    expect([same.status, same.body.meetLink]).toEqual([200, null]);
  });

  test("the patient's move to a free time of another visit takes that visit, and the doctor's mail says so; a video call keeps its link", async () => {
    const { d, p, book, visitOf, mails } = await setUp();
    const id = await book(14);
    const first = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p.token })).body.appointments[0].meetLink as string;
    const own = (hours: number) => h.call("POST", `${PATIENT}/rescheduleAppointment`, { token: p.token, json: { appointmentId: id, slotStart: at(hours).toISOString() } });
    const toClinic = await own(10);
    expect([toClinic.status, toClinic.body.meetLink]).toEqual([200, null]);
    expect(await visitOf(id)).toEqual(["clinic", null]);
    expect((await mails(id, "patientMoved")).at(-1)).toContain(MOVED_TO_CLINIC);
    const toVideo = await own(15);
    expect(toVideo.body.meetLink).toStartWith("https://");
    expect(toVideo.body.meetLink).not.toBe(first);
    expect((await mails(id, "patientMoved")).at(-1)).toContain(MOVED_TO_VIDEO);
    // Video to video: the link stays.
    const again = await own(15.5);
    expect(again.body.meetLink).toBe(toVideo.body.meetLink);
    expect((await mails(id, "patientMoved")).at(-1)).not.toContain(MOVED_TO_VIDEO);
    void d;
  });
});

describe("a clinic visit's mails (issue 54 item 4)", () => {
  test("the confirmation and the reminders give the clinic's name and full address, the map link and 'please arrive 10 minutes early', never a video call link; in Hindi too", async () => {
    const d = await h.signupDoctor();
    const placeId = (await h.call("POST", `${DOCTOR}/places`, { token: d.token, json: { ...clinic, mapUrl: "https://maps.example.com/?q=1" } })).body.place._id as string;
    const weekly = [{ day: 1, start: "09:00", end: "11:00", placeId }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
    for (const [lang, early, at_] of [["en", "Please arrive 10 minutes early.", "In person at"], ["hi", "कृपया 10 मिनट पहले पहुँचें।", "आमने-सामने, यहाँ:"]] as const) {
      const p = await h.signupPatient(`Pia ${lang}`, { lang });
      const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId: d.id, reason: "A sore knee", slotStart: at(lang === "en" ? 9 : 9.5).toISOString() } });
      expect(res.status).toBe(201);
      const id = res.body.appointment._id as string;
      const rows = (await h.elsewhere("select template, recipient_role, text, html from mail_outbox where appointment_id = ? and channel = 'email' order by rowid", [id])).rows;
      const confirmation = rows.find((r) => r.template === "scheduled" && r.recipient_role === "patient")!;
      expect(confirmation).toBeDefined();
      const text = String(confirmation.text);
      expect(text).toContain(`${at_}: Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038`);
      expect(text).toContain(early);
      expect(text).toContain("https://maps.example.com/?q=1");
      expect(text).not.toContain("meet.jit.si");
      expect(String(confirmation.html)).not.toMatch(/video call link|वीडियो कॉल लिंक/i);
      const reminders = rows.filter((r) => r.template === "reminder");
      expect(reminders.length).toBeGreaterThan(0);
      for (const r of reminders) expect(String(r.text)).toContain("Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038");
    }
  });
});

describe("the move's notice on the pages", () => {
  test("the doctor's form move into the video hours says so in the notice, in English and Hindi; a move within the same visit says only the move", async () => {
    const { d, book } = await setUp();
    const id = await book(10);
    const post = (hours: number, lang: string) =>
      h.app.request("/doctor-dashboard/doctor-Meetings/reschedule", {
        method: "POST",
        headers: { origin: "http://localhost", cookie: `carebook_session=${d.token}; lang=${lang}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ appointmentId: id, date: at(hours).toISOString().slice(0, 10), time: at(hours).toISOString().slice(11, 16), tz: "UTC", reason: "A change of plan" }),
      });
    const noticeOf = (res: Response) => decodeURIComponent(decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith("notice="))!.split(";")[0]!.slice(7)));
    const toVideo = await post(14, "en");
    expect(toVideo.status).toBe(303);
    expect(noticeOf(toVideo)).toContain(`Appointment rescheduled successfully. ${MOVED_TO_VIDEO}`);
    const toClinic = await post(9, "hi");
    expect(noticeOf(toClinic)).toContain("अपॉइंटमेंट का नया समय तय हो गया। नया समय क्लिनिक के समय में है");
    const same = await post(9.5, "en");
    expect(noticeOf(same)).toContain("Appointment rescheduled successfully");
    expect(noticeOf(same)).not.toContain("The new time is");
  });
});

describe("the doctor's explicit choice of place (issue 54: it wins over the hours)", () => {
  test("rescheduling with placeId puts it there; \"video\" makes it a video call in the clinic's hours; another doctor's place is 400 naming the field; scheduling a request the same", async () => {
    const { d, p, placeId, book, visitOf } = await setUp();
    const id = await book(14);
    const move = (hours: number, extra: Record<string, string>) =>
      h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: d.token, json: { appointmentId: id, scheduledDateTime: at(hours).toISOString(), reason: "A change of plan", ...extra } });
    // In the video hours, but at the clinic as chosen.
    const toClinic = await move(15, { placeId });
    expect([toClinic.status, toClinic.body.meetLink]).toEqual([200, null]);
    expect(await visitOf(id)).toEqual(["clinic", null]);
    // In the clinic's hours, but a video call as chosen.
    const toVideo = await move(10, { placeId: "video" });
    expect([toVideo.status, toVideo.body.meetLink?.startsWith("https://")]).toEqual([200, true]);
    expect(await visitOf(id)).toEqual(["video", "link"]);
    const other = await h.signupDoctor();
    const foreign = (await h.call("POST", `${DOCTOR}/places`, { token: other.token, json: clinic })).body.place._id as string;
    for (const bad of [foreign, "no-such-place"]) expect([(await move(15, { placeId: bad })).status, (await move(15, { placeId: bad })).body.message]).toEqual([400, "placeId is not one of your places"]);
    expect(await visitOf(id)).toEqual(["video", "link"]);

    // Another patient's request, its preferred time in the clinic's hours, scheduled as a video call by choice.
    const p2 = await h.signupPatient();
    const asked = await h.call("POST", `${PATIENT}/bookAppointment`, { token: p2.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [at(9).toISOString()] } });
    expect(asked.status).toBe(201);
    const request = asked.body.appointment._id as string;
    const schedule = (extra: Record<string, string>) =>
      h.call("POST", `${DOCTOR}/scheduleAppointments`, { token: d.token, json: { appointmentId: request, patientId: p2.id, scheduledDateTime: at(9).toISOString(), ...extra } });
    expect([(await schedule({ placeId: foreign })).status, (await schedule({ placeId: foreign })).body.message]).toEqual([400, "placeId is not one of your places"]);
    const scheduled = await schedule({ placeId: "video" });
    expect([scheduled.status, scheduled.body.meetLink?.startsWith("https://")]).toEqual([200, true]);
    const listed = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p2.token })).body.appointments.find((a: { _id: string }) => a._id === request);
    expect(listed.visit).toEqual({ type: "video" });
    void p;
  });
});
