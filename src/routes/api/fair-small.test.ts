/**
 * Issue 51 item 7, the small ones: POST /api/auth/resetPassword (it sets the session cookie) sits
 * behind the cross-site guard of every cookie-setting call; `/doctors?page=1&page=2` answers 400
 * as its JSON twin does; an erasure removes the email from the throttle's keys.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { CROSS_SITE_MESSAGE } from "../../middleware/same-origin";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const post = (path: string, headers: Record<string, string>, body: string) =>
  h.app.request(`http://localhost${path}`, { method: "POST", headers: { host: "localhost", "content-type": "application/json", ...headers }, body });

test("a cross-site POST /api/auth/resetPassword is refused (403) before its token is looked at; from the site itself it is answered", async () => {
  const body = JSON.stringify({ token: "x".repeat(43), password: "another-horse-2" });
  for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
    const refused = await post("/api/auth/resetPassword", headers, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: CROSS_SITE_MESSAGE });
  }
  expect((await post("/api/auth/resetPassword", { origin: "http://localhost" }, body)).status).not.toBe(403);
});

test("a repeated page: the page /doctors answers 400 as its JSON twin does", async () => {
  expect((await h.call("GET", "/api/auth/directory/doctors?page=1&page=2")).status).toBe(400);
  const page = await h.app.request("/doctors?page=1&page=2");
  expect(page.status).toBe(400);
  expect((await h.app.request("/doctors?page=1")).status).toBe(200);
});

test("an erasure forgets the email in the throttle's keys (failed logins, reset requests)", async () => {
  const patient = await h.signupPatient();
  expect((await h.call("POST", "/api/auth/loginPatient", { json: { email: patient.email, password: "wrong-horse-9" } })).status).toBe(401);
  expect((await h.call("POST", "/api/auth/forgotPassword", { json: { role: "patient", email: patient.email } })).status).toBe(202);
  const keys = async () => Number((await h.elsewhere("select count(*) as n from auth_events where key like ?", [`%${patient.email}%`])).rows[0]!.n);
  expect(await keys()).toBeGreaterThan(0);
  expect((await h.call("POST", "/api/auth/account/delete", { token: patient.token, json: { password: PASSWORD } })).status).toBe(200);
  expect(await keys()).toBe(0);
});

test("the admin's table: a second step's opener and its confirming button never share one accessible name", async () => {
  const doctor = await h.signupDoctor({ name: "Dr Named Twice" });
  const res = await h.app.request("/admin-dashboard", { headers: { cookie: `carebook_session=${await h.admin()}`, "accept-language": "en" } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const names = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/<!-- -->/g, "").trim());
  const openers = names(/<summary[^>]*aria-label="([^"]*Dr Named Twice[^"]*)"/g);
  const buttons = names(/<button type="submit"[^>]*>((?:(?!<\/button>).)*Dr Named Twice(?:(?!<\/button>).)*)<\/button>/g);
  expect(openers).toContain("Block Dr Named Twice");
  expect(buttons.filter((b) => openers.includes(b))).toEqual([]);
  void doctor;
});
