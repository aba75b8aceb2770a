/**
 * Issue 56 item 3: the booking page asks for the date of birth and sex while the profile lacks
 * either (optional, a plain form without script), saves them to the profile, and asks no more.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;

test("asked on the booking page until the profile has both; saved to the profile; a bad date refused; in Hindi too", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  const path = `/patient-dashboard/bookAppointment/${doctor.id}`;
  const get = async (lang = "en", extra = "") => (await h.app.request(path, { headers: { cookie: `${cookie(patient.token, lang)}${extra}` } })).text();
  const post = (fields: Record<string, string>) =>
    h.app.request(`${path}/details`, {
      method: "POST",
      headers: { cookie: cookie(patient.token), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      body: new URLSearchParams(fields),
    });

  const first = await get();
  expect(first).toContain(`id="booking-details"`);
  expect(first).toContain(`action="${path}/details"`);
  expect(await get("hi")).toContain("जन्म");

  const bad = await post({ dateOfBirth: "1890-01-01", sex: "female" });
  // Refused in its own form, with what was sent; the booking form above says nothing of it.
  expect(bad.status).toBe(303);
  const refused = await get("en", `; ${bad.headers.get("set-cookie")!.split(";")[0]}`);
  const details = refused.slice(refused.indexOf(`id="booking-details"`));
  expect(details).toMatch(/<p id="booking-details-error" class="notice notice-error" role="alert">[^<]+<\/p>/);
  expect(details).toContain(`value="1890-01-01"`);
  expect(details).toMatch(/<option value="female" selected/);
  expect(refused.slice(refused.indexOf("<main"), refused.indexOf(`id="booking-details"`))).not.toContain(`class="notice notice-error"`);
  const before = (await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).body.patient;
  expect([before.dateOfBirth ?? null, before.sex ?? null]).toEqual([null, null]);

  const saved = await post({ dateOfBirth: "1990-04-12", sex: "female" });
  expect([saved.status, saved.headers.get("location")]).toEqual([303, `${path}#notice`]);
  const notice = saved.headers.get("set-cookie")!.split(";")[0];
  expect(await get("en", `; ${notice}`)).toContain("Saved. Your prescriptions will show them.");
  expect((await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).body.patient).toMatchObject({ dateOfBirth: "1990-04-12", sex: "female" });
  expect(await get()).not.toContain(`id="booking-details"`);
});
