/**
 * Issue 23's smaller page fixes. Over HTTPS the notice cookie, like the session and device
 * cookies, is `__Host-notice` (Secure, Path=/), and a plain `notice` planted by a sibling
 * subdomain is never read; over plain http on localhost the plain names stay. A refused form
 * echoes back only its own fields, each cut to its own limit: text posted in a field the
 * form does not have never comes back.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TRUST_PROXY: "1" });
});
afterAll(() => h.stop());

/** A page's form post as a browser on https://localhost behind the trusted proxy sends it. */
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  h.app.request(path, {
    method: "POST",
    headers: { origin: "https://localhost", "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.9", ...headers },
    body: new URLSearchParams(fields),
  });

test("over HTTPS the notice cookie is __Host-notice, and a planted plain one is not shown", async () => {
  const email = uniqueEmail("host");
  const signup = await post("/signupPatient", { name: "Host Patient", email, password: PASSWORD, consent: "on" });
  expect(signup.status).toBe(303);
  const cookies = signup.headers.getSetCookie();
  expect(cookies.some((c) => c.startsWith("__Host-carebook_session="))).toBe(true);
  expect(cookies.some((c) => /^__Host-cb_device_\w+=.*Path=\/.*Secure/.test(c))).toBe(true);
  const session = cookies.find((c) => c.startsWith("__Host-carebook_session="))!.split(";")[0]!;

  const saved = await post("/patient-dashboard/patient-profile", { name: "Host Patient Two" }, { cookie: session });
  expect(saved.status).toBe(303);
  const notice = saved.headers.getSetCookie().find((c) => c.startsWith("__Host-notice="));
  expect(notice).toMatch(/; Path=\/;.*Secure/);
  expect(saved.headers.getSetCookie().some((c) => c.startsWith("notice="))).toBe(false);

  const page = (cookie: string) =>
    h.app.request("/patient-dashboard/patient-profile", { headers: { cookie, "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.9" } });
  const shown = await (await page(`${session}; ${notice!.split(";")[0]}`)).text();
  expect(shown).toContain("Profile updated successfully!");
  // A sibling subdomain can set a plain `notice` for this host: over HTTPS it is not read.
  const planted = encodeURIComponent(JSON.stringify({ text: "Your account is suspended: call +1 555 0100", tone: "error" }));
  expect(await (await page(`${session}; notice=${planted}`)).text()).not.toContain("suspended");
});

test("a refused form echoes only its own fields, each within its limit", async () => {
  const junk = "J".repeat(50_000); // within the 64 KB body limit; the old echo sent back 4,000 of it
  const res = await h.app.request("/signupPatient", {
    method: "POST",
    headers: { origin: "http://localhost" },
    body: new URLSearchParams({ name: "N".repeat(5_000), email: "not-an-email", password: "x", extra: junk }),
  });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).not.toContain("JJJJJJJJ");
  expect(html).toContain(`value="${"N".repeat(100)}"`); // the name field's own limit
  expect(html).not.toContain("N".repeat(101));
  expect(html.length).toBeLessThan(100_000);
});
