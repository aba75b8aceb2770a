/**
 * Issue 39, items 1 and 2, through the real app: every time a reader sees is in their own zone,
 * named (their account's, else their browser's report, else the deployment's default, India
 * Standard Time, in every language since issue 52), never the doctor's; and an account keeps the
 * language it signed up in (page or API), so its first mail is already in it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";
import { formatDateTime, formatTime } from "../../domain/time";

let h: Harness;
const ORIGIN = "http://localhost";
const ALL_DAYS = { day1: "00:00-24:00", day2: "00:00-24:00", day3: "00:00-24:00", day4: "00:00-24:00", day5: "00:00-24:00", day6: "00:00-24:00", day7: "00:00-24:00" };
// Fixed instants: Monday 4 January 2027, 09:30 UTC = 10:30 in Berlin = 15:00 in Kolkata; and two hours later.
const AT = new Date("2027-01-04T09:30:00Z");
const LATER = new Date("2027-01-04T11:30:00Z");

beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const get = async (path: string, token: string, headers: Record<string, string> = {}) => {
  const res = await h.app.request(path, { headers: { ...headers, cookie: `carebook_session=${token}${headers.cookie ?? ""}` } });
  expect(res.status).toBe(200);
  return res.text();
};
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, ...headers }, body: new URLSearchParams(fields) });
const languageOf = async (table: "patients" | "doctors", id: string) => (await h.elsewhere(`select language from ${table} where id = ?`, [id])).rows[0]!.language;
const subjectsTo = async (address: string) => (await h.elsewhere("select subject from mail_outbox where to_address = ? order by rowid", [address])).rows.map((r) => r.subject as string);

describe("a patient in India booking a doctor whose hours are in Berlin", () => {
  let doctor: Doctor;
  let free: string[];
  beforeAll(async () => {
    doctor = await h.signupDoctor({ name: "Eve East" });
    const saved = await post("/doctor-dashboard/doctor-profile/hours", { tz: "Europe/Berlin", ...ALL_DAYS }, { cookie: `carebook_session=${doctor.token}` });
    expect(saved.status).toBe(303);
    const patient = await h.signupPatient();
    free = (await h.call("GET", `/api/auth/patient-dashboard/doctors/${doctor.id}/slots?days=7`, { token: patient.token })).body.slots.map((s: { start: string }) => s.start);
    expect(free.length).toBeGreaterThan(0);
  });

  const bookingPage = (patient: Patient, headers: Record<string, string> = {}) => get(`/patient-dashboard/bookAppointment/${doctor.id}`, patient.token, headers);
  /** The label of the first free time as the page writes it. */
  // (HTML attributes have no case: the island's server render writes dateTime.)
  const firstLabel = (html: string) => new RegExp(`value="${free[0]}"[^>]*>\\s*<time datetime="${free[0]}">([^<]+)</time>`, "i").exec(html)?.[1];


  test("no zone known, page in Hindi: India Standard Time, said to be a default, with the choice linked; never Berlin", async () => {
    const patient = await h.signupPatient("Asha", { lang: "hi" });
    const html = await bookingPage(patient, { "accept-language": "hi-IN,hi;q=0.9" });
    expect(html).toContain("समय भारतीय मानक समय (कोलकाता) में दिखाए गए हैं, क्योंकि आपका समय क्षेत्र अभी पता नहीं है।");
    expect(html).toContain('href="/patient-dashboard/patient-profile#time-zone">समय क्षेत्र चुनें</a>');
    expect(firstLabel(html)).toBe(formatTime(free[0]!, "Asia/Kolkata", "hi"));
    expect(html).not.toContain("बर्लिन");
    expect(html).not.toContain("Europe/Berlin");
  });

  test("no zone known, page in English: India Standard Time too (issue 52; UTC before), said to be a default; the browser's report and the account's choice win, named", async () => {
    const patient = await h.signupPatient("Arjun");
    let html = await bookingPage(patient);
    expect(html).toContain("Times are in India Standard Time (Kolkata): we do not know your time zone yet.");
    expect(html).toContain('href="/patient-dashboard/patient-profile#time-zone">Choose time zone</a>');
    expect(firstLabel(html)).toBe(formatTime(free[0]!, "Asia/Kolkata"));
    expect(html).not.toContain("Berlin");

    html = await bookingPage(patient, { cookie: "; tz=UTC" });
    expect(html).toContain("Times are in Coordinated Universal Time (UTC) until you choose your time zone.");
    expect(firstLabel(html)).toBe(formatTime(free[0]!, "UTC"));

    expect((await post("/time-zone", { timeZone: "Asia/Kolkata" }, { cookie: `carebook_session=${patient.token}` })).status).toBe(303);
    html = await bookingPage(patient, { cookie: "; tz=Europe%2FParis" });
    expect(html).toContain("Times are in India Standard Time (Kolkata).");
    expect(html).toContain(">Change time zone</a>");
    expect(firstLabel(html)).toBe(formatTime(free[0]!, "Asia/Kolkata"));
  });

  test("the meetings page shows the scheduled time in the patient's zone, never the doctor's, in both languages", async () => {
    // The app's clock pinned to 21:30 UTC, 59.5 days before AT: the fixed date is in the future
    // whatever day this runs, and the page's free times to move to (the next few from 23:30 UTC on)
    // never read 12:30 (run at about 07:00-10:00 UTC with the real clock, they did).
    clockBefore(h, AT, 59.5);
    const hindi = await h.signupPatient("Meera", { lang: "hi" });
    const english = await h.signupPatient("Maya");
    for (const [patient, at] of [[hindi, AT], [english, LATER]] as const) {
      const id = await h.book(patient.token, doctor.id);
      expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
    }
    const inHindi = await get("/patient-dashboard/patient-meetings", hindi.token);
    expect(inHindi).toContain('lang="hi"');
    expect(inHindi).toContain("समय भारतीय मानक समय (कोलकाता) में दिखाए गए हैं, क्योंकि आपका समय क्षेत्र अभी पता नहीं है।");
    expect(inHindi).toContain(formatDateTime(AT, "Asia/Kolkata", "hi"));
    expect(formatDateTime(AT, "Asia/Kolkata", "hi")).toEndWith("IST");
    // Issue 52 (the rule changed: UTC before): an English reader without a zone reads the default, India's.
    const inEnglish = await get("/patient-dashboard/patient-meetings", english.token);
    expect(inEnglish).toContain("Times are in India Standard Time (Kolkata): we do not know your time zone yet.");
    expect(inEnglish).toContain(formatDateTime(LATER, "Asia/Kolkata", "en"));
    expect(formatDateTime(LATER, "Asia/Kolkata", "en")).toBe("Mon, 4 Jan 2027, 17:00 IST");
    // (The move step's free times are whole days of times in the reader's zone: left out here.)
    const shown = inEnglish.replace(/<details class="reschedule own-move"[\s\S]*?<\/details>/g, "").replace(/<script type="application\/json">[\s\S]*?<\/script>/g, "");
    expect(shown).not.toContain("12:30");
    expect(inEnglish).not.toContain("11:30 UTC");

    // Their mails: each in the reader's own zone and language, the zone named; India's for an
    // account without one, whatever its language (issue 52); never the patient's or Berlin's unless chosen.
    const [hindiScheduled] = (await subjectsTo(hindi.email)).filter((s) => s.startsWith("समय तय हुआ"));
    expect(hindiScheduled).toEndWith("सोमवार, 4 जनवरी 2027, 15:00 भारतीय मानक समय (Asia/Kolkata)");
    const [englishScheduled] = (await subjectsTo(english.email)).filter((s) => s.startsWith("Scheduled"));
    expect(englishScheduled).toEndWith("Monday, 4 January 2027, 17:00 India Standard Time (Asia/Kolkata)");
    // The doctor chose no zone: their pages read the zone of their hours, Berlin's (issue 52).
    const doctorPage = await get("/doctor-dashboard/doctor-Meetings", doctor.token);
    expect(doctorPage).toContain("Times are in Central European Time (Berlin).");
    expect(doctorPage).toContain(formatDateTime(AT, "Europe/Berlin", "en"));
  });
});

describe("an account keeps the language it signed up in", () => {
  test("a signup through the API in Hindi (Accept-Language) is a Hindi account; its answer is the same JSON as in English", async () => {
    const email = `api-hindi-${Date.now()}@example.com`;
    const hindi = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Api Hindi", email, password: "correct-horse-1" }, headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" } });
    const english = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Api English", email: `en-${email}`, password: "correct-horse-1" }, headers: { "accept-language": "en-GB" } });
    expect([hindi.status, english.status]).toEqual([201, 201]);
    expect(Object.keys(hindi.body).sort()).toEqual(Object.keys(english.body).sort());
    expect(hindi.body.role).toBe("patient");
    const hindiId = (await h.call("GET", "/api/auth/patient-profile", { token: hindi.body.token })).body.patient._id;
    const englishId = (await h.call("GET", "/api/auth/patient-profile", { token: english.body.token })).body.patient._id;
    expect(await languageOf("patients", hindiId)).toBe("hi");
    expect(await languageOf("patients", englishId)).toBe("en");

    // The first mail is already in Hindi.
    const doctor = await h.signupDoctor({ lang: "hi" });
    expect(await languageOf("doctors", doctor.id)).toBe("hi");
    await h.book(hindi.body.token, doctor.id);
    expect(await subjectsTo(email)).toEqual(["डॉ. Dana Doctor को आपका अनुरोध भेज दिया गया है"]);
    expect((await subjectsTo(doctor.email)).at(-1)).toBe("Api Hindi की ओर से अपॉइंटमेंट का नया अनुरोध");
  });

  test("a signup from a page shown in Hindi (the switcher's cookie, or the browser's Accept-Language) is a Hindi account", async () => {
    const byCookie = `page-cookie-${Date.now()}@example.com`;
    const byHeader = `page-header-${Date.now()}@example.com`;
    const plain = `page-plain-${Date.now()}@example.com`;
    // (the signup pages' consent tick box, issue 44)
    const fields = (email: string) => ({ name: "Page Hindi", email, password: "correct-horse-1", consent: "on" });
    expect((await post("/signupPatient", fields(byCookie), { cookie: "lang=hi", "accept-language": "en" })).status).toBe(303);
    expect((await post("/signupPatient", fields(byHeader), { "accept-language": "hi" })).status).toBe(303);
    expect((await post("/signupPatient", fields(plain), { "accept-language": "en-GB,en;q=0.9" })).status).toBe(303);
    const doctorEmail = `page-doctor-${Date.now()}@example.com`;
    const doctor = await post("/signupDoctor", { ...fields(doctorEmail), specialization: "Dermatologist", collegeName: "City Medical College" }, { "accept-language": "hi" });
    expect(doctor.status).toBe(303);
    const byEmail = async (table: "patients" | "doctors", email: string) => (await h.elsewhere(`select language from ${table} where email = ?`, [email])).rows[0]!.language;
    expect(await byEmail("patients", byCookie)).toBe("hi");
    expect(await byEmail("patients", byHeader)).toBe("hi");
    expect(await byEmail("patients", plain)).toBe("en");
    expect(await byEmail("doctors", doctorEmail)).toBe("hi");
  });
});
