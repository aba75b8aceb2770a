/**
 * Issue 51 item 7: a patient withdraws consent without erasing the account: DELETE
 * /api/auth/consent records when, the optional mails stop (reminders and notices off), the pages
 * ask again (`due`), the account stays; accepting again is recorded as before.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

const API = "/api/auth";
const AT = new Date("2031-03-03T10:00:00.000Z");
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
  h.deps.now = () => AT;
});
afterAll(() => h.stop());

test("withdrawn: 200 with when; GET /consent says due and when; mails stop; the pages ask again; the account stays; accepting again works", async () => {
  const patient = await h.signupPatient();
  expect((await h.call("POST", `${API}/consent`, { token: patient.token, json: { consent: true } })).status).toBe(200);
  const withdrawn = await h.call("DELETE", `${API}/consent`, { token: patient.token });
  expect(withdrawn.status).toBe(200);
  expect(withdrawn.body).toEqual({ message: "Your consent is withdrawn. Your account stays; you will be asked again.", withdrawnAt: AT.toISOString() });
  const state = await h.call("GET", `${API}/consent`, { token: patient.token });
  expect(state.body).toMatchObject({ accepted: null, due: true, withdrawnAt: AT.toISOString() });
  expect((await h.call("GET", `${API}/mail-preferences`, { token: patient.token })).body.preferences).toEqual({ reminders: false, notices: false, sms: true, whatsapp: false });
  const page = await (await h.app.request("/patient-dashboard", { headers: { cookie: `carebook_session=${patient.token}` } })).text();
  expect(page).toContain('action="/consent"');
  expect((await h.call("GET", `${API}/patient-profile`, { token: patient.token })).status).toBe(200);
  expect((await h.call("POST", `${API}/consent`, { token: patient.token, json: { consent: true } })).status).toBe(200);
  expect((await h.call("GET", `${API}/consent`, { token: patient.token })).body).toMatchObject({ due: false, withdrawnAt: AT.toISOString() });
});

test("the admin has no consent to withdraw (403)", async () => {
  expect((await h.call("DELETE", `${API}/consent`, { token: await h.admin() })).status).toBe(403);
});

test("the erasure page offers the lesser step: its form withdraws consent and leads back to the profile, the account kept", async () => {
  const patient = await h.signupPatient();
  const headers = { cookie: `carebook_session=${patient.token}`, origin: "http://localhost" };
  const page = await (await h.app.request("/patient-dashboard/patient-profile/delete", { headers })).text();
  expect(page).toContain('action="/patient-dashboard/patient-profile/consent/withdraw"');
  const posted = await h.app.request("/patient-dashboard/patient-profile/consent/withdraw", { method: "POST", headers, body: new URLSearchParams() });
  expect([posted.status, posted.headers.get("location")]).toEqual([303, "/patient-dashboard/patient-profile#notice"]);
  expect((await h.call("GET", `${API}/consent`, { token: patient.token })).body).toMatchObject({ due: true, withdrawnAt: AT.toISOString() });
});
