/**
 * Every page in Hindi and in English (issue 31): the status it should have, `<html lang>`, and, in
 * Hindi, no word in Latin script that a person reads (text, labels, placeholders, titles) other
 * than names, emails, addresses, brands and the time-zone abbreviations Intl writes. The people,
 * reasons and colleges here are written in Devanagari, so any Latin word left is our own text.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inMinutes, startHarness, uniqueEmail, PASSWORD, type Harness } from "../../tests/support/harness";

let h: Harness;
const pages: { path: string; cookie: string; status?: number }[] = [];

/** Latin-script words a Hindi page may show: the brand, the other language's name, clock and zone abbreviations. */
const ALLOWED = new Set(["Carebook", "English", "am", "pm", "AM", "PM", "UTC", "GMT", "IST"]);

/** The words in Latin script that a person reads on `html`. */
export function latinWords(html: string): string[] {
  const readable = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, " ")
    // what assistive technology reads out, or a person sees on hover or in an empty field
    .replace(/<[^>]*>/g, (tag) => {
      const said = [...tag.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => m[1]);
      return ` ${said.join(" ")} `;
    })
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ") // emails
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .replace(/\bGMT[+-]\d+(?::\d+)?/g, " ");
  const words = readable.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w) && !/^[A-Z]{2,5}$/.test(w)))];
}

const cookieOf = (token?: string, lang = "hi") => `lang=${lang}${token === undefined ? "" : `; carebook_session=${token}`}`;

beforeAll(async () => {
  h = await startHarness();
  const signup = async (role: "Patient" | "Doctor", json: Record<string, string>) => {
    const res = await h.call("POST", `/api/auth/signup${role}`, { json: { email: uniqueEmail(role.toLowerCase()), password: PASSWORD, ...json } });
    if (res.status !== 201) throw new Error(res.text);
    return res.body as { token: string; doctor?: { _id: string } };
  };
  const patient = await signup("Patient", { name: "प्रिया शर्मा" });
  const doctor = await signup("Doctor", { name: "डॉ. अमित वर्मा", specialization: "Cardiologist", collegeName: "एम्स दिल्ली" });
  const other = await signup("Doctor", { name: "डॉ. सीमा राव", specialization: "Neurologist", collegeName: "केजीएमयू लखनऊ" });
  await signup("Doctor", { name: "डॉ. नया डॉक्टर", specialization: "Dermatologist", collegeName: "बीएचयू" });
  const admin = await h.admin();
  for (const d of [doctor, other]) await h.setDoctorStatus(d.doctor!._id, "approved");
  const doctorId = doctor.doctor!._id;
  const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));
  await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: { timeZone: "Asia/Kolkata", weekly: hours, daysOff: [] } });
  // Issue 41: the doctor is in the public directory, with details written in Devanagari.
  const details = { name: "डॉ. अमित वर्मा", specialization: "Cardiologist", collegeName: "एम्स दिल्ली", registrationNumber: "12345", registrationCouncil: "दिल्ली मेडिकल काउंसिल", languages: "hi,en", fee: "0", experienceYears: "9", about: "दिल की देखभाल" };
  if ((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: h.profileForm(details) })).status !== 200) throw new Error("doctor-profile");
  await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${doctor.doctor!._id}`, { token: admin, json: { verified: true } });
  const profile = await h.call("GET", "/api/auth/patient-profile", { token: patient.token });
  const patientId = profile.body.patient._id as string;
  // A story in every state: confirmed, pending, cancelled, completed with feedback.
  const confirmed = await h.book(patient.token, doctorId, "सीढ़ियाँ चढ़ते समय सीने में दर्द");
  await h.schedule(doctor.token, confirmed, patientId, inMinutes(60 * 26));
  const cancelled = await h.book(patient.token, other.doctor!._id, "सालाना जाँच");
  await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: cancelled, reason: "दूसरी जगह समय मिल गया" } });
  await h.book(patient.token, other.doctor!._id, "सुबह सिर दर्द");
  // A request waiting on the doctor's dashboard, with the times the patient prefers.
  const asker = await signup("Patient", { name: "राहुल गुप्ता" });
  await h.book(asker.token, doctorId, "रात में साँस फूलना");

  for (const path of ["/", "/about", "/services", "/privacy", "/loginPatient", "/signupPatient", "/loginDoctor", "/signupDoctor", "/loginAdmin", "/forgotPassword"])
    pages.push({ path, cookie: cookieOf() });
  pages.push({ path: "/no-such-page", cookie: cookieOf(), status: 404 });
  for (const path of ["/doctors", "/doctors?sort=rating&language=hi", `/doctors/${doctorId}`]) pages.push({ path, cookie: cookieOf() });
  for (const path of [
    "/patient-dashboard",
    "/patient-dashboard/specialization/Cardiologist",
    `/patient-dashboard/bookAppointment/${doctorId}`,
    "/patient-dashboard/patient-meetings",
    "/patient-dashboard/patient-profile",
  ])
    pages.push({ path, cookie: cookieOf(patient.token) });
  for (const path of ["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings", "/doctor-dashboard/doctor-profile"])
    pages.push({ path, cookie: cookieOf(doctor.token) });
  for (const path of ["/admin-dashboard", "/admin-dashboard/account", "/admin-dashboard/mail", "/admin-dashboard/overview"]) pages.push({ path, cookie: cookieOf(admin) });
});

afterAll(() => h?.stop());

describe("every page in Hindi", () => {
  test("answers with its status, lang=hi, and no Latin-script words of ours", async () => {
    const left: string[] = [];
    for (const page of pages) {
      const res = await h.app.request(page.path, { headers: { cookie: page.cookie } });
      const html = await res.text();
      expect(`${page.path} ${res.status}`).toBe(`${page.path} ${page.status ?? 200}`);
      expect(html).toContain('<html lang="hi" dir="ltr"');
      const words = latinWords(html);
      if (words.length > 0) left.push(`${page.path}: ${words.join(" ")}`);
    }
    expect(left).toEqual([]);
  });
});

describe("every page in English", () => {
  test("the same pages answer in English with lang=en, for a cookie or Accept-Language", async () => {
    for (const page of pages) {
      const cookie = page.cookie.replace("lang=hi", "lang=en");
      const res = await h.app.request(page.path, { headers: { cookie } });
      expect(`${page.path} ${res.status}`).toBe(`${page.path} ${page.status ?? 200}`);
      expect(await res.text()).toContain('<html lang="en" dir="ltr"');
    }
    const asked = await h.app.request("/about", { headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" } });
    expect(await asked.text()).toContain('<html lang="hi"');
    const english = await h.app.request("/about", { headers: { "accept-language": "en-IN,en;q=0.9,hi;q=0.5" } });
    expect(await english.text()).toContain('<html lang="en"');
  });
});

describe("the language switch", () => {
  test("keeps the choice in a cookie and comes back to the same page; never to another site", async () => {
    const res = await h.app.request("/language", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "hi", back: "/about" }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/about");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("lang=hi"))).toBe(true);
    const away = await h.app.request("/language", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "hi", back: "//evil.example/x" }),
    });
    expect(away.headers.get("location")).toBe("/");
  });

  test("a signed-in person's choice is kept on the account: a new device starts in it", async () => {
    const patient = await h.signupPatient("Lang Person");
    await h.app.request("/language", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", cookie: cookieOf(patient.token, "en").replace("lang=en; ", "") },
      body: new URLSearchParams({ lang: "hi", back: "/patient-dashboard" }),
    });
    const fresh = await h.app.request("/patient-dashboard", { headers: { cookie: `carebook_session=${patient.token}` } });
    expect(await fresh.text()).toContain('<html lang="hi"');
  });
});
