/**
 * Issue 51 item 2: a second factor cannot be guessed with the password in hand. 5 wrong codes void
 * a login's challenge (log in again); 10 wrong codes for an account since its last hold, within
 * 24 hours, hold its code sign-in for 15 minutes, doubling each time (recovery codes still work),
 * whatever the address; the owner is mailed once when a challenge takes its 5th wrong code. The
 * review's attack replayed: 11 wrong codes from 3 addresses. The app's clock is set (deps.now),
 * the client's address comes through X-Forwarded-For (TRUST_PROXY=1).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { totpAt } from "../../auth/totp";
import { CHALLENGE_GONE, WRONG_CODE } from "../../actions/two-factor";

const API = "/api/auth";
const START = new Date("2031-03-03T10:00:00.000Z");
const ADDRESSES = ["10.1.0.1", "10.2.0.1", "10.3.0.1"];
const VOIDED = "Too many wrong codes: this sign-in has ended. Please log in again.";

let h: Harness;
let clock: Date;
beforeAll(async () => {
  h = await startHarness({ TRUST_PROXY: "1", MAIL_PREVIEW: "true" });
  clock = START;
  h.deps.now = () => clock;
});
afterAll(() => h.stop());

const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const from = (address: string) => ({ "x-forwarded-for": address });
const post = (path: string, json: unknown, address = ADDRESSES[0]!) => h.call("POST", `${API}${path}`, { json, headers: from(address) });

async function patientWithTwoFactor() {
  const patient = await h.signupPatient();
  const setup = await h.call("POST", `${API}/2fa/setup`, { token: patient.token });
  const enabled = await h.call("POST", `${API}/2fa/enable`, { token: patient.token, json: { code: totpAt(setup.body.secret, clock) } });
  expect(enabled.status).toBe(200);
  later(60);
  return { ...patient, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** A code that is right at no step near the clock. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => totpAt(secret, new Date(clock.getTime() + step * 30_000))));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.has(code))!;
}

const login = async (email: string, address: string) => {
  const res = await post("/loginPatient", { email, password: PASSWORD }, address);
  expect(res.status).toBe(200);
  return res.body.challenge as string;
};
const mailsTo = async (email: string) => (await h.elsewhere("select subject, text from mail_outbox where to_address = ? and template = 'codeGuessed'", [email])).rows;

/** Five wrong codes on one challenge, over the addresses in turn: four 401 wrong, the fifth 401 voided. */
async function fiveWrong(challenge: string, secret: string) {
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await post("/2fa/verify", { challenge, code: wrongCode(secret) }, ADDRESSES[i % 3]));
  expect(answers.map((r) => [r.status, r.body.message])).toEqual([...Array(4).fill([401, WRONG_CODE]), [401, VOIDED]]);
}

describe("the review's attack: 11 wrong codes from 3 addresses", () => {
  test("the challenge is void at 5 (the owner mailed once each time), the account held at 10 for 15 minutes; recovery codes still work; then codes again", async () => {
    const patient = await patientWithTwoFactor();
    const first = await login(patient.email, ADDRESSES[0]!);
    await fiveWrong(first, patient.secret);
    // Void: even the right code is refused now, and nothing more is mailed.
    const gone = await post("/2fa/verify", { challenge: first, code: totpAt(patient.secret, clock) }, ADDRESSES[1]);
    expect([gone.status, gone.body.message]).toEqual([401, CHALLENGE_GONE]);
    expect(await mailsTo(patient.email)).toHaveLength(1);

    const second = await login(patient.email, ADDRESSES[2]!);
    await fiveWrong(second, patient.secret);
    expect(await mailsTo(patient.email)).toHaveLength(2);

    // 10 wrong codes: the password still opens a challenge, but no code is taken for 15 minutes, whatever the address.
    const third = await login(patient.email, ADDRESSES[1]!);
    for (const [i, code] of [totpAt(patient.secret, clock), wrongCode(patient.secret)].entries()) {
      const held = await post("/2fa/verify", { challenge: third, code }, ADDRESSES[i]);
      expect(held.status).toBe(429);
      expect(held.body.message).toBe("Too many wrong codes for this account: sign in with a recovery code, or try again in 15 minutes.");
      expect(held.headers.get("retry-after")).toBe("900");
    }
    // A recovery code still signs in.
    const recovered = await post("/2fa/verify", { challenge: third, code: patient.recoveryCodes[0] }, ADDRESSES[2]);
    expect(recovered.status).toBe(200);
    expect(recovered.body.token).toBeString();

    // After the hold: the 11th wrong code is only wrong, and the right one signs in.
    later(15 * 60 + 1);
    const fourth = await login(patient.email, ADDRESSES[0]!);
    expect((await post("/2fa/verify", { challenge: fourth, code: wrongCode(patient.secret) })).status).toBe(401);
    expect((await post("/2fa/verify", { challenge: fourth, code: totpAt(patient.secret, clock) })).status).toBe(200);
  });

  test("the mail: someone may know your password, with a link to change it, nothing medical", async () => {
    const patient = await patientWithTwoFactor();
    await fiveWrong(await login(patient.email, ADDRESSES[0]!), patient.secret);
    const [mail] = await mailsTo(patient.email);
    expect(String(mail!.subject)).toBe("Someone may know your Carebook password");
    expect(String(mail!.text)).toContain("/patient-dashboard/patient-profile#password");
    expect(String(mail!.text)).not.toMatch(/appointment|doctor|reason/i);
  });

  test("each hold doubles: the next 10 wrong codes hold code sign-in for 30 minutes", async () => {
    const patient = await patientWithTwoFactor();
    for (let round = 0; round < 2; round++) {
      await fiveWrong(await login(patient.email, ADDRESSES[0]!), patient.secret);
      await fiveWrong(await login(patient.email, ADDRESSES[1]!), patient.secret);
      const held = await post("/2fa/verify", { challenge: await login(patient.email, ADDRESSES[2]!), code: totpAt(patient.secret, clock) });
      expect(held.status).toBe(429);
      expect(held.headers.get("retry-after")).toBe(String(900 * 2 ** round));
      later(900 * 2 ** round + 1);
    }
  });
});

describe("the login page's code step", () => {
  test("the 5th wrong code shows the refusal beside the password's form again, no code field", async () => {
    const patient = await patientWithTwoFactor();
    const page = (path: string, form: Record<string, string>) =>
      h.app.request(path, { method: "POST", headers: { origin: "http://localhost", "x-forwarded-for": ADDRESSES[0]! }, body: new URLSearchParams(form) });
    const posted = await page("/loginPatient", { email: patient.email, password: PASSWORD });
    const cookie = posted.headers.getSetCookie().find((c) => c.startsWith("carebook_challenge="))!.split(";")[0]!;
    const first = await (await h.app.request("/loginPatient/code", { headers: { cookie, "x-forwarded-for": ADDRESSES[0]! } })).text();
    const challenge = /name="challenge" value="([^"]+)"/.exec(first)![1]!;
    let html = "";
    for (let i = 0; i < 5; i++) {
      const res = await page("/loginPatient/code", { challenge, code: wrongCode(patient.secret) });
      expect(res.status).toBe(401);
      html = await res.text();
      expect(html.includes('name="challenge"')).toBe(i < 4);
    }
    expect(html).toContain("Too many wrong codes");
    expect(html).toContain('name="password"');
    // In Hindi, in Hindi words.
    const again = await page("/loginPatient", { email: patient.email, password: PASSWORD });
    const hiCookie = again.headers.getSetCookie().find((c) => c.startsWith("carebook_challenge="))!.split(";")[0]!;
    const hiChallenge = /name="challenge" value="([^"]+)"/.exec(await (await h.app.request("/loginPatient/code", { headers: { cookie: hiCookie, "x-forwarded-for": ADDRESSES[0]! } })).text())![1]!;
    let hi = "";
    for (let i = 0; i < 5; i++) {
      const res = await h.app.request("/loginPatient/code", { method: "POST", headers: { origin: "http://localhost", "x-forwarded-for": ADDRESSES[0]!, cookie: "lang=hi" }, body: new URLSearchParams({ challenge: hiChallenge, code: wrongCode(patient.secret) }) });
      hi = await res.text();
    }
    expect(hi).toContain("बहुत गलत कोड");
  });
});

describe("the login page's code step is a redirect after post", () => {
  test("the password's post answers 303 to /loginPatient/code (the challenge in an HttpOnly cookie, never the address); that page asks the code, whose post signs in", async () => {
    const patient = await patientWithTwoFactor();
    const headers = { origin: "http://localhost", "x-forwarded-for": ADDRESSES[0]! };
    const posted = await h.app.request("/loginPatient", { method: "POST", headers, body: new URLSearchParams({ email: patient.email, password: PASSWORD }) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/loginPatient/code");
    const cookie = posted.headers.getSetCookie().find((c) => c.startsWith("carebook_challenge="))!;
    expect(cookie).toContain("HttpOnly");
    // A reload is this GET: it asks the code again, posting nothing.
    const page = await h.app.request("/loginPatient/code", { headers: { ...headers, cookie: cookie.split(";")[0]! } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const signedIn = await h.app.request("/loginPatient/code", { method: "POST", headers: { ...headers, cookie: cookie.split(";")[0]! }, body: new URLSearchParams({ challenge, code: totpAt(patient.secret, clock) }) });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("carebook_session="))).toBe(true);
    // Without a live challenge the code page leads back to the password.
    const gone = await h.app.request("/loginPatient/code", { headers: { ...headers, cookie: cookie.split(";")[0]! } });
    expect([gone.status, gone.headers.get("location")]).toEqual([302, "/loginPatient"]);
  });
});
