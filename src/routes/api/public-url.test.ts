/**
 * Links the server writes use PUBLIC_URL, never the request's Host (issue 23): a feed URL made
 * with `Host: evil.example` names the site's own origin; without PUBLIC_URL, a loopback Host is
 * used as it came (development), any other Host gives http://localhost:PORT.
 */
import { afterAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

const harnesses: Harness[] = [];
afterAll(() => Promise.all(harnesses.map((h) => h.stop())));

async function feedUrlWithHost(env: Record<string, string>, host: string) {
  const h = await startHarness(env);
  harnesses.push(h);
  const patient = await h.signupPatient();
  const res = await h.call("POST", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token, headers: { host } });
  expect(res.status).toBe(201);
  return res.body.feed as { url: string; webcalUrl: string };
}

test("with PUBLIC_URL, the feed URL is at that origin whatever the Host says", async () => {
  const feed = await feedUrlWithHost({ PUBLIC_URL: "https://carebook.example" }, "evil.example");
  expect(feed.url).toMatch(/^https:\/\/carebook\.example\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(feed.webcalUrl).toBe(feed.url.replace(/^https:/, "webcal:"));
});

test("without PUBLIC_URL, a foreign Host is never written into a link", async () => {
  const feed = await feedUrlWithHost({ PORT: "3456" }, "evil.example");
  expect(feed.url).toMatch(/^http:\/\/localhost:3456\/calendar\//);
  const local = await feedUrlWithHost({}, "127.0.0.1:3310");
  expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:3310\/calendar\//);
});
