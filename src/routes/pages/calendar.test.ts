/**
 * The calendar on the meetings pages (issue 13), as the server renders and answers them for the
 * session cookie: Add to calendar links, the one-meeting file, the feed's make-and-reset form
 * (same-origin only, URL shown once), and the limit on refused feed fetches.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseEvents } from "../../../tests/support/ical";
import { inMinutes, startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

let h: Harness;
let patient: Patient;
let stranger: Patient;
let doctor: Doctor;
let confirmed: string;
let pending: string;

const PATIENT_PAGE = "/patient-dashboard/patient-meetings";
const DOCTOR_PAGE = "/doctor-dashboard/doctor-Meetings";
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

const get = (path: string, token?: string, cookies = "") =>
  h.app.request(path, { headers: { cookie: `${token ? `carebook_session=${token}; ` : ""}${cookies}` } });
const post = (path: string, token: string, headers: Record<string, string>) =>
  h.app.request(path, { method: "POST", headers: { cookie: `carebook_session=${token}`, ...headers } });
/** The calendar section of a meetings page. */
const section = async (res: Response) => (await res.text()).match(/<section id="calendar"[\s\S]*?<\/section>/)?.[0] ?? "";

// Signups hash passwords (argon2): generous under a loaded machine.
const SETUP_MS = 60_000;

beforeAll(async () => {
  h = await startHarness();
  [patient, stranger, doctor] = await Promise.all([h.signupPatient("Pia Patient"), h.signupPatient("Stan Stranger"), h.signupDoctor({ name: "Dr Rana Rao" })]);
  const other = await h.signupDoctor({ name: "Dr Other" });
  confirmed = await h.book(patient.token, doctor.id, "Knee pain");
  expect((await h.schedule(doctor.token, confirmed, patient.id, inMinutes(24 * 60))).status).toBe(200);
  pending = await h.book(patient.token, other.id, "Rash");
}, SETUP_MS);
afterAll(() => h.stop());

describe("Add to calendar", () => {
  test("each meetings page links the confirmed meeting's file, and no pending request", async () => {
    const patientHtml = await (await get(PATIENT_PAGE, patient.token)).text();
    expect(patientHtml.match(/>Add to calendar</g)).toHaveLength(1);
    expect(patientHtml).toContain(`href="${PATIENT_PAGE}/${confirmed}.ics" download=""`);
    expect(patientHtml).not.toContain(`${pending}.ics`);
    const doctorHtml = await (await get(DOCTOR_PAGE, doctor.token)).text();
    expect(doctorHtml).toContain(`href="${DOCTOR_PAGE}/${confirmed}.ics" download=""`);
  });

  test("the link answers the file for the appointment's patient and doctor", async () => {
    for (const [page, token, summary] of [[PATIENT_PAGE, patient.token, "Appointment with Dr Rana Rao"], [DOCTOR_PAGE, doctor.token, "Appointment with Pia Patient"]] as const) {
      const res = await get(`${page}/${confirmed}.ics`, token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("content-disposition")).toStartWith("attachment;");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      expect(parseEvents(await res.text())).toMatchObject([{ uid: `appointment-${confirmed}@carebook`, summary, status: "CONFIRMED" }]);
    }
  });

  test("someone else's or an unknown meeting is the 404 page; no session goes to the login", async () => {
    for (const path of [`${PATIENT_PAGE}/${confirmed}.ics`, `${PATIENT_PAGE}/nope.ics`]) {
      const res = await get(path, stranger.token);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Page Not Found");
    }
    const out = await get(`${PATIENT_PAGE}/${confirmed}.ics`);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/loginPatient");
    expect((await get(`${DOCTOR_PAGE}/${confirmed}.ics`, patient.token)).status).toBe(302);
  });
});

describe("the feed on the meetings page", () => {
  test("a cross-site or unattributed post is refused (403) and makes no feed", async () => {
    const refusals: Record<string, string>[] = [{}, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://evil.example" }, { origin: "null" }, { referer: "https://evil.example/x" }];
    for (const headers of refusals) {
      expect((await post(`${PATIENT_PAGE}/calendar-feed`, patient.token, headers)).status).toBe(403);
    }
    const api = await h.call("GET", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token });
    expect(api.body).toEqual({ feed: null });
    expect(await section(await get(PATIENT_PAGE, patient.token))).toContain(">Get calendar link</button>");
  });

  test("the form makes the feed, the page shows its webcal and https URLs once, and a reset revokes it", async () => {
    const made = await post(`${PATIENT_PAGE}/calendar-feed`, patient.token, { origin: "http://localhost", host: "localhost" });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe(`${PATIENT_PAGE}#calendar`);
    const once = made.headers.get("set-cookie")!.split(";")[0]!;

    const shown = await get(PATIENT_PAGE, patient.token, once);
    expect(shown.headers.get("set-cookie")).toContain("carebook_calendar_link=; Max-Age=0");
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const html = await section(shown);
    const url = html.match(/value="(http:\/\/localhost\/calendar\/[\w-]{43}\.ics)"/)?.[1];
    expect(url).toBeDefined();
    expect(html).toContain(`href="${url!.replace("http:", "webcal:")}"`);
    expect(html).toContain(">Reset calendar link</button>");
    const feed = await h.call("GET", new URL(url!).pathname);
    expect(feed.status).toBe(200);
    expect(parseEvents(feed.text).map((e) => e.uid)).toEqual([`appointment-${confirmed}@carebook`]);

    // Shown once: the next visit says when it was made, never the URL.
    const later = await section(await get(PATIENT_PAGE, patient.token));
    expect(later).toContain("You made a calendar link on");
    expect(later).not.toContain("/calendar/");
    // Someone else's browser cannot show it with a copied cookie.
    expect(await section(await get(PATIENT_PAGE, stranger.token, once))).not.toContain("/calendar/");

    expect((await post(`${PATIENT_PAGE}/calendar-feed`, patient.token, SAME_ORIGIN)).status).toBe(303);
    expect((await h.call("GET", new URL(url!).pathname)).status).toBe(404);
  });

  test("the doctor's page has the same form", async () => {
    expect(await section(await get(DOCTOR_PAGE, doctor.token))).toContain(`action="${DOCTOR_PAGE}/calendar-feed"`);
    const made = await post(`${DOCTOR_PAGE}/calendar-feed`, doctor.token, SAME_ORIGIN);
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe(`${DOCTOR_PAGE}#calendar`);
  });
});

describe("refused feed fetches", () => {
  test("are limited per address like failed logins: 429 with Retry-After; valid URLs and other addresses still work", async () => {
    // LOGIN_FAILURE_LIMIT 2: twenty refusals per address in 15 minutes.
    const small = await startHarness({ LOGIN_FAILURE_LIMIT: "2", TRUST_PROXY: "true" });
    try {
      const someone = await small.signupPatient();
      const feed = await small.call("POST", "/api/auth/patient-dashboard/calendar-feed", { token: someone.token });
      const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
      for (let i = 0; i < 20; i++) expect((await small.call("GET", `/calendar/guess${i}.ics`, from("203.0.113.7"))).status).toBe(404);
      const refused = await small.call("GET", "/calendar/guess.ics", from("203.0.113.7"));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.message).toBe("Too many calendar requests. Please try again later.");
      expect((await small.call("GET", new URL(feed.body.feed.url).pathname, from("203.0.113.7"))).status).toBe(200);
      expect((await small.call("GET", "/calendar/guess.ics", from("198.51.100.9"))).status).toBe(404);
    } finally {
      await small.stop();
    }
  }, SETUP_MS);
});
