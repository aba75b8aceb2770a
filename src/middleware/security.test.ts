/**
 * Security headers on every kind of answer (page, API, static file, picture, 404, redirect): a CSP
 * with no inline script but hashed ones, no framing, nosniff, a strict referrer policy; HSTS and
 * the __Host- Secure session cookie only over HTTPS (directly, or via a trusted proxy).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, PNG_1X1, startHarness, uniqueEmail, type Harness } from "../../tests/support/harness";
import { scriptHash } from "./security";

let h: Harness;
let proxied: Harness;
let picture: string;
let patientToken: string;

beforeAll(async () => {
  h = await startHarness();
  proxied = await startHarness({ TRUST_PROXY: "true" });
  const patient = await h.signupPatient();
  patientToken = patient.token;
  const res = await h.call("PUT", "/api/auth/patient-profile", {
    token: patient.token,
    form: h.profileForm({ name: "Pic Patient" }, { bytes: PNG_1X1, name: "me.png", type: "image/png" }),
  });
  expect(res.status).toBe(200);
  picture = res.body.patient.profileImage;
});
afterAll(async () => {
  await h.stop();
  await proxied.stop();
});

/** One request of every kind of answer the server gives. */
const KINDS: { name: string; method?: string; path: () => string; json?: unknown; auth?: boolean; status: number }[] = [
  { name: "home page", path: () => "/", status: 200 },
  { name: "login page (inline loader)", path: () => "/loginPatient", status: 200 },
  { name: "page guard redirect", path: () => "/patient-dashboard", status: 302 },
  { name: "page 404", path: () => "/no-such-page", status: 404 },
  { name: "API 200", path: () => "/api/auth/patient-profile", auth: true, status: 200 },
  { name: "API 400", method: "POST", path: () => "/api/auth/loginPatient", json: {}, status: 400 },
  { name: "API 401", path: () => "/api/auth/patient-profile", status: 401 },
  { name: "API 404", path: () => "/api/nothing", status: 404 },
  { name: "static file", path: () => "/static/app.css", status: 200 },
  { name: "favicon", path: () => "/favicon.svg", status: 200 },
  { name: "static 404", path: () => "/static/nope.css", status: 404 },
  { name: "upload", path: () => `/uploads/patients/${picture}`, status: 200 },
  { name: "upload 404", path: () => "/uploads/patients/missing.png", status: 404 },
  { name: "POST /theme redirect", method: "POST", path: () => "/theme", status: 303 },
];

async function fetchKind(app: Harness["app"], origin: string, kind: (typeof KINDS)[number], headers: Record<string, string> = {}) {
  const init: RequestInit = { method: kind.method ?? "GET", headers: { ...headers } };
  if (kind.auth) (init.headers as Record<string, string>).authorization = `Bearer ${patientToken}`;
  if (kind.json !== undefined) {
    (init.headers as Record<string, string>)["content-type"] = "application/json";
    init.body = JSON.stringify(kind.json);
  }
  if (kind.method === "POST" && kind.json === undefined) {
    (init.headers as Record<string, string>)["content-type"] = "application/x-www-form-urlencoded";
    // A page's own form: the same-origin check of form posts needs to see where it came from.
    (init.headers as Record<string, string>).origin = origin;
    init.body = "theme=dark&back=/";
  }
  return app.request(`${origin}${kind.path()}`, init);
}

function expectBaseHeaders(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const directives = new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain("*");
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(res.headers.get("referrer-policy")!);
}

function hstsMaxAge(res: Response): number | undefined {
  const hsts = res.headers.get("strict-transport-security");
  if (hsts === null) return undefined;
  return Number(hsts.match(/max-age=(\d+)/)?.[1] ?? 0);
}

describe("every kind of answer carries the security headers", () => {
  for (const kind of KINDS) {
    test(`${kind.name}: over plain HTTP, no HSTS`, async () => {
      const res = await fetchKind(h.app, "http://localhost", kind);
      expect(res.status).toBe(kind.status);
      expectBaseHeaders(res);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    });

    test(`${kind.name}: over HTTPS, HSTS for at least a year`, async () => {
      const res = await fetchKind(h.app, "https://localhost", kind);
      expect(res.status).toBe(kind.status);
      expectBaseHeaders(res);
      expect(hstsMaxAge(res)).toBeGreaterThanOrEqual(31_536_000);
    });
  }
});

describe("HTTPS through a proxy", () => {
  test("X-Forwarded-Proto: https counts only with TRUST_PROXY=true", async () => {
    const kind = KINDS[0]!;
    const trusted = await fetchKind(proxied.app, "http://localhost", kind, { "x-forwarded-proto": "https" });
    expect(hstsMaxAge(trusted)).toBeGreaterThanOrEqual(31_536_000);
    const untrusted = await fetchKind(h.app, "http://localhost", kind, { "x-forwarded-proto": "https" });
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the session cookie", () => {
  const signup = (app: Harness["app"], origin: string, headers: Record<string, string> = {}) =>
    app.request(`${origin}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name: "Cookie Patient", email: uniqueEmail("cookie"), password: PASSWORD }),
    });

  const secureCookie = (res: Response) => {
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2); // the session, and the device cookie (__Host- and Secure too, issue 23)
    expect(cookies[1]).toMatch(/^__Host-cb_device_\w+=[^;]+;.*Path=\/;.*Secure/);
    const cookie = cookies[0]!;
    expect(cookie).toMatch(/^__Host-carebook_session=[^;]+/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    // __Host- forbids a Domain attribute.
    expect(cookie).not.toMatch(/;\s*Domain=/i);
  };

  test("over HTTPS: __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const res = await signup(h.app, "https://localhost");
    expect(res.status).toBe(201);
    secureCookie(res);
  });

  test("behind a trusted proxy saying https: the same secure cookie", async () => {
    const res = await signup(proxied.app, "http://localhost", { "x-forwarded-proto": "https" });
    expect(res.status).toBe(201);
    secureCookie(res);
  });

  test("over plain HTTP: HttpOnly and SameSite=Lax, but neither Secure nor __Host-", async () => {
    const res = await signup(h.app, "http://localhost");
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[1]).not.toMatch(/;\s*Secure/i);
    expect(cookies[1]).toMatch(/^cb_device_/);
    expect(cookies[0]).toMatch(/^carebook_session=/);
    expect(cookies[0]).toMatch(/;\s*HttpOnly/i);
    expect(cookies[0]).toMatch(/;\s*SameSite=Lax/i);
    expect(cookies[0]).not.toMatch(/;\s*Secure/i);
  });
});

describe("inline scripts are exactly the hashed ones", () => {
  for (const path of ["/loginPatient", "/loginDoctor", "/loginAdmin", "/signupPatient", "/signupDoctor", "/", "/about"]) {
    test(`${path}: every inline script's sha256 is in the page's CSP, and the CSP allows no other hash`, async () => {
      const res = await h.app.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      // Islands' props are JSON data blocks: never run, so no hash (and nothing but JSON in them).
      const blocks = [...html.matchAll(/<script type="application\/json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      for (const block of blocks) expect(() => JSON.parse(block)).not.toThrow();
      const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      const csp = res.headers.get("content-security-policy")!;
      // script-src only: style-src allows the inline stylesheet by its own hash (src/render/inline-css.test.ts).
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      const allowed = [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
      expect(allowed.sort()).toEqual(inline.map(scriptHash).sort());
      // No inline event handlers either (a hash does not allow them).
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      // The patient's login page loads its island on interaction, through a hashed inline loader.
      if (path === "/loginPatient") expect(inline.length).toBeGreaterThan(0);
      if (path === "/loginPatient") expect(blocks.length).toBeGreaterThan(0);
    });
  }
});
