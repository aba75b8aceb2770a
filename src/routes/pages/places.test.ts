/**
 * Issue 54 through the pages, without script: the doctor's places page under the profile (add,
 * edit, remove; a refusal shown beside its own form with what was typed), in English and Hindi.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";

const PLACES = "/doctor-dashboard/doctor-profile/places";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038", phone: "", mapUrl: "" };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => at(8);
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const page = async (token: string, path: string, lang = "en") => {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, lang) } });
  return { status: res.status, html: await res.text() };
};
/** A form post as a browser makes it without script (`navigate`: a refusal goes back to the page; without, it is answered in place). */
const post = (token: string, path: string, fields: Record<string, string>, lang = "en", navigate = true) =>
  h.app.request(path, {
    method: "POST",
    headers: { cookie: cookie(token, lang), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", ...(navigate ? { "sec-fetch-mode": "navigate" } : {}) },
    body: new URLSearchParams(fields),
  });
const places = async (d: Doctor) => (await h.call("GET", "/api/auth/doctor-dashboard/places", { token: d.token })).body.places as { _id: string; name: string; phone: string | null }[];

describe("the doctor's places page", () => {
  test("linked from the profile; add, edit and remove without script, each a 303 back to the page; the page lists the places", async () => {
    const d = await h.signupDoctor();
    expect((await page(d.token, "/doctor-dashboard/doctor-profile")).html).toContain(`href="${PLACES}"`);
    const empty = await page(d.token, PLACES);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("No places yet: all your appointments are video calls.");
    const added = await post(d.token, PLACES, { ...clinic, phone: "98220 12345" });
    expect([added.status, added.headers.get("location")]).toEqual([303, `${PLACES}#notice`]);
    const [place] = await places(d);
    expect(place).toMatchObject({ name: "Sunrise Clinic", phone: "+919822012345" });
    const shown = await page(d.token, PLACES);
    expect(shown.html).toContain(`value="Sunrise Clinic"`);
    expect(shown.html).toContain(`action="${PLACES}/${place!._id}"`);
    const edited = await post(d.token, `${PLACES}/${place!._id}`, { ...clinic, name: "Sunrise Clinic, first floor" });
    expect(edited.status).toBe(303);
    expect((await places(d))[0]).toMatchObject({ name: "Sunrise Clinic, first floor", phone: null });
    const removed = await post(d.token, `${PLACES}/${place!._id}/remove`, {});
    expect(removed.status).toBe(303);
    expect(await places(d)).toEqual([]);
  });

  test("a refusal shows in the form it came from, with what was typed, in plain words; in Hindi too", async () => {
    const d = await h.signupDoctor();
    const bad = await post(d.token, PLACES, { ...clinic, pinCode: "012345" }, "en", false);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Please enter a 6-digit PIN code, such as 411038.");
    expect(html).toContain(`value="012345"`);
    const noName = await (await post(d.token, PLACES, { ...clinic, name: " " }, "en", false)).text();
    expect(noName).toContain("Please enter the name of the place.");
    const hindi = await (await post(d.token, PLACES, { ...clinic, mapUrl: "http://maps.example.com" }, "hi", false)).text();
    expect(hindi).toContain("नक्शे का लिंक https:// से शुरू होना चाहिए।");
    expect(hindi).toContain("प्रैक्टिस की जगहें");
    expect(await places(d)).toEqual([]);
  });

  test("removing a place with a confirmed appointment there says how many, in the page's language", async () => {
    const d = await h.signupDoctor();
    await post(d.token, PLACES, clinic);
    const [place] = await places(d);
    const p = await h.signupPatient();
    const id = await h.book(p.token, d.id);
    await h.schedule(d.token, id, p.id, at(30));
    await h.elsewhere("update appointments set visit_type = 'clinic', place_id = ? where id = ?", [place!._id, id]);
    const refused = await post(d.token, `${PLACES}/${place!._id}/remove`, {}, "en", false);
    expect(refused.status).toBe(409);
    const en = await refused.text();
    expect(en).toContain("This place has 1 upcoming confirmed appointment: move or cancel it first.");
    const hi = await (await post(d.token, `${PLACES}/${place!._id}/remove`, {}, "hi", false)).text();
    expect(hi).toContain("इस जगह पर 1 आने वाला पक्का अपॉइंटमेंट है");
    expect(await places(d)).toHaveLength(1);
    // With navigation (a browser without script): back to the page, the refusal shown there once.
    const back = await post(d.token, `${PLACES}/${place!._id}/remove`, {});
    expect(back.status).toBe(303);
  });
});

describe("the hours form with places", () => {
  const HOURS = "/doctor-dashboard/doctor-profile/hours";
  const availability = async (d: Doctor) => (await h.call("GET", "/api/auth/doctor-dashboard/availability", { token: d.token })).body.availability;

  test("each place has its own day fields; Monday hours at a place are saved with its id, the video hours without, and shown again", async () => {
    const d = await h.signupDoctor();
    await post(d.token, PLACES, clinic);
    const [place] = await places(d);
    const profile = await page(d.token, "/doctor-dashboard/doctor-profile");
    expect(profile.html).toContain("At Sunrise Clinic, in person");
    expect(profile.html).toContain(`name="p.${place!._id}.d1"`);
    const saved = await post(d.token, HOURS, { tz: "Asia/Kolkata", day1: "17:00-19:00", [`p.${place!._id}.d1`]: "09:00-12:00" });
    expect(saved.status).toBe(303);
    expect((await availability(d)).weekly).toEqual([
      { day: 1, start: "09:00", end: "12:00", placeId: place!._id },
      { day: 1, start: "17:00", end: "19:00" },
    ]);
    const again = await page(d.token, "/doctor-dashboard/doctor-profile");
    expect(again.html).toContain(`name="p.${place!._id}.d1" value="09:00-12:00"`);
    const hindi = await page(d.token, "/doctor-dashboard/doctor-profile", "hi");
    expect(hindi.html).toContain("Sunrise Clinic पर, आमने-सामने");
  });

  test("an overlap between a place and video is refused in plain words; another doctor's place is refused too", async () => {
    const d = await h.signupDoctor();
    await post(d.token, PLACES, clinic);
    const [place] = await places(d);
    const overlap = await post(d.token, HOURS, { tz: "Asia/Kolkata", day1: "10:00-11:00", [`p.${place!._id}.d1`]: "09:00-12:00" }, "en", false);
    expect(overlap.status).toBe(400);
    expect(await overlap.text()).toContain("Your hours for Monday overlap");
    const other = await h.signupDoctor();
    await post(other.token, PLACES, clinic);
    const [theirs] = await places(other);
    const foreign = await post(d.token, HOURS, { tz: "Asia/Kolkata", [`p.${theirs!._id}.d2`]: "09:00-12:00" }, "en", false);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("One of the places in your hours is no longer yours");
    expect(await availability(d)).toBeNull();
  });
});

describe("what the patient reads of a clinic visit", () => {
  test("the meetings pages of both sides give the clinic's name, address and map, and ask to arrive early, with no Join; the .ics says where; in Hindi too", async () => {
    const d = await h.signupDoctor({ name: "Dr. Clinic" });
    await post(d.token, PLACES, { ...clinic, mapUrl: "https://maps.example.com/?q=sunrise" });
    const [place] = await places(d);
    await h.call("PUT", "/api/auth/doctor-dashboard/availability", {
      token: d.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "10:00", end: "12:00", placeId: place!._id }], daysOff: [], instantBooking: true },
    });
    const p = await h.signupPatient();
    const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: p.token, json: { doctorId: d.id, reason: "A sore knee", slotStart: at(10).toISOString() } });
    expect(booked.status).toBe(201);
    const mine = await page(p.token, "/patient-dashboard/patient-meetings");
    expect(mine.html).toContain("In person at");
    expect(mine.html).toContain("Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038");
    expect(mine.html).toContain("Please arrive 10 minutes early.");
    expect(mine.html).toContain(`href="https://maps.example.com/?q=sunrise"`);
    expect(mine.html).not.toContain(">Join");
    const theirs = await page(d.token, "/doctor-dashboard/doctor-Meetings");
    expect(theirs.html).toContain("Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038");
    const hindi = await page(p.token, "/patient-dashboard/patient-meetings", "hi");
    expect(hindi.html).toContain("कृपया 10 मिनट पहले पहुँचें।");
    const ics = await h.call("GET", `/api/auth/patient-dashboard/meetings/${booked.body.appointment._id}/calendar.ics`, { token: p.token });
    expect(ics.status).toBe(200);
    expect(ics.text.replace(/\r\n /g, "")).toContain("LOCATION:Sunrise Clinic\\, 12 Karve Road\\, Kothrud\\, Pune 411038");
    expect(ics.text).toContain("Please arrive 10 minutes early.");
    expect(ics.text).not.toContain("meet.jit.si");
  });
});

describe("the directory's cards", () => {
  test("a card says where the doctor sees patients: each clinic with hours and video; in Hindi too", async () => {
    const { publicDoctor } = await import("../../../tests/support/public-doctors");
    const d = await publicDoctor(h, "Dr. Card Clinic", { hours: ["14:00", "15:00"] });
    await post(d.token, PLACES, clinic);
    const [place] = await places(d as Doctor);
    await h.call("PUT", "/api/auth/doctor-dashboard/availability", {
      token: d.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "11:00", placeId: place!._id }, { day: 1, start: "14:00", end: "15:00" }], daysOff: [] },
    });
    const card = (html: string) => /<li class="card doctor-card">(?:(?!<\/li>)[^])*Dr\. Card Clinic(?:(?!<\/li>)[^])*<\/li>/.exec(html)?.[0] ?? "";
    const en = card((await page("", "/doctors?city=pune")).html);
    expect(en).toContain("In clinic: Kothrud, Pune");
    expect(en).toContain(">Video<");
    const hi = card((await page("", "/doctors?city=pune", "hi")).html);
    expect(hi).toContain("क्लिनिक में: Kothrud, Pune");
  });
});

describe("the public profile's clinics", () => {
  test("each place with its address, map link, phone and the weekdays it has hours; in Hindi too; none for a doctor by video only", async () => {
    const { publicDoctor } = await import("../../../tests/support/public-doctors");
    const d = await publicDoctor(h, "Dr. Profile Clinic", { hours: ["14:00", "15:00"] });
    await post(d.token, PLACES, { ...clinic, mapUrl: "https://maps.example.com/?q=1", phone: "9822012345" });
    const [place] = await places(d as Doctor);
    await h.call("PUT", "/api/auth/doctor-dashboard/availability", {
      token: d.token, json: { timeZone: "UTC", weekly: [{ day: 3, start: "09:00", end: "11:00", placeId: place!._id }, { day: 1, start: "09:00", end: "11:00", placeId: place!._id }], daysOff: [] },
    });
    const en = (await page("", `/doctors/${d.id}`)).html;
    expect(en).toContain("<h2 id=\"places-title\">Clinics</h2>");
    expect(en).toContain("<strong>Sunrise Clinic</strong><br/>12 Karve Road, Kothrud, Pune 411038");
    expect(en).toContain("Open on Monday, Wednesday");
    expect(en).toContain(`href="https://maps.example.com/?q=1"`);
    expect(en).toContain(`href="tel:+919822012345"`);
    const hi = (await page("", `/doctors/${d.id}`, "hi")).html;
    expect(hi).toContain("खुला: सोमवार, बुधवार");
    const online = await publicDoctor(h, "Dr. Profile Online", { hours: ["14:00", "15:00"] });
    expect((await page("", `/doctors/${online.id}`)).html).not.toContain("places-title");
  });
});

describe("a pending clinic request on the doctor's dashboard", () => {
  test("its card says where (the clinic's address), or that the place is still to be chosen", async () => {
    const d = await h.signupDoctor();
    await post(d.token, PLACES, clinic);
    const [place] = await places(d);
    await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: d.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "11:00", placeId: place!._id }], daysOff: [] } });
    const p = await h.signupPatient();
    expect((await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: p.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [at(10).toISOString()] } })).status).toBe(201);
    const q = await h.signupPatient();
    expect((await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: q.token, json: { doctorId: d.id, reason: "A sore back", visitType: "clinic" } })).status).toBe(201);
    const html = (await page(d.token, "/doctor-dashboard")).html.replace(/<!-- -->/g, "");
    expect(html).toContain("<strong>In person at</strong> Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038");
    expect(html).toContain("In person, place not chosen yet");
    expect(html).not.toContain("Please arrive 10 minutes early.");
  });
});

describe("the place selector of the schedule and reschedule forms (issue 54)", () => {
  test("without script: the dashboard's schedule form and the meetings page's move form offer the hours' choice, video and each place, in English and Hindi; the choice wins over the hours", async () => {
    const d = await h.signupDoctor();
    const noPlaces = await h.signupDoctor();
    const placeId = (await h.call("POST", "/api/auth/doctor-dashboard/places", { token: d.token, json: clinic })).body.place._id as string;
    const weekly = [{ day: 1, start: "09:00", end: "11:00", placeId }, { day: 1, start: "14:00", end: "16:00" }];
    expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: false } })).status).toBe(200);
    const p = await h.signupPatient();
    const asked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: p.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [at(14).toISOString()] } });
    expect(asked.status).toBe(201);
    const id = asked.body.appointment._id as string;

    const en = (await page(d.token, "/doctor-dashboard")).html;
    expect(en).toContain(`name="placeId"`);
    for (const words of ["Where", "As the hours of the chosen time", "Video call", "Sunrise Clinic, Kothrud", "Left as it is, the appointment is where the chosen time&#x27;s hours are"]) expect(en).toContain(words);
    expect(en).toContain(`<option value="${placeId}">`);
    const hi = (await page(d.token, "/doctor-dashboard", "hi")).html;
    for (const words of ["कहाँ", "चुने गए समय के घंटों के अनुसार", "वीडियो कॉल"]) expect(hi).toContain(words);
    // A doctor without places is offered no selector.
    expect((await page(noPlaces.token, "/doctor-dashboard")).html).not.toContain(`name="placeId"`);

    // 14:00 is in the video hours; the doctor chooses the clinic. The question carries the choice.
    const fields = { appointmentId: id, patientId: p.id, date: at(14).toISOString().slice(0, 10), time: "14:00", tz: "UTC", placeId };
    const question = await post(d.token, "/doctor-dashboard/schedule", fields);
    const asking = await question.text();
    expect(asking).toContain(`name="placeId" value="${placeId}"`);
    const yes = await post(d.token, "/doctor-dashboard/schedule", { appointmentId: id, patientId: p.id, slot: at(14).toISOString(), confirm: "1", placeId });
    expect(yes.status).toBe(303);
    const visitOf = async () => {
      const a = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: p.token })).body.appointments.find((x: { _id: string }) => x._id === id);
      return [a.visit.type, a.meetLink === null ? null : "link"];
    };
    expect(await visitOf()).toEqual(["clinic", null]);

    // The move form on the meetings page: into the clinic's hours, but a video call as chosen.
    const meetings = (await page(d.token, "/doctor-dashboard/doctor-Meetings", "hi")).html;
    expect(meetings).toContain(`id="place-move-${id}"`);
    expect(meetings).toContain("चुने गए समय के घंटों के अनुसार");
    const moved = await post(d.token, "/doctor-dashboard/doctor-Meetings/reschedule", { appointmentId: id, date: at(10).toISOString().slice(0, 10), time: "10:00", tz: "UTC", reason: "A change of plan", placeId: "video" });
    expect(moved.status).toBe(303);
    expect(await visitOf()).toEqual(["video", "link"]);
    // Left as it is, the hours decide: 09:30 is at the clinic.
    await post(d.token, "/doctor-dashboard/doctor-Meetings/reschedule", { appointmentId: id, date: at(9.5).toISOString().slice(0, 10), time: "09:30", tz: "UTC", reason: "A change of plan", placeId: "" });
    expect(await visitOf()).toEqual(["clinic", null]);
  });
});

describe("the booking picker says where each time is (issue 54)", () => {
  test("without script: the day's times are headed by their place or video call, in English and Hindi; a video-only doctor's picker has no headings", async () => {
    const d = await h.signupDoctor();
    const placeId = (await h.call("POST", "/api/auth/doctor-dashboard/places", { token: d.token, json: clinic })).body.place._id as string;
    const weekly = [{ day: 1, start: "12:00", end: "13:00", placeId }, { day: 1, start: "14:00", end: "15:00" }];
    for (const instantBooking of [true, false]) {
      expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: d.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking } })).status).toBe(200);
      const p = await h.signupPatient();
      const en = (await page(p.token, `/patient-dashboard/bookAppointment/${d.id}`)).html;
      const clinicAt = en.indexOf(`slot-where">At Sunrise Clinic, Kothrud, in person`);
      const video = en.indexOf(`slot-where">By video call`);
      const time = (iso: string) => en.indexOf(`datetime="${iso}"`) > 0 ? en.indexOf(`datetime="${iso}"`) : en.indexOf(`dateTime="${iso}"`);
      expect(clinicAt).toBeGreaterThan(0);
      expect(video).toBeGreaterThan(clinicAt);
      // 12:00 under the clinic's heading, 14:00 under the video call's.
      expect([time(at(12).toISOString()) > clinicAt, time(at(12).toISOString()) < video, time(at(14).toISOString()) > video]).toEqual([true, true, true]);
      const hi = (await page(p.token, `/patient-dashboard/bookAppointment/${d.id}`, "hi")).html;
      expect(hi).toContain(`slot-where">Sunrise Clinic, Kothrud पर, आमने-सामने`);
      expect(hi).toContain(`slot-where">वीडियो कॉल से`);
    }
    const videoOnly = await h.signupDoctor();
    expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: videoOnly.token, json: { timeZone: "UTC", weekly: [{ day: 1, start: "14:00", end: "15:00" }], daysOff: [], instantBooking: true } })).status).toBe(200);
    const p = await h.signupPatient();
    expect((await page(p.token, `/patient-dashboard/bookAppointment/${videoOnly.id}`)).html).not.toContain("slot-where");
  });
});
