/**
 * An account's time zone: chosen on the profile (a form, without script), or reported by the
 * browser while the account has none; every page then shows times in it, never UTC unasked.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const cookieOf = (token: string, extra = "") => `carebook_session=${token}${extra}`;
const post = (path: string, fields: Record<string, string>, cookie: string, origin = ORIGIN) =>
  h.app.request(path, { method: "POST", headers: { origin, cookie }, body: new URLSearchParams(fields) });
const page = async (path: string, cookie: string) => (await h.app.request(path, { headers: { cookie } })).text();
const zoneOfPatient = async (id: string) => (await h.elsewhere("select time_zone from patients where id = ?", [id])).rows[0]!.time_zone;

test("a meeting is shown in the zone the patient chose on the profile, named for people", async () => {
  // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
  clockBefore(h, new Date("2031-01-15T00:00:00Z"));
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  const id = await h.book(patient.token, doctor.id);
  const at = new Date("2031-01-15T05:00:00Z");
  expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
  const cookie = cookieOf(patient.token);

  // No zone yet and no report: the page says so and offers the choice.
  let html = await page("/patient-dashboard/patient-meetings", cookie);
  expect(html).toContain("data-zone-unset");
  // Issue 52 (UTC before): the deployment's default zone, India's, said to be a default.
  expect(html).toContain("Times are in India Standard Time (Kolkata): we do not know your time zone yet.");
  expect(html).toContain("Wed, 15 Jan 2031, 10:30 IST");

  const profile = await page("/patient-dashboard/patient-profile", cookie);
  // The default zone is the one shown until a choice; India's comes first in the list (issue 52).
  expect(profile).toContain('<select id="time-zone-select" name="timeZone" required=""><option value="Asia/Kolkata" selected="">India Standard Time (Kolkata)</option>');

  const saved = await post("/time-zone", { timeZone: "Asia/Kolkata" }, cookie);
  expect(saved.status).toBe(303);
  expect(saved.headers.get("location")).toBe("/patient-dashboard/patient-profile#notice");
  expect(await zoneOfPatient(patient.id)).toBe("Asia/Kolkata");

  html = await page("/patient-dashboard/patient-meetings", cookie);
  expect(html).not.toContain("data-zone-unset");
  expect(html).toContain("Times are in India Standard Time (Kolkata). <a");
  expect(html).toContain("Wed, 15 Jan 2031, 10:30");
  // The browser's cookie does not override a zone the person chose.
  html = await page("/patient-dashboard/patient-meetings", cookieOf(patient.token, "; tz=Europe%2FParis"));
  expect(html).toContain("Wed, 15 Jan 2031, 10:30");
  expect(await page("/patient-dashboard/patient-profile", cookie)).toContain('<option value="Asia/Kolkata" selected="">');
});

test("the browser's report is kept only while the account has no zone; nonsense changes nothing", async () => {
  const patient = await h.signupPatient();
  const cookie = cookieOf(patient.token);
  expect((await post("/time-zone", { timeZone: "Mars/Olympus", report: "1" }, cookie)).status).toBe(400);
  expect(await zoneOfPatient(patient.id)).toBeNull();
  expect((await post("/time-zone", { timeZone: "Asia/Calcutta", report: "1" }, cookie)).status).toBe(204);
  expect(await zoneOfPatient(patient.id)).toBe("Asia/Kolkata");
  expect((await post("/time-zone", { timeZone: "Europe/Paris", report: "1" }, cookie)).status).toBe(204);
  expect(await zoneOfPatient(patient.id)).toBe("Asia/Kolkata");

  const refused = await post("/time-zone", { timeZone: "Mars/Olympus" }, cookie);
  expect(refused.status).toBe(303);
  expect(await zoneOfPatient(patient.id)).toBe("Asia/Kolkata");
  // From another site: refused, nothing changes.
  expect((await post("/time-zone", { timeZone: "Europe/Paris" }, cookie, "https://evil.example")).status).toBe(403);
  expect(await zoneOfPatient(patient.id)).toBe("Asia/Kolkata");
  // Without a session: to the login page.
  const anonymous = await h.app.request("/time-zone", { method: "POST", headers: { origin: ORIGIN }, body: new URLSearchParams({ timeZone: "UTC" }) });
  expect([anonymous.status, anonymous.headers.get("location")]).toEqual([303, "/loginPatient"]);
});

test("the doctor's schedule form reads the date and time in the doctor's zone", async () => {
  // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
  clockBefore(h, new Date("2031-03-01T00:00:00Z"));
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  const id = await h.book(patient.token, doctor.id);
  const cookie = cookieOf(doctor.token);
  await post("/time-zone", { timeZone: "Asia/Kolkata" }, cookie);
  const dashboard = await page("/doctor-dashboard", cookie);
  expect(dashboard).toContain("Time (India Standard Time (Kolkata))");
  expect(dashboard).toContain('name="tz" value="Asia/Kolkata"');
  const res = await post("/doctor-dashboard/schedule", { appointmentId: id, patientId: patient.id, date: "2031-03-01", time: "10:30", tz: "Asia/Kolkata", confirm: "2" }, cookie);
  expect(res.status).toBe(303);
  const scheduled = await h.elsewhere("select scheduled_at from appointments where id = ?", [id]);
  expect(new Date(Number(scheduled.rows[0]!.scheduled_at)).toISOString()).toBe("2031-03-01T05:00:00.000Z");
});

test("issue 52: the doctor has one zone control, the hours' select (India first, no script needed); it is the zone of every time they read", async () => {
  const doctor = await h.signupDoctor();
  const cookie = cookieOf(doctor.token);
  let profile = await page("/doctor-dashboard/doctor-profile", cookie);
  // One select, no second zone form; no zone yet: the default, India's, selected and first.
  expect(profile.match(/<select[^>]*name="(tz|timeZone)"/g)).toEqual(['<select id="hours-tz" name="tz"']);
  expect(profile).not.toContain('action="/time-zone"');
  expect(profile).toMatch(/<div class="field" id="time-zone"><label for="hours-tz">Your time zone<\/label><select id="hours-tz" name="tz" required="" aria-describedby="hours-tz-hint"><option value="Asia\/Kolkata" selected="">India Standard Time \(Kolkata\)<\/option>/);
  expect(profile).not.toMatch(/value="Asia\/Kolkata"[^>]*>Asia\/Kolkata</);

  const saved = await post("/doctor-dashboard/doctor-profile/hours", { tz: "Europe/Paris", day1: "09:00-12:00" }, cookie);
  expect(saved.status).toBe(303);
  expect((await h.elsewhere("select time_zone from doctors where id = ?", [doctor.id])).rows[0]!.time_zone).toBe("Europe/Paris");
  profile = await page("/doctor-dashboard/doctor-profile", cookie);
  expect(profile).toContain('<option value="Europe/Paris" selected="">Central European Time (Paris)</option>');
  expect(await page("/doctor-dashboard/doctor-Meetings", cookie)).toContain("Times are in Central European Time (Paris).");

  // In Hindi, the same select in Hindi words, India's first.
  const hindi = await page("/doctor-dashboard/doctor-profile", `${cookie}; lang=hi`);
  expect(hindi).toContain('<label for="hours-tz">आपका समय क्षेत्र</label><select id="hours-tz" name="tz" required="" aria-describedby="hours-tz-hint"><option value="Asia/Kolkata">भारतीय मानक समय (कोलकाता)</option>');
});
