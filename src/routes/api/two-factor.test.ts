/**
 * Issue 44, item 10: two-factor sign-in through the JSON API. Setup, enable (a wrong code, then
 * the right one), a login's challenge, the code (a token that works, a code never taken twice), a
 * recovery code once, wrong codes throttled as passwords are, disable, the challenge's expiry,
 * and ADMIN_2FA_REQUIRED. The app's clock is set (deps.now): codes are made for that moment, never
 * for the wall clock's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { totpAt } from "../../auth/totp";
import { CHALLENGE_GONE, CHALLENGE_MINUTES, SETUP_REQUIRED, WRONG_CODE } from "../../actions/two-factor";

const API = "/api/auth";
/** A fixed moment for the app's clock; each test moves it on as it needs. */
const START = new Date("2031-03-03T10:00:00.000Z");

let h: Harness;
let clock: Date;
beforeAll(async () => {
  h = await startHarness();
  clock = START;
  h.deps.now = () => clock;
});
afterAll(() => h.stop());

const post = (path: string, json: unknown, token?: string) => h.call("POST", `${API}${path}`, { json, token });
const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

/** A patient with two-factor sign-in on: the secret, the recovery codes, the email. */
async function patientWithTwoFactor(harness = h) {
  const patient = await harness.signupPatient();
  const setup = await harness.call("POST", `${API}/2fa/setup`, { token: patient.token });
  expect(setup.status).toBe(200);
  const enabled = await harness.call("POST", `${API}/2fa/enable`, { token: patient.token, json: { code: totpAt(setup.body.secret, harness.deps.now()) } });
  expect(enabled.status).toBe(200);
  return { ...patient, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe("setup and enable", () => {
  test("setup answers a base32 secret and its otpauth URL; a wrong code is refused, the right one turns it on with 10 codes", async () => {
    const patient = await h.signupPatient();
    const setup = await post("/2fa/setup", {}, patient.token);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(setup.body.otpauthUrl).searchParams.get("secret")).toBe(setup.body.secret);

    // Pending, not on: a login still answers a token.
    const before = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    expect(before.body.token).toBeString();

    const right = totpAt(setup.body.secret, clock);
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await post("/2fa/enable", { code: wrong }, patient.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(WRONG_CODE);

    const enabled = await post("/2fa/enable", { code: right }, patient.token);
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    // Stored hashed: no code appears in the database.
    const stored = await h.elsewhere("select code_hash from recovery_codes");
    const hashes = stored.rows.map((r) => String(r.code_hash));
    for (const code of enabled.body.recoveryCodes) expect(hashes).not.toContain(code);

    // Once on, setup and enable are conflicts.
    expect((await post("/2fa/setup", {}, patient.token)).status).toBe(409);
    expect((await post("/2fa/enable", { code: right }, patient.token)).status).toBe(409);
  });

  test("enable without a setup is a conflict; the calls need a session", async () => {
    const patient = await h.signupPatient();
    expect((await post("/2fa/enable", { code: "123456" }, patient.token)).status).toBe(409);
    expect((await post("/2fa/setup", {})).status).toBe(401);
  });
});

describe("signing in", () => {
  test("a login answers a challenge, no token; the code signs in with a token that works", async () => {
    const patient = await patientWithTwoFactor();
    later(60);
    const login = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(login.headers.get("set-cookie") ?? "").not.toContain("session");

    const verified = await post("/2fa/verify", { challenge: login.body.challenge, code: totpAt(patient.secret, clock) });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ token: expect.any(String), role: "patient", name: patient.name });
    expect((await h.call("GET", `${API}/patient-profile`, { token: verified.body.token })).status).toBe(200);

    // The challenge is used up.
    const again = await post("/2fa/verify", { challenge: login.body.challenge, code: totpAt(patient.secret, clock) });
    expect(again.status).toBe(401);
  });

  test("a code is never taken twice, even within its window", async () => {
    const patient = await patientWithTwoFactor();
    later(60);
    const code = totpAt(patient.secret, clock);
    const first = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    expect((await post("/2fa/verify", { challenge: first.body.challenge, code })).status).toBe(200);
    const second = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    const reused = await post("/2fa/verify", { challenge: second.body.challenge, code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(WRONG_CODE);
    // The next step's code works (the phone's clock a step ahead: within the window).
    expect((await post("/2fa/verify", { challenge: second.body.challenge, code: totpAt(patient.secret, new Date(clock.getTime() + 30_000)) })).status).toBe(200);
  });

  test("a recovery code works once, in any case and with spaces", async () => {
    const patient = await patientWithTwoFactor();
    const [code] = patient.recoveryCodes;
    const first = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    const used = await post("/2fa/verify", { challenge: first.body.challenge, code: ` ${code!.toUpperCase()} ` });
    expect(used.status).toBe(200);
    expect(used.body.token).toBeString();
    const second = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    const reused = await post("/2fa/verify", { challenge: second.body.challenge, code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(WRONG_CODE);
    expect((await post("/2fa/verify", { challenge: second.body.challenge, code: patient.recoveryCodes[1] })).status).toBe(200);
  });

  test(`a challenge expires after ${CHALLENGE_MINUTES} minutes`, async () => {
    const patient = await patientWithTwoFactor();
    const login = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    later(CHALLENGE_MINUTES * 60 + 1);
    const late = await post("/2fa/verify", { challenge: login.body.challenge, code: totpAt(patient.secret, clock) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(CHALLENGE_GONE);
    expect((await post("/2fa/verify", { challenge: "made-up", code: "123456" })).status).toBe(401);
  });

  test("the doctor's and the admin's logins answer a challenge too, and the code answers their own login's shape", async () => {
    const doctor = await h.signupDoctor();
    const setup = await post("/2fa/setup", {}, doctor.token);
    expect((await post("/2fa/enable", { code: totpAt(setup.body.secret, clock) }, doctor.token)).status).toBe(200);
    later(60);
    const login = await post("/loginDoctor", { email: doctor.email, password: PASSWORD });
    expect(login.body.twoFactorRequired).toBe(true);
    // A doctor's challenge is not a patient's: the role comes from the challenge.
    const verified = await post("/2fa/verify", { challenge: login.body.challenge, code: totpAt(setup.body.secret, clock) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: "Login successful", token: expect.any(String), doctor: { _id: doctor.id, status: "approved" } });

    const admin = await h.admin();
    const adminSetup = await post("/2fa/setup", {}, admin);
    expect((await post("/2fa/enable", { code: totpAt(adminSetup.body.secret, clock) }, admin)).status).toBe(200);
    later(60);
    const adminLogin = await post("/loginAdmin", { email: "admin@example.com", password: PASSWORD });
    expect(adminLogin.body.twoFactorRequired).toBe(true);
    const adminIn = await post("/2fa/verify", { challenge: adminLogin.body.challenge, code: totpAt(adminSetup.body.secret, clock) });
    expect(adminIn.body).toEqual({ token: expect.any(String), admin: { _id: expect.any(String), name: "Ada Admin", email: "admin@example.com" } });
  });

  test("an account without two-factor logs in exactly as before", async () => {
    const patient = await h.signupPatient();
    const login = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    expect(login.body).toEqual({ token: expect.any(String), role: "patient", name: patient.name });
  });
});

describe("disable", () => {
  test("asks the password and a code; then a login answers a token again", async () => {
    const patient = await patientWithTwoFactor();
    later(60);
    const code = totpAt(patient.secret, clock);
    const badPassword = await post("/2fa/disable", { password: "not-the-password", code }, patient.token);
    expect(badPassword.status).toBe(400);
    const badCode = await post("/2fa/disable", { password: PASSWORD, code: code === "000000" ? "111111" : "000000" }, patient.token);
    expect(badCode.status).toBe(400);
    expect((await post("/2fa/disable", { password: PASSWORD, code }, patient.token)).status).toBe(200);
    expect((await post("/2fa/disable", { password: PASSWORD, code }, patient.token)).status).toBe(409);
    const login = await post("/loginPatient", { email: patient.email, password: PASSWORD });
    expect(login.body.token).toBeString();
    expect(await h.elsewhere("select * from recovery_codes r join patients p on p.id = r.account_id where p.email = ?", [patient.email])).toMatchObject({ rows: [] });
  });
});

describe("wrong codes are throttled like passwords", () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({ LOGIN_FAILURE_LIMIT: "3" });
    t.deps.now = () => START;
  });
  afterAll(() => t.stop());

  test("past the login limit the right code is refused too (429), and the password cannot reset the count", async () => {
    const patient = await patientWithTwoFactor(t);
    const call = (path: string, json: unknown) => t.call("POST", `${API}${path}`, { json });
    const login = await call("/loginPatient", { email: patient.email, password: PASSWORD });
    const right = totpAt(patient.secret, new Date(START.getTime() + 30_000));
    const wrong = right === "000000" ? "111111" : "000000";
    // The right password with two-factor on counts until the code comes: 1 + 2 wrong codes = 3.
    for (let i = 0; i < 2; i++) expect((await call("/2fa/verify", { challenge: login.body.challenge, code: wrong })).status).toBe(401);
    const refused = await call("/2fa/verify", { challenge: login.body.challenge, code: right });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await call("/loginPatient", { email: patient.email, password: PASSWORD })).status).toBe(429);
  });
});

describe("ADMIN_2FA_REQUIRED", () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({ ADMIN_2FA_REQUIRED: "true" });
    t.deps.now = () => START;
  });
  afterAll(() => t.stop());

  test("the admin's token reaches only the setup until two-factor is on; then everything", async () => {
    const admin = await t.admin();
    const doctors = () => t.call("GET", `${API}/admin-dashboard/doctors`, { token: admin });
    const held = await doctors();
    expect(held.status).toBe(403);
    expect(held.body).toEqual({ message: SETUP_REQUIRED, twoFactorSetupRequired: true });
    const page = await t.call("GET", "/admin-dashboard", { headers: { cookie: `carebook_session=${admin}` } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin-dashboard/account#two-factor");
    expect((await t.call("GET", "/admin-dashboard/account", { headers: { cookie: `carebook_session=${admin}` } })).status).toBe(200);

    const setup = await t.call("POST", `${API}/2fa/setup`, { token: admin });
    expect((await t.call("POST", `${API}/2fa/enable`, { token: admin, json: { code: totpAt(setup.body.secret, START) } })).status).toBe(200);
    expect((await doctors()).status).toBe(200);
    expect((await t.call("GET", "/admin-dashboard", { headers: { cookie: `carebook_session=${admin}` } })).status).toBe(200);
  });

  test("patients and doctors are not held back", async () => {
    const patient = await t.signupPatient();
    expect((await t.call("GET", `${API}/patient-profile`, { token: patient.token })).status).toBe(200);
  });
});
