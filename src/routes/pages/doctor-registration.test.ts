/**
 * Issue 41 without script: the doctor's details through the profile page's form (the ticked
 * languages as `languages[]`), the registration's state on the profile page, and the admin's
 * Verify and Reject forms on the table (post, then 303 to the page with its notice).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
let adminCookie: string;
beforeAll(async () => {
  h = await startHarness();
  adminCookie = `carebook_session=${await h.admin()}`;
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const post = (path: string, fields: Record<string, string> | FormData, cookie: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie }, body: fields instanceof FormData ? fields : new URLSearchParams(fields) });
const pageOf = async (path: string, cookie: string) => (await h.app.request(path, { headers: { cookie } })).text();
const BASE = { name: "Dr. Form", specialization: "Cardiologist", collegeName: "City Medical College" };

/** The profile page's form as a browser sends it: the empty `languages[]` first, then each ticked one. */
function profileForm(fields: Record<string, string>, languages: string[]) {
  const form = h.profileForm({ ...BASE, ...fields });
  for (const code of ["", ...languages]) form.append("languages[]", code);
  return form;
}

test("the profile form saves the details; no language ticked clears them; the page shows the fields and the waiting registration", async () => {
  const doctor = await h.signupDoctor({ name: BASE.name });
  const cookie = `carebook_session=${doctor.token}`;
  const fields = { fee: "0", experienceYears: "9", about: "Skin care", registrationNumber: "DMC/7", registrationCouncil: "Delhi Medical Council" };
  expect((await post("/doctor-dashboard/doctor-profile", profileForm(fields, ["hi", "en"]), cookie)).status).toBe(303);
  const saved = (await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor;
  expect(saved).toMatchObject({ fee: 0, experienceYears: 9, languages: ["hi", "en"], about: "Skin care", registration: { number: "DMC/7", verified: false } });

  const html = await pageOf("/doctor-dashboard/doctor-profile", cookie);
  expect(html).toMatch(/name="languages\[\]" checked="" value="hi"/);
  expect(html).toMatch(/name="languages\[\]" value="bn"/);
  expect(html).toContain("Your registration DMC/7, Delhi Medical Council is waiting for the admin&#39;s check.");

  expect((await post("/doctor-dashboard/doctor-profile", profileForm({}, []), cookie)).status).toBe(303);
  expect((await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.languages).toEqual([]);
  // A bound broken: 400 with the form again, nothing saved.
  const refused = await post("/doctor-dashboard/doctor-profile", profileForm({ fee: "100001" }, ["en"]), cookie);
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Please enter the fee in whole rupees, from 0 to 100000.");
  expect((await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.fee).toBe(0);
});

test("each refused detail is said in the page's words, in English and Hindi, never the API's", async () => {
  const doctor = await h.signupDoctor();
  const cases: [fields: Record<string, string>, languages: string[], en: string, hi: string][] = [
    [{ experienceYears: "71" }, ["en"], "Please enter your years of practice as a whole number from 0 to 70.", "कृपया प्रैक्टिस के वर्ष 0 से 70 तक की पूरी संख्या में लिखें।"],
    [{}, ["en", "hi", "bn", "te", "mr", "ta", "ur", "gu", "kn"], "Please choose 1 to 8 languages.", "कृपया 1 से 8 भाषाएँ चुनें।"],
    [{ registrationNumber: "DMC/9" }, ["en"], "Please enter both the registration number and the council, or neither.", "कृपया पंजीकरण संख्या और परिषद दोनों भरें"],
    [{ about: "x".repeat(601) }, ["en"], "About you can be at most 600 characters.", "600"],
  ];
  for (const [fields, languages, en, hi] of cases) {
    for (const [lang, words] of [["en", en], ["hi", hi]] as const) {
      const refused = await post("/doctor-dashboard/doctor-profile", profileForm(fields, languages), `carebook_session=${doctor.token}; lang=${lang}`);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(words);
      expect(html).not.toMatch(/must be a whole number|must name|must be given together|about must be/);
    }
  }
});

test("the Hindi page names the languages in Hindi", async () => {
  const doctor = await h.signupDoctor();
  const html = await pageOf("/doctor-dashboard/doctor-profile", `carebook_session=${doctor.token}; lang=hi`);
  for (const name of ["अंग्रेज़ी", "हिन्दी", "बांग्ला", "ओड़िया"]) expect(html).toContain(name);
});

test("the admin verifies from the table; a reject needs a reason, and the doctor reads it", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Checked" });
  const cookie = `carebook_session=${doctor.token}`;
  await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: h.profileForm({ ...BASE, name: "Dr. Checked", registrationNumber: "X/1", registrationCouncil: "Council A" }) });
  const table = await pageOf("/admin-dashboard", adminCookie);
  expect(table).toContain(`action="/admin-dashboard/doctor-registration/${doctor.id}"`);
  expect(table).toContain("Verify registration of Dr. Checked");

  const empty = await post(`/admin-dashboard/doctor-registration/${doctor.id}`, { verified: "false", reason: " " }, adminCookie);
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain("Please say why this registration is not verified.");
  const rejected = await post(`/admin-dashboard/doctor-registration/${doctor.id}`, { verified: "false", reason: "Council A has no such number." }, adminCookie);
  expect([rejected.status, rejected.headers.get("location")]).toEqual([303, "/admin-dashboard#notice"]);
  expect(await pageOf("/doctor-dashboard/doctor-profile", cookie)).toContain("Council A has no such number.");

  await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: h.profileForm({ ...BASE, name: "Dr. Checked", registrationNumber: "X/2" }) });
  const verified = await post(`/admin-dashboard/doctor-registration/${doctor.id}`, { verified: "true" }, adminCookie);
  expect(verified.status).toBe(303);
  const notice = await pageOf("/admin-dashboard", `${adminCookie}; ${verified.headers.get("set-cookie")?.split(";")[0]}`);
  expect(notice).toContain("Verified Dr. Checked's registration.");
  expect(await pageOf("/doctor-dashboard/doctor-profile", cookie)).toContain("Your registration X/2, Council A is verified.");
});
