/**
 * Issue 44, item 10, without script: the profile's "Two-factor sign-in" section (set up with a
 * QR code drawn on the server and the key as text, turn on with the app's code, the recovery
 * codes shown once, turn off), and the login page's second step: the password's post answers a
 * page with a code field carrying the challenge, whose post signs in with the usual cookie. In
 * English and Hindi. The app's clock is set, never the wall clock's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { base32Decode, totpAt } from "../../auth/totp";

const PROFILE = "/patient-dashboard/patient-profile";
const NOW = new Date("2031-03-03T10:00:00.000Z");
const ORIGIN = "http://localhost";

let h: Harness;
let clock = NOW;
beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => clock;
});
afterAll(() => h.stop());

const request = (path: string, init: { cookie?: string; form?: Record<string, string>; lang?: string } = {}) =>
  h.app.request(path, {
    method: init.form ? "POST" : "GET",
    // The language chosen with the switcher (its cookie) wins over the account's.
    headers: { origin: ORIGIN, cookie: [init.cookie, init.lang && `lang=${init.lang}`].filter(Boolean).join("; ") },
    body: init.form && new URLSearchParams(init.form),
  });
const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("carebook_session="))?.split(";")[0];
const hiddenChallenge = (html: string) => /name="challenge" value="([^"]+)"/.exec(html)?.[1];
/** Issue 51: the password's post answers 303 to the code's page, the challenge in a cookie: that page's HTML. */
async function codePage(posted: Response, lang?: string): Promise<string> {
  expect([posted.status, posted.headers.get("location")]).toEqual([303, "/loginPatient/code"]);
  const challenge = posted.headers.getSetCookie().find((c) => c.startsWith("carebook_challenge="))!.split(";")[0]!;
  return (await request("/loginPatient/code", { cookie: challenge, lang })).text();
}

/** Turns two-factor on for a patient through the profile's forms; the key and the recovery codes the pages showed. */
async function turnOn(cookie: string, lang = "en") {
  const setup = await request(`${PROFILE}/two-factor/setup`, { cookie, form: {}, lang });
  expect([setup.status, setup.headers.get("location")]).toEqual([303, `${PROFILE}#two-factor`]);
  const page = await (await request(PROFILE, { cookie, lang })).text();
  expect(page).toContain('class="qr-code" role="img"');
  expect(page).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const shown = /class="two-factor-key">([A-Z2-7 ]+)</.exec(page)![1]!;
  const secret = shown.replace(/ /g, "");
  expect(base32Decode(secret)).toHaveLength(20);
  // Issue 52: beside the QR code, a link that opens the authenticator app with the key.
  expect(page).toMatch(new RegExp(`<a class="button button-secondary" href="otpauth://totp/[^"]*secret=${secret}[^"]*">`));

  const wrong = await request(`${PROFILE}/two-factor/enable`, { cookie, form: { code: totpAt(secret, NOW) === "000000" ? "111111" : "000000" }, lang });
  expect(wrong.status).toBe(400);
  const enabled = await request(`${PROFILE}/two-factor/enable`, { cookie, form: { code: totpAt(secret, clock) }, lang });
  expect(enabled.status).toBe(200);
  expect(enabled.headers.get("cache-control")).toContain("no-store");
  const html = await enabled.text();
  const codes = [...html.matchAll(/<li><code>([a-z2-7-]+)<\/code><\/li>/g)].map((m) => m[1]!);
  expect(codes).toHaveLength(10);
  // Issue 52: the copy button is hidden until the page's small script shows it, allowed by the page's CSP.
  expect(html).toMatch(/<button type="button" class="button-secondary" data-copy="recovery-codes" data-done="[^"]+" hidden="">/);
  const copyScript = /<script>(document\.querySelectorAll\("\[data-copy\]"\)[^<]*)<\/script>/.exec(html)![1]!;
  expect(enabled.headers.get("content-security-policy")).toContain(`'sha256-${new Bun.CryptoHasher("sha256").update(copyScript).digest("base64")}'`);
  return { secret, codes, html, wrongHtml: await wrong.text() };
}

describe("the profile's section and the login's second step, without script", () => {
  test("set up, turn on, log in with a code, a recovery code once, turn off (English)", async () => {
    const patient = await h.signupPatient();
    const login = await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } });
    const cookie = sessionOf(login)!;
    const { secret, codes, wrongHtml } = await turnOn(cookie);
    expect(wrongHtml).toContain("The code is not correct");
    // Shown once: the profile now says it is on, with no code and no key.
    const profile = await (await request(PROFILE, { cookie })).text();
    expect(profile).toContain("Turn off two-factor sign-in");
    expect(profile).not.toContain(codes[0]!);
    expect(profile).not.toContain("two-factor-key");

    // The password's post leads to the code's page (issue 51: a redirect after post): no session yet, the challenge in a hidden field.
    clock = new Date(NOW.getTime() + 60_000);
    const first = await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } });
    expect(sessionOf(first)).toBeUndefined();
    const page = await codePage(first);
    expect(page).toContain('action="/loginPatient/code"');
    expect(page).toMatch(/autocomplete="one-time-code"/i);
    const challenge = hiddenChallenge(page)!;

    const wrong = await request("/loginPatient/code", { form: { challenge, code: "000000" === totpAt(secret, clock) ? "111111" : "000000" } });
    expect(wrong.status).toBe(401);
    const again = await wrong.text();
    expect(again).toContain("The code is not correct");
    expect(hiddenChallenge(again)).toBe(challenge);

    const right = await request("/loginPatient/code", { form: { challenge, code: totpAt(secret, clock) } });
    expect([right.status, right.headers.get("location")]).toEqual([303, "/patient-dashboard"]);
    expect((await request("/patient-dashboard", { cookie: sessionOf(right)! })).status).toBe(200);

    // A recovery code signs in once; a doctor's page does not take a patient's challenge.
    const second = hiddenChallenge(await codePage(await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } })))!;
    expect((await request("/loginDoctor/code", { form: { challenge: second, code: codes[0]! } })).status).toBe(401);
    const recovered = await request("/loginPatient/code", { form: { challenge: second, code: codes[0]! } });
    expect(recovered.status).toBe(303);
    const third = hiddenChallenge(await codePage(await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } })))!;
    expect((await request("/loginPatient/code", { form: { challenge: third, code: codes[0]! } })).status).toBe(401);

    // Off: the password and a code; then the password alone signs in again.
    clock = new Date(NOW.getTime() + 120_000);
    const off = await request(`${PROFILE}/two-factor/disable`, { cookie, form: { password: PASSWORD, code: totpAt(secret, clock) } });
    expect([off.status, off.headers.get("location")]).toEqual([303, `${PROFILE}#notice`]);
    const plain = await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } });
    expect([plain.status, plain.headers.get("location")]).toEqual([303, "/patient-dashboard"]);
  });

  test("in Hindi: the section, the recovery codes and the code's page", async () => {
    const patient = await h.signupPatient();
    const cookie = sessionOf(await request("/loginPatient", { form: { email: patient.email, password: PASSWORD } }))!;
    const profile = await (await request(PROFILE, { cookie, lang: "hi" })).text();
    expect(profile).toContain("दो-चरणीय साइन-इन सेट करें");
    const { html, wrongHtml } = await turnOn(cookie, "hi");
    expect(html).toContain("आपके रिकवरी कोड");
    expect(wrongHtml).toContain("कोड सही नहीं है");
    const page = await codePage(await request("/loginPatient", { form: { email: patient.email, password: PASSWORD }, lang: "hi" }), "hi");
    expect(page).toContain("ऐप का 6 अंकों का कोड");
  });

  test("the doctor's profile and the admin's account page have the section", async () => {
    const doctor = await h.signupDoctor();
    const doctorCookie = sessionOf(await request("/loginDoctor", { form: { email: doctor.email, password: PASSWORD } }))!;
    expect(await (await request("/doctor-dashboard/doctor-profile", { cookie: doctorCookie })).text()).toContain('id="two-factor"');
    const admin = await h.admin();
    expect(await (await request("/admin-dashboard/account", { cookie: `carebook_session=${admin}` })).text()).toContain('id="two-factor"');
  });
});
