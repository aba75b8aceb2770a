/**
 * Issue 51 item 7: with two-factor sign-in on, a password change and an erasure ask for a `code`
 * as well as the password, as turning it off does: none 400 naming it, a wrong one 400 (nothing
 * changes), the app's code or a recovery code 200. The app's clock is set (deps.now).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { totpAt } from "../../auth/totp";
import { WRONG_CODE } from "../../actions/two-factor";

const API = "/api/auth";
const START = new Date("2031-03-03T10:00:00.000Z");
let h: Harness;
let clock = START;
beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => clock;
});
afterAll(() => h.stop());

async function patientWithTwoFactor() {
  const patient = await h.signupPatient();
  const setup = await h.call("POST", `${API}/2fa/setup`, { token: patient.token });
  const enabled = await h.call("POST", `${API}/2fa/enable`, { token: patient.token, json: { code: totpAt(setup.body.secret, clock) } });
  expect(enabled.status).toBe(200);
  clock = new Date(clock.getTime() + 60_000);
  return { ...patient, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
const wrong = (secret: string) => (["000000", "111111", "222222"].find((c) => ![-30_000, 0, 30_000].some((d) => totpAt(secret, new Date(clock.getTime() + d)) === c)))!;
const refusal = (res: { status: number; body: { message: string } }) => [res.status, res.body.message];

test("a password change asks for the code: none 400, a wrong one 400, the right one 200", async () => {
  const p = await patientWithTwoFactor();
  const change = (extra: Record<string, unknown>) => h.call("POST", `${API}/changePassword`, { token: p.token, json: { currentPassword: PASSWORD, newPassword: "another-horse-2", ...extra } });
  expect(refusal(await change({}))).toEqual([400, "code is required: two-factor sign-in is on"]);
  expect(refusal(await change({ code: wrong(p.secret) }))).toEqual([400, WRONG_CODE]);
  expect((await change({ code: totpAt(p.secret, clock) })).status).toBe(200);
});

test("an erasure asks for the code too; a recovery code does", async () => {
  const p = await patientWithTwoFactor();
  const erase = (extra: Record<string, unknown>) => h.call("POST", `${API}/account/delete`, { token: p.token, json: { password: PASSWORD, ...extra } });
  expect(refusal(await erase({}))).toEqual([400, "code is required: two-factor sign-in is on"]);
  expect(refusal(await erase({ code: wrong(p.secret) }))).toEqual([400, WRONG_CODE]);
  expect((await h.call("GET", `${API}/sessions`, { token: p.token })).status).toBe(200);
  expect((await erase({ code: p.recoveryCodes[0] })).status).toBe(200);
});

test("without two-factor, neither asks for a code", async () => {
  const p = await h.signupPatient();
  expect((await h.call("POST", `${API}/changePassword`, { token: p.token, json: { currentPassword: PASSWORD, newPassword: "another-horse-2" } })).status).toBe(200);
});

test("the pages ask for it too: the profile's password form and the erasure page carry a code field once two-factor is on", async () => {
  const p = await patientWithTwoFactor();
  const page = async (path: string) => (await h.app.request(path, { headers: { cookie: `carebook_session=${p.token}` } })).text();
  expect(await page("/patient-dashboard/patient-profile")).toContain('id="password-code" name="code"');
  expect(await page("/patient-dashboard/patient-profile/delete")).toContain('id="erasure-code" name="code"');
  const plain = await h.signupPatient();
  expect(await (await h.app.request("/patient-dashboard/patient-profile", { headers: { cookie: `carebook_session=${plain.token}` } })).text()).not.toContain('id="password-code"');
});

test("turning two-factor on can end every other session: the API's endOtherSessions, the page's box ticked by default", async () => {
  const patient = await h.signupPatient();
  const other = await h.call("POST", `${API}/loginPatient`, { json: { email: patient.email, password: PASSWORD } });
  const setup = await h.call("POST", `${API}/2fa/setup`, { token: patient.token });
  const enabled = await h.call("POST", `${API}/2fa/enable`, { token: patient.token, json: { code: totpAt(setup.body.secret, clock), endOtherSessions: true } });
  expect(enabled.status).toBe(200);
  expect((await h.call("GET", `${API}/sessions`, { token: other.body.token })).status).toBe(401);
  expect((await h.call("GET", `${API}/sessions`, { token: patient.token })).status).toBe(200);

  const viaPage = await h.signupPatient();
  const second = await h.call("POST", `${API}/loginPatient`, { json: { email: viaPage.email, password: PASSWORD } });
  const cookie = { cookie: `carebook_session=${viaPage.token}`, origin: "http://localhost" };
  expect((await h.app.request("/patient-dashboard/patient-profile/two-factor/setup", { method: "POST", headers: cookie, body: new URLSearchParams() })).status).toBe(303);
  const html = await (await h.app.request("/patient-dashboard/patient-profile", { headers: cookie })).text();
  expect(html).toMatch(/<input type="checkbox" name="endOtherSessions" value="on" checked=""/);
  const secret = /class="two-factor-key">([A-Z2-7 ]+)</.exec(html)![1]!.replace(/ /g, "");
  const posted = await h.app.request("/patient-dashboard/patient-profile/two-factor/enable", { method: "POST", headers: cookie, body: new URLSearchParams({ code: totpAt(secret, clock), endOtherSessions: "on" }) });
  expect(posted.status).toBe(200);
  expect((await h.call("GET", `${API}/sessions`, { token: second.body.token })).status).toBe(401);
});
