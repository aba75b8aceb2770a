/**
 * Issue 44 item 7 through the pages, without script: the signup pages show the notice (English
 * and Hindi) with a required tick box and refuse a post without it; a person who has not accepted
 * the notice in force sees it with its form at the top of their pages (nothing else blocked);
 * the form (POST /consent) records it and goes back (303); a new notice asks again. And item 8's
 * download on the profile pages.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONSENT_VERSION } from "../../domain/consent";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const page = async (path: string, options: { token?: string; lang?: string } = {}) => {
  const headers: Record<string, string> = options.token ? { cookie: cookie(options.token, options.lang) } : { cookie: `lang=${options.lang ?? "en"}` };
  const res = await h.app.request(path, { headers });
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const post = (path: string, fields: Record<string, string>, options: { token?: string; lang?: string } = {}) =>
  h.app.request(path, {
    method: "POST",
    headers: {
      cookie: options.token ? cookie(options.token, options.lang) : `lang=${options.lang ?? "en"}`,
      origin: "http://localhost",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
const consentOf = async (token: string) => (await h.call("GET", "/api/auth/consent", { token })).body;
/** The consent prompt's form, as the top of a person's page shows it. */
const PROMPT = 'action="/consent"';

describe("the signup pages", () => {
  test("show the notice in the page's language with a required tick box in the form", async () => {
    for (const path of ["/signupPatient", "/signupDoctor"]) {
      const en = await page(path);
      expect(en.html).toContain("Your data at Carebook");
      expect(en.html).toContain("Data Protection Board of India");
      expect(en.html).toMatch(/<form action="\/signup(Patient|Doctor)" method="post">.*<input type="checkbox" required=""[^>]*name="consent" value="on"\/>.*<\/form>/);
      expect(en.html).toContain("I have read the notice below and agree");
      const hi = await page(path, { lang: "hi" });
      expect(hi.html).toContain("Carebook में आपका डेटा");
      expect(hi.html).toContain("मैंने नीचे की सूचना पढ़ी है और सहमत हूँ");
    }
    // a login page has no notice
    expect((await page("/loginPatient")).html).not.toContain("Your data at Carebook");
  });

  test("a post without the tick is refused in the page's language; with it the account records the notice", async () => {
    const fields = { name: "Form Person", email: uniqueEmail("form"), password: PASSWORD };
    const refused = await post("/signupPatient", fields);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please tick the box to give your consent.");
    const hindi = await post("/signupPatient", fields, { lang: "hi" });
    expect(await hindi.text()).toContain("सहमति देने के लिए कृपया बॉक्स पर टिक करें।");

    const done = await post("/signupPatient", { ...fields, consent: "on" });
    expect(done.status).toBe(303);
    const row = (await h.elsewhere("select consent_version, consent_at from patients where email = ?", [fields.email])).rows[0]!;
    expect(row.consent_version).toBe(CONSENT_VERSION);
    expect(row.consent_at).not.toBeNull();

    const doctor = { name: "Dr Form", email: uniqueEmail("dform"), password: PASSWORD, specialization: "Neurologist", collegeName: "KEM" };
    expect((await post("/signupDoctor", doctor)).status).toBe(400);
    expect((await post("/signupDoctor", { ...doctor, consent: "on" })).status).toBe(303);
    expect((await h.elsewhere("select consent_version from doctors where email = ?", [doctor.email])).rows[0]!.consent_version).toBe(CONSENT_VERSION);
  });
});

describe("the notice at the top of a person's pages", () => {
  test("a patient who signed up without it sees it on every page until they accept; the page below works", async () => {
    const p = await h.signupPatient("Pia Prompt");
    for (const path of ["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"]) {
      const shown = await page(path, { token: p.token });
      expect(shown.status).toBe(200);
      expect(shown.html).toContain(PROMPT);
      expect(shown.html).toContain("Please read how we use your data and agree to it");
      // nothing blocked: the page's own content is there
      expect(shown.html).toContain("</main>");
    }
    expect((await page("/patient-dashboard", { token: p.token, lang: "hi" })).html).toContain("सहमत हूँ");

    // unticked (a client that skips the browser's check): back, still asked
    const unticked = await post("/consent", { back: "/patient-dashboard/patient-meetings" }, { token: p.token });
    expect([unticked.status, unticked.headers.get("location")]).toEqual([303, "/patient-dashboard/patient-meetings#notice"]);
    expect((await consentOf(p.token)).due).toBe(true);

    const accepted = await post("/consent", { consent: "on", back: "/patient-dashboard/patient-meetings" }, { token: p.token });
    expect([accepted.status, accepted.headers.get("location")]).toEqual([303, "/patient-dashboard/patient-meetings#notice"]);
    expect(await consentOf(p.token)).toMatchObject({ accepted: { version: CONSENT_VERSION }, due: false });
    for (const path of ["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"]) {
      expect((await page(path, { token: p.token })).html).not.toContain(PROMPT);
    }
  });

  test("a doctor is asked the same way; a new notice in force asks again (also on a page kept in memory)", async () => {
    const d = await h.signupDoctor({ name: "Dr Prompt" });
    expect((await page("/doctor-dashboard", { token: d.token })).html).toContain(PROMPT);
    expect((await post("/consent", { consent: "on", back: "/doctor-dashboard" }, { token: d.token })).status).toBe(303);
    expect((await page("/doctor-dashboard", { token: d.token })).html).not.toContain(PROMPT);
    h.deps.consentVersion = "2027-05-13";
    try {
      expect((await page("/doctor-dashboard", { token: d.token })).html).toContain(PROMPT);
      expect((await post("/consent", { consent: "on", back: "/doctor-dashboard" }, { token: d.token })).status).toBe(303);
      expect(await consentOf(d.token)).toMatchObject({ accepted: { version: "2027-05-13" }, due: false });
      expect((await page("/doctor-dashboard", { token: d.token })).html).not.toContain(PROMPT);
    } finally {
      h.deps.consentVersion = undefined;
    }
  });

  test("the form goes back only to a page of this site; the admin is never asked; signed out it goes to the login", async () => {
    const p = await h.signupPatient("Back Tester");
    const away = await post("/consent", { consent: "on", back: "//evil.example/x" }, { token: p.token });
    expect(away.headers.get("location")).toBe("/#notice");
    const admin = await h.admin();
    expect((await page("/admin-dashboard", { token: admin })).html).not.toContain(PROMPT);
    const anon = await post("/consent", { consent: "on", back: "/patient-dashboard" });
    expect([anon.status, anon.headers.get("location")]).toEqual([303, "/loginPatient"]);
  });
});

describe("the profile pages' download of the account's data", () => {
  test("offers it on every profile page, and answers a JSON attachment named by the date", async () => {
    const p = await h.signupPatient("Dee Download");
    const d = await h.signupDoctor({ name: "Dr Download" });
    const admin = await h.admin();
    for (const [token, path] of [[p.token, "/patient-dashboard/patient-profile"], [d.token, "/doctor-dashboard/doctor-profile"], [admin, "/admin-dashboard/account"]] as const) {
      expect((await page(path, { token })).html).toContain('href="/account/export" download=""');
    }
    const file = await page("/account/export", { token: p.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="carebook-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(file.html).profile).toMatchObject({ role: "patient", name: "Dee Download", email: p.email });
    expect((await page("/account/export")).status).toBe(302);
  });
});
