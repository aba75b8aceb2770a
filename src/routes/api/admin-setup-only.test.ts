/**
 * Issue 51 item 6: with ADMIN_2FA_REQUIRED on and no second factor yet, the admin's password-only
 * session may only set up two-factor sign-in, list and end sessions, and log out. Every other
 * account call (the export, consent, language, time zone, change password, erasure, the pages'
 * POST /session) answers 403 with `twoFactorSetupRequired: true`; the pages lead to the setup.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { SETUP_REQUIRED } from "../../actions/two-factor";

const API = "/api/auth";
const SETUP = "/admin-dashboard/account#two-factor";
const HELD = { message: SETUP_REQUIRED, twoFactorSetupRequired: true };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ ADMIN_2FA_REQUIRED: "true" });
});
afterAll(() => h.stop());

const loginAdmin = async () => {
  const res = await h.call("POST", `${API}/loginAdmin`, { json: { email: "admin@example.com", password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.token as string;
};
const page = (path: string, token: string, form?: Record<string, string>) =>
  h.app.request(path, {
    method: form ? "POST" : "GET",
    headers: { cookie: `carebook_session=${token}`, origin: "http://localhost" },
    ...(form && { body: new URLSearchParams(form) }),
  });

describe("an admin's password-only session under ADMIN_2FA_REQUIRED", () => {
  test("the account calls answer 403 twoFactorSetupRequired: export, consent, language, time zone, change password, erasure", async () => {
    const token = await h.admin();
    const calls: [string, string, unknown?][] = [
      ["GET", "/account/export"],
      ["GET", "/consent"],
      ["PUT", "/language", { language: "hi" }],
      ["PUT", "/time-zone", { timeZone: "Asia/Kolkata" }],
      ["POST", "/changePassword", { currentPassword: PASSWORD, newPassword: "another-horse-2" }],
      ["POST", "/account/delete", { password: PASSWORD }],
    ];
    for (const [method, path, json] of calls) {
      const res = await h.call(method, `${API}${path}`, { token, json });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: HELD });
    }
  });

  test("the pages' POST /session answers 403 twoFactorSetupRequired; the export and the account's other forms lead to the setup", async () => {
    const token = await loginAdmin();
    const session = await page("/session", token, {});
    expect(session.status).toBe(403);
    expect(await session.json()).toEqual(HELD);
    for (const [path, form] of [
      ["/account/export", undefined],
      ["/admin-dashboard/account/password", { currentPassword: PASSWORD, newPassword: "another-horse-2", confirmPassword: "another-horse-2" }],
      ["/time-zone", { timeZone: "Asia/Kolkata" }],
      ["/language", { lang: "hi", back: "/admin-dashboard/account" }],
    ] as const) {
      const res = await page(path, token, form);
      expect({ path, status: res.status, location: res.headers.get("location") }).toEqual({ path, status: form ? 303 : 302, location: SETUP });
    }
    const stored = await h.elsewhere("select language, time_zone from admins where email = 'admin@example.com'");
    expect(stored.rows[0]).toMatchObject({ language: null, time_zone: null });
  });

  test("still open: set up two-factor, list and end sessions, log out", async () => {
    const token = await loginAdmin();
    const other = await loginAdmin();
    const sessions = await h.call("GET", `${API}/sessions`, { token });
    expect(sessions.status).toBe(200);
    const theirs = (sessions.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;
    expect((await h.call("DELETE", `${API}/sessions/${theirs.id}`, { token })).status).toBe(200);
    expect((await h.call("POST", `${API}/sessions/revokeOthers`, { token })).status).toBe(200);
    expect((await h.call("GET", `${API}/sessions`, { token: other })).status).toBe(401);
    expect((await h.call("POST", `${API}/2fa/setup`, { token })).status).toBe(200);
    expect((await page("/admin-dashboard/account", token)).status).toBe(200);
    expect((await h.call("POST", `${API}/logout`, { token })).status).toBe(200);
  });
});
