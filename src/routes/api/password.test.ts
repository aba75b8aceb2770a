/**
 * Issue 28: forgot and reset password through a real SMTP server on loopback (the link taken
 * from the mail), one use, expiry, a newer link leaving the older working, change password, the
 * sessions list and its Log out, old bearer tokens and cookies refused, and the throttles. Equal
 * answers and timings for known and unknown emails: password-enumeration.test.ts, which runs alone.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { PASSWORD, sleep, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";
import { movingClock } from "../../../tests/support/moving-clock";
import { startMailCatcher, type Caught, type MailCatcher } from "../../../tests/support/mail-catcher";
import { RESET_INVALID, RESET_SENT, resetRequestsSettled } from "../../actions/passwords";
import { accountTag, deviceOfPassword, verifyDevice } from "../../auth/device";
import { startMail } from "../../mail/start";
import type { MailSender } from "../../mail/sender";

const SITE = "https://carebook.test";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const NEW_PASSWORD = "a-new-horse-2";
const ORIGIN = "http://localhost";

let smtp: MailCatcher;
let h: Harness;
let sender: MailSender | undefined;

// Signups, logins and resets hash with argon2 and wait for mail through a real SMTP server: on two
// loaded cores (bun test --parallel) one test can take longer than bun's default 5 s.
setDefaultTimeout(30_000);

beforeAll(async () => {
  smtp = await startMailCatcher();
  // PUBLIC_URL is https here: the session, device and notice cookies are the __Host- ones (issue 23).
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, MAIL_FROM: "Carebook <mail@carebook.test>" });
  sender = startMail(h.deps);
}, 30_000);

afterAll(async () => {
  await resetRequestsSettled();
  await sender?.stop();
  await smtp.stop();
  await h.stop();
});

const json = (path: string, body: unknown, headers: Record<string, string> = {}) => h.call("POST", path, { json: body, headers });
const forgot = (email: string, role = "patient", ua = FIREFOX) => json("/api/auth/forgotPassword", { role, email }, { "user-agent": ua });
const login = (email: string, password = PASSWORD, ua = SAFARI_PHONE) => json("/api/auth/loginPatient", { email, password }, { "user-agent": ua });
const profile = (token: string) => h.call("GET", "/api/auth/patient-profile", { token });
const profilePage = (token: string) => h.app.request("/patient-dashboard/patient-profile", { headers: { cookie: `__Host-carebook_session=${token}` } });

/** The reset link of the reset mail number `after` (from 0) to `email`, and the mail. */
async function resetLink(email: string, after = 0): Promise<{ token: string; mail: Caught }> {
  const resets = () => smtp.mails.filter((m) => m.envelopeTo.includes(email) && m.subject === "Reset your Carebook password");
  await smtp.waitFor(() => resets().length > after);
  const mail = resets()[after]!;
  const link = (mail.text ?? "").match(/https:\/\/carebook\.test\/resetPassword\/([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  return { token: link![1]!, mail };
}

describe("every profile page has the section", () => {
  test("patient, doctor and the admin's My account: change password and the devices, this one marked", async () => {
    const doctor = await h.signupDoctor();
    const admin = await h.admin();
    for (const [path, token] of [
      ["/doctor-dashboard/doctor-profile", doctor.token],
      ["/admin-dashboard/account", admin],
    ] as const) {
      const res = await h.app.request(path, { headers: { cookie: `__Host-carebook_session=${token}` } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Password and devices");
      expect(html).toContain(`action="${path}/password"`);
      expect(html).toContain("This device");
    }
  });
});

describe("forgot and reset password", () => {
  test("the whole reset: the mail's link, a fresh login, every old session ended (bearer and cookie), one use", async () => {
    const pat = await h.signupPatient("Pat Reset");
    const phone = await login(pat.email);
    expect(phone.status).toBe(200);
    const deviceCookie = phone.headers.getSetCookie().find((c) => c.startsWith("__Host-cb_device_"))!.split(";")[0]!;

    const asked = await forgot(pat.email);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_SENT });

    const { token, mail } = await resetLink(pat.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(mail.text).toContain("Hello Pat Reset,");
    expect(mail.text).toContain("Firefox on Linux"); // where the request came from, coarse
    expect(mail.text).toMatch(/If it was not you/);
    expect(mail.raw).not.toMatch(/List-Unsubscribe/i); // an account mail: always sent
    // Only the hash is stored.
    const stored = await h.elsewhere("SELECT token_hash FROM password_resets");
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const page = await h.app.request(`/resetPassword/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(await page.text()).toContain('name="password"');

    const tooShort = await json("/api/auth/resetPassword", { token, password: "short" });
    expect(tooShort.status).toBe(400);

    const reset = await json("/api/auth/resetPassword", { token, password: NEW_PASSWORD }, { "user-agent": FIREFOX });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ role: "patient", name: "Pat Reset" });
    expect((await profile(reset.body.token)).status).toBe(200);

    // Every earlier session is over, bearer and cookie alike.
    expect((await profile(pat.token)).status).toBe(401);
    expect((await profile(phone.body.token)).status).toBe(401);
    expect((await profilePage(phone.body.token)).status).toBe(302);
    expect((await profilePage(reset.body.token)).status).toBe(200);

    // The device cookie earned under the old password is no longer trusted; the new one is.
    const account = (await h.elsewhere("SELECT password_hash FROM patients WHERE email = ?", [pat.email])).rows[0]!;
    const tag = accountTag(h.deps.keys, { role: "patient", email: pat.email });
    const oldDevice = verifyDevice(h.deps.keys, tag, deviceCookie.split("=")[1]!)!;
    expect(oldDevice).toBeDefined();
    expect(deviceOfPassword(h.deps.keys, oldDevice, String(account.password_hash))).toBe(false);
    const newCookie = reset.headers.getSetCookie().find((c) => c.startsWith(`__Host-cb_device_${tag}=`))!.split(";")[0]!;
    expect(deviceOfPassword(h.deps.keys, verifyDevice(h.deps.keys, tag, newCookie.split("=")[1]!)!, String(account.password_hash))).toBe(true);

    expect((await login(pat.email)).status).toBe(401);
    expect((await login(pat.email, NEW_PASSWORD)).status).toBe(200);

    // One use.
    const again = await json("/api/auth/resetPassword", { token, password: "yet-another-3" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: RESET_INVALID });
    expect(await (await h.app.request(`/resetPassword/${token}`)).text()).toContain(RESET_INVALID);

    const changed = await smtp.waitFor((m) => m.envelopeTo.includes(pat.email) && m.subject === "Your Carebook password was changed");
    expect(changed.text).toContain("Firefox on Linux");
    expect(changed.text).toContain(`${SITE}/forgotPassword?role=patient`);
  });

  test("a newer link leaves the older working; using one voids the other; an unknown or malformed token gets the same 400", async () => {
    const pat = await h.signupPatient();
    await forgot(pat.email);
    const first = await resetLink(pat.email);
    await forgot(pat.email);
    const second = await resetLink(pat.email, 1);
    expect(second.token).not.toBe(first.token);
    expect(await (await h.app.request(`/resetPassword/${first.token}`)).text()).not.toContain(RESET_INVALID);
    expect((await json("/api/auth/resetPassword", { token: first.token, password: NEW_PASSWORD })).status).toBe(200);
    const old = await json("/api/auth/resetPassword", { token: second.token, password: NEW_PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ message: RESET_INVALID });
    for (const token of ["A".repeat(43), "not-a-token", "x".repeat(200)]) {
      const answer = await json("/api/auth/resetPassword", { token, password: NEW_PASSWORD });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: RESET_INVALID });
    }
  });

  test("security mails go even to an account that turned every mail off", async () => {
    const pat = await h.signupPatient();
    const off = await h.app.request("/patient-dashboard/patient-profile/mail", {
      method: "POST",
      headers: { cookie: `__Host-carebook_session=${pat.token}`, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(off.status).toBe(303);
    const prefs = await h.elsewhere("select reminders, notices from mail_preferences where account_id = ?", [pat.id]);
    expect(prefs.rows[0]).toMatchObject({ reminders: 0, notices: 0 });
    await forgot(pat.email);
    const { token } = await resetLink(pat.email);
    expect((await json("/api/auth/resetPassword", { token, password: NEW_PASSWORD })).status).toBe(200);
    await smtp.waitFor((m) => m.envelopeTo.includes(pat.email) && m.subject === "Your Carebook password was changed");
  });

  test("a change of password voids a link sent before it", async () => {
    const pat = await h.signupPatient();
    await forgot(pat.email);
    const { token } = await resetLink(pat.email);
    const changed = await h.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect((await json("/api/auth/resetPassword", { token, password: "yet-another-3" })).body).toEqual({ message: RESET_INVALID });
  });

  test("doctors of any status and admins reset too (the role is in the link's record, not its URL)", async () => {
    const blocked = await h.signupDoctor({ status: "blocked" });
    await forgot(blocked.email, "doctor");
    const { token } = await resetLink(blocked.email);
    const reset = await json("/api/auth/resetPassword", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body.role).toBe("doctor");
    const doctorLogin = await json("/api/auth/loginDoctor", { email: blocked.email, password: NEW_PASSWORD });
    expect(doctorLogin.body.doctor.status).toBe("blocked");

    await h.admin();
    await forgot("admin@example.com", "admin");
    const admin = await resetLink("admin@example.com");
    const adminReset = await json("/api/auth/resetPassword", { token: admin.token, password: NEW_PASSWORD });
    expect(adminReset.body.role).toBe("admin");
    // The same email under another role has no account: no mail goes.
    await forgot(blocked.email, "patient");
    await resetRequestsSettled();
    // real time: what is checked is that no mail arrives, so there is no event to wait for.
    await sleep(300);
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(blocked.email) && m.subject === "Reset your Carebook password")).toHaveLength(1);
  });
});

describe("expiry", () => {
  test("a link past RESET_TOKEN_MINUTES is refused with the same message", async () => {
    const short = await startHarness({ RESET_TOKEN_MINUTES: "0.02", MAIL_PREVIEW: "true", PUBLIC_URL: SITE }); // 1.2 s
    try {
      const pat = await short.signupPatient();
      expect((await short.call("POST", "/api/auth/forgotPassword", { json: { role: "patient", email: pat.email } })).status).toBe(202);
      await resetRequestsSettled();
      const row = await short.elsewhere("SELECT text FROM mail_outbox WHERE to_address = ? AND template = 'passwordReset'", [pat.email]);
      const token = String(row.rows[0]!.text).match(/\/resetPassword\/([A-Za-z0-9_-]{43})/)![1]!;
      // 1.5 s later on the app's clock (moved, not waited for): past the link's 1.2 s.
      clockBefore(short, new Date(Date.now() + 1500), 0);
      const late = await short.call("POST", "/api/auth/resetPassword", { json: { token, password: NEW_PASSWORD } });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ message: RESET_INVALID });
      expect((await short.call("POST", "/api/auth/loginPatient", { json: { email: pat.email, password: PASSWORD } })).status).toBe(200);
    } finally {
      await short.stop();
    }
  });
});

describe("change password and sessions", () => {
  test("change: wrong current refused; every other session ends (bearer and cookie), this one stays; a mail tells", async () => {
    const pat = await h.signupPatient("Pat Change");
    const phone = await login(pat.email);
    const wrong = await h.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: "not-it-at-all", newPassword: NEW_PASSWORD } });
    expect(wrong.status).toBe(400);
    expect((await profile(phone.body.token)).status).toBe(200); // a refusal changes nothing
    const weak = await h.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: PASSWORD, newPassword: "short" } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/newPassword/);

    const changed = await h.call("POST", "/api/auth/changePassword", {
      token: pat.token,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      headers: { "user-agent": FIREFOX },
    });
    expect(changed.status).toBe(200);
    expect((await profile(pat.token)).status).toBe(200);
    expect((await profile(phone.body.token)).status).toBe(401);
    expect((await profilePage(phone.body.token)).status).toBe(302);
    expect((await login(pat.email, NEW_PASSWORD)).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(pat.email) && m.subject === "Your Carebook password was changed");
    expect(mail.text).toContain("changed on its profile page");
    expect((await h.call("POST", "/api/auth/changePassword", { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(401);
  });

  test("sessions: listed with device and times, one ended by id (refused at its next request), then all others", async () => {
    const pat = await h.signupPatient();
    const phone = await login(pat.email, PASSWORD, SAFARI_PHONE);
    const laptop = await login(pat.email, PASSWORD, FIREFOX);
    const listed = await h.call("GET", "/api/auth/sessions", { token: laptop.body.token });
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(["Firefox on Linux"]);
    expect(sessions.map((s) => s.device)).toContain("Safari on iOS");
    expect(Date.parse(sessions[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(sessions[2]!.createdAt));

    const phoneId = sessions.find((s) => s.device === "Safari on iOS")!.id;
    // Another account cannot end it.
    const other = await h.signupPatient();
    expect((await h.call("DELETE", `/api/auth/sessions/${phoneId}`, { token: other.token })).status).toBe(404);
    expect((await profile(phone.body.token)).status).toBe(200);

    expect((await h.call("DELETE", `/api/auth/sessions/${phoneId}`, { token: laptop.body.token })).status).toBe(200);
    expect((await profile(phone.body.token)).status).toBe(401);
    expect((await profilePage(phone.body.token)).status).toBe(302);
    expect((await h.call("DELETE", `/api/auth/sessions/${phoneId}`, { token: laptop.body.token })).status).toBe(404);
    expect((await profile(pat.token)).status).toBe(200);

    expect((await h.call("POST", "/api/auth/sessions/revokeOthers", { token: laptop.body.token })).status).toBe(200);
    expect((await profile(pat.token)).status).toBe(401);
    expect((await profile(laptop.body.token)).status).toBe(200);
    const left = await h.call("GET", "/api/auth/sessions", { token: laptop.body.token });
    expect(left.body.sessions.map((s: { current: boolean }) => s.current)).toEqual([true]);
    expect((await h.call("GET", "/api/auth/sessions")).status).toBe(401);
  });

  test("last seen is written at most every 5 minutes, not on every request", async () => {
    const pat = await h.signupPatient();
    const seen = async () => Number((await h.elsewhere("SELECT last_seen_at FROM sessions WHERE account_id = ?", [pat.id])).rows[0]!.last_seen_at);
    const first = await seen();
    movingClock(h.deps).forward(60_000); // a minute on: still inside the 5 minutes
    for (let i = 0; i < 3; i++) expect((await profile(pat.token)).status).toBe(200);
    expect(await seen()).toBe(first);
    const longAgo = Date.now() - 6 * 60_000;
    await h.elsewhere("UPDATE sessions SET last_seen_at = ? WHERE account_id = ?", [longAgo, pat.id]);
    expect((await profile(pat.token)).status).toBe(200);
    expect(await seen()).toBeGreaterThan(longAgo + 5 * 60_000);
  });

  test("logout still ends every session of the account", async () => {
    const pat = await h.signupPatient();
    const phone = await login(pat.email);
    expect((await h.call("POST", "/api/auth/logout", { token: pat.token })).status).toBe(200);
    expect((await profile(phone.body.token)).status).toBe(401);
    expect((await profile(pat.token)).status).toBe(401);
  });
});

describe("pages without script", () => {
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    h.app.request(path, { method: "POST", headers: { origin: ORIGIN, "user-agent": FIREFOX, ...(cookie && { cookie }) }, body: new URLSearchParams(fields) });

  test("forgot form, the link's page, signed in; the profile's devices, Log out another, change password", async () => {
    const loginPage = await (await h.app.request("/loginDoctor")).text();
    expect(loginPage).toContain('href="/forgotPassword?role=doctor"');
    const pat = await h.signupPatient("Pat Pages");
    const sent = await post("/forgotPassword", { role: "patient", email: pat.email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/forgotPassword?role=patient#notice");
    const unknown = await post("/forgotPassword", { role: "patient", email: uniqueEmail("nobody") });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe(sent.headers.get("location"));
    const { token } = await resetLink(pat.email);

    const reset = await post(`/resetPassword/${token}`, { password: NEW_PASSWORD });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/patient-dashboard#notice");
    const cookie = reset.headers.getSetCookie().find((c) => c.startsWith("__Host-carebook_session="))!.split(";")[0]!;
    expect((await post(`/resetPassword/${token}`, { password: NEW_PASSWORD })).status).toBe(400);

    // A second device; the profile lists both, this one marked.
    const phone = await login(pat.email, NEW_PASSWORD, SAFARI_PHONE);
    const page = await (await h.app.request("/patient-dashboard/patient-profile", { headers: { cookie } })).text();
    expect(page).toContain("Firefox on Linux");
    expect(page).toContain("Safari on iOS");
    expect(page).toContain("This device");
    const phoneItem = page.split('<li class="session"').find((item) => item.includes("Safari on iOS"))!;
    const phoneId = phoneItem.match(/data-session="([^"]+)"/)![1]!;
    const ended = await post(`/patient-dashboard/patient-profile/sessions/${phoneId}/logout`, {}, cookie);
    expect(ended.status).toBe(303);
    expect((await profile(phone.body.token)).status).toBe(401);

    const wrong = await post("/patient-dashboard/patient-profile/password", { currentPassword: "nope-nope-nope", newPassword: "third-horse-3" }, cookie);
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("Your current password is not correct");
    expect(wrongPage).not.toContain("nope-nope-nope");
    const changed = await post("/patient-dashboard/patient-profile/password", { currentPassword: NEW_PASSWORD, newPassword: "third-horse-3" }, cookie);
    expect(changed.status).toBe(303);
    expect((await h.app.request("/patient-dashboard/patient-profile", { headers: { cookie } })).status).toBe(200);
  });
});

describe("throttles", () => {
  test("per account (whether or not it exists) and address, and per address, like logins", async () => {
    const t = await startHarness({ LOGIN_FAILURE_LIMIT: "3", TRUST_PROXY: "1" });
    try {
      const ask = (email: string, from: string) =>
        t.call("POST", "/api/auth/forgotPassword", { json: { role: "patient", email }, headers: { "x-forwarded-for": from } });
      const pat = await t.signupPatient();
      const nobody = uniqueEmail("nobody");
      for (const email of [pat.email, nobody]) {
        for (let i = 0; i < 3; i++) expect((await ask(email, "10.0.0.1")).status).toBe(202);
        const refused = await ask(email, "10.0.0.1");
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        // Another address is not locked out of that account (issue 44): src/routes/api/reset-lock.test.ts.
        expect((await ask(email, "10.0.0.9")).status).toBe(202);
      }
      // 3 × 10 per address across accounts.
      for (let i = 0; i < 30; i++) expect((await ask(uniqueEmail("many"), "10.0.1.1")).status).toBe(202);
      expect((await ask(uniqueEmail("many"), "10.0.1.1")).status).toBe(429);
      expect((await ask(uniqueEmail("many"), "10.0.1.2")).status).toBe(202);
      // A wrong current password counts as a failed login of the account.
      for (let i = 0; i < 3; i++) {
        const wrong = await t.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: "wrong-wrong-1", newPassword: NEW_PASSWORD }, headers: { "x-forwarded-for": "10.0.2.1" } });
        expect(wrong.status).toBe(400);
      }
      const locked = await t.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, headers: { "x-forwarded-for": "10.0.2.1" } });
      expect(locked.status).toBe(429);
      await resetRequestsSettled();
    } finally {
      await t.stop();
    }
  });
});
