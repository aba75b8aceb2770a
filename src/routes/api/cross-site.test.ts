/**
 * Logout CSRF (issue 23): a page on another site can post a `text/plain` form to
 * /api/auth/logout without a preflight; it is refused (403) and the session cookie stays. The
 * site's own pages, an allowed CORS origin and non-browser clients (no Origin) still log out,
 * and the same holds for the calls that set the cookie (login, signup). The CORS preflight of an
 * allowed origin lists every method the API's routes answer (DELETE of a session, issue 45).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { CROSS_SITE_MESSAGE } from "../../middleware/same-origin";

const ALLOWED = "https://app.example";
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CORS_ORIGINS: ALLOWED });
});
afterAll(() => h.stop());

const post = (path: string, headers: Record<string, string>, body: string) =>
  h.app.request(`http://localhost${path}`, { method: "POST", headers: { host: "localhost", ...headers }, body });

test("a cross-site text/plain post to /api/auth/logout is refused, and the cookie is not cleared", async () => {
  const cases: Record<string, string>[] = [
    { origin: "https://evil.example", "content-type": "text/plain" },
    { origin: "null", "content-type": "text/plain" },
    { "sec-fetch-site": "cross-site", "content-type": "text/plain" },
    { "sec-fetch-site": "same-site", "content-type": "application/x-www-form-urlencoded" },
  ];
  for (const headers of cases) {
    const res = await post("/api/auth/logout", { ...headers, cookie: "carebook_session=abc" }, "x=1");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    expect(res.headers.get("set-cookie")).toBeNull();
  }
});

test("the site's own pages, an allowed origin and a client without Origin log out", async () => {
  const cases: Record<string, string>[] = [{ origin: "http://localhost" }, { origin: ALLOWED }, { "sec-fetch-site": "same-origin" }, {}];
  for (const headers of cases) {
    const res = await post("/api/auth/logout", { ...headers, cookie: "carebook_session=abc" }, "");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("carebook_session=;");
  }
});

test("a cross-site login (login CSRF) is refused too; the same login from the site itself works", async () => {
  const patient = await h.signupPatient();
  const body = JSON.stringify({ email: patient.email, password: PASSWORD });
  const refused = await post("/api/auth/loginPatient", { origin: "https://evil.example", "content-type": "application/json" }, body);
  expect(refused.status).toBe(403);
  expect(refused.headers.get("set-cookie")).toBeNull();
  const ok = await post("/api/auth/loginPatient", { origin: "http://localhost", "content-type": "application/json" }, body);
  expect(ok.status).toBe(200);
});

const preflight = (path: string, origin: string, method: string) =>
  h.app.request(`http://localhost${path}`, {
    method: "OPTIONS",
    headers: { host: "localhost", origin, "access-control-request-method": method, "access-control-request-headers": "authorization,content-type" },
  });

test("the preflight of an allowed origin permits every method the API's routes answer, DELETE too", async () => {
  const used = new Set(h.app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map((r) => r.method));
  expect(used).toContain("DELETE");
  const res = await preflight("/api/auth/sessions/some-id", ALLOWED, "DELETE");
  expect(res.status).toBe(204);
  expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED);
  const allowed = res.headers.get("access-control-allow-methods")?.split(",") ?? [];
  for (const method of used) expect(allowed).toContain(method);
  expect(res.headers.get("access-control-allow-headers")?.toLowerCase().split(",")).toEqual(["authorization", "content-type"]);
});

test("the preflight of another origin permits nothing to it", async () => {
  const res = await preflight("/api/auth/sessions/some-id", "https://evil.example", "DELETE");
  expect(res.headers.get("access-control-allow-origin")).toBeNull();
});
