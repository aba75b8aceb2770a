/**
 * Forged, stale and misused tokens on real routes: through the bearer header on the API (401/403)
 * and through the session cookie on pages (a redirect to a login page, never a dashboard).
 * access.test.ts proves the 401/403 table on every API call; this file adds the forgeries it does
 * not try (wrong audience, issuer, typ, algorithm, re-signed role) and the page side of each.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { startHarness, type Harness } from "../../../tests/support/harness";
import type { Role } from "../../domain/fields";

let h: Harness;
const ids = {} as Record<Role, string>;
const tokens = {} as Record<Role, string>;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());
const OTHER_KEY = new TextEncoder().encode("an-attacker-secret-that-is-32-bytes-or-more");

type Craft = {
  sub: string;
  role: string;
  ver?: number;
  sid?: string;
  iss?: string;
  aud?: string;
  typ?: string;
  alg?: "HS256" | "HS384" | "HS512";
  exp?: number;
  secret?: Uint8Array;
};

/** A token exactly as an attacker would make it: every claim and header under the test's control. */
function craft(c: Craft): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: c.role, ver: c.ver ?? 0, ...(c.sid !== undefined && { sid: c.sid }) })
    .setProtectedHeader({ alg: c.alg ?? "HS256", typ: c.typ ?? "JWT" })
    .setSubject(c.sub)
    .setIssuer(c.iss ?? "carebook")
    .setAudience(c.aud ?? "carebook-api")
    .setIssuedAt(now - 60)
    .setExpirationTime(c.exp ?? now + 3600)
    .sign(c.secret ?? h.deps.keys.secret);
}

/** An unsigned token (alg none), with or without the trailing dot. */
function unsigned(claims: Record<string, unknown>, alg = "none", dot = true) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { ver: 0, iss: "carebook", aud: "carebook-api", iat: now, exp: now + 3600, ...claims };
  return `${b64({ alg, typ: "JWT" })}.${b64(payload)}${dot ? "." : ""}`;
}

/** The real admin token with its payload's role (or sub) changed, keeping the header and signature. */
function tampered(token: string, change: Record<string, unknown>) {
  const [head, payload, sig] = token.split(".");
  return `${head}.${b64({ ...decode(payload!), ...change })}.${sig}`;
}

/** Forgeries aimed at `role`'s routes, each with the id of a real account of that role. */
function forgeries(role: Role): Record<string, () => Promise<string>> {
  // Built when the tests are collected; the ids exist only once beforeAll has run.
  const at = <T,>(make: (sub: string, past: number) => T) => () => make(ids[role], Math.floor(Date.now() / 1000) - 10);
  // Another role's genuine account, claiming `role`.
  const other = (): Role => (role === "patient" ? "doctor" : "patient");
  return {
    "alg none": at(async (sub) => unsigned({ sub, role })),
    "alg none, no trailing dot": at(async (sub) => unsigned({ sub, role }, "none", false)),
    "alg None (capitalised)": at(async (sub) => unsigned({ sub, role }, "None")),
    "signed with another key": at(async (sub) => craft({ sub, role, secret: OTHER_KEY })),
    "HS512 with the real key (algorithm not allowed)": at(async (sub) => craft({ sub, role, alg: "HS512" })),
    expired: at(async (sub, past) => craft({ sub, role, exp: past })),
    "wrong audience": at(async (sub) => craft({ sub, role, aud: "someone-else" })),
    "no audience claim": at(async (sub) => craft({ sub, role, aud: "" })),
    "wrong issuer": at(async (sub) => craft({ sub, role, iss: "evil" })),
    "wrong typ": at(async (sub) => craft({ sub, role, typ: "at+jwt" })),
    "another role's token with the role changed, signature kept": at(async () => tampered(tokens[other()], { role })),
    "another role's token with the role changed, re-signed with the wrong key": at(async () =>
      craft({ sub: ids[other()], role, secret: OTHER_KEY }),
    ),
    "another role's token with the role changed, unsigned": at(async () => unsigned({ sub: ids[other()], role })),
    "a future token version, signed with the wrong key": at(async (sub) => craft({ sub, role, ver: 99, secret: OTHER_KEY })),
    "a token version the account does not have (right key)": at(async (sub) => craft({ sub, role, ver: 99 })),
    "a role that does not exist": at(async (sub) => craft({ sub, role: "superadmin" })),
  };
}

/** One real API call and one dashboard page per role. */
const API: Record<Role, { method: string; path: () => string; ok: number }[]> = {
  patient: [
    { method: "GET", path: () => "/api/auth/patient-dashboard/patient-meetings", ok: 200 },
    { method: "GET", path: () => "/api/auth/patient-profile", ok: 200 },
  ],
  doctor: [
    { method: "GET", path: () => "/api/auth/doctor-dashboard/appointments", ok: 200 },
    { method: "GET", path: () => "/api/auth/doctor-status", ok: 200 },
  ],
  admin: [
    { method: "GET", path: () => "/api/auth/admin-dashboard/doctors", ok: 200 },
    { method: "PATCH", path: () => `/api/auth/admin-dashboard/doctor-status/${ids.doctor}`, ok: 409 },
  ],
};
const PAGES: Record<Role, string[]> = {
  patient: ["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"],
  doctor: ["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings", "/doctor-dashboard/doctor-profile"],
  admin: ["/admin-dashboard"],
};

function callApi(route: (typeof API)[Role][number], token: string) {
  // PATCH approved -> approved is 409 for the admin: it proves the guard let the call through.
  return h.call(route.method, route.path(), { token, json: route.method === "PATCH" ? { status: "approved" } : undefined });
}

async function page(path: string, token: string, secureName = false) {
  const name = secureName ? "__Host-carebook_session" : "carebook_session";
  const res = await h.app.request(path, { headers: { cookie: `${name}=${token}` } });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

beforeAll(async () => {
  h = await startHarness();
  const patient = await h.signupPatient("Mallory Patient");
  const doctor = await h.signupDoctor({ name: "Dr Target" });
  tokens.patient = patient.token;
  tokens.doctor = doctor.token;
  tokens.admin = await h.admin();
  ids.patient = patient.id;
  ids.doctor = doctor.id;
  ids.admin = decode(tokens.admin.split(".")[1]!).sub;
});
afterAll(() => h.stop());

describe("the genuine tokens work (so every refusal below is for the forgery)", () => {
  for (const role of ["patient", "doctor", "admin"] as const) {
    test(`${role}: API and pages`, async () => {
      for (const route of API[role]) expect((await callApi(route, tokens[role])).status).toBe(route.ok);
      for (const path of PAGES[role]) {
        expect((await page(path, tokens[role])).status).toBe(200);
        expect((await page(path, tokens[role], true)).status).toBe(200);
      }
    });
  }
});

describe("forged tokens are refused", () => {
  for (const role of ["patient", "doctor", "admin"] as const) {
    for (const [name, make] of Object.entries(forgeries(role))) {
      test(`${role} routes, ${name}: API 401 { message }, pages redirect to a login page`, async () => {
        const token = await make();
        for (const route of API[role]) {
          const res = await callApi(route, token);
          expect({ name, path: route.path(), status: res.status }).toEqual({ name, path: route.path(), status: 401 });
          expect(Object.keys(res.body)).toEqual(["message"]);
        }
        for (const path of PAGES[role]) {
          for (const secureName of [false, true]) {
            const res = await page(path, token, secureName);
            expect({ name, path, status: res.status }).toEqual({ name, path, status: 302 });
            expect(res.location).toMatch(/^\/login(Patient|Doctor)$/);
            expect(res.html).not.toMatch(/dashboard/i);
          }
        }
      });
    }
  }
});

test("a garbage, empty or doubled cookie never renders a dashboard", async () => {
  for (const cookie of [
    "carebook_session=",
    "carebook_session=not.a.jwt",
    `carebook_session=${tokens.admin}x`,
    `carebook_session=${encodeURIComponent(tokens.admin + "\u0000")}`,
    `carebook_session="${tokens.admin.split(".").slice(0, 2).join(".")}."`,
  ]) {
    const res = await h.app.request("/admin-dashboard", { headers: { cookie } });
    expect({ cookie, status: res.status }).toEqual({ cookie, status: 302 });
  }
});

describe("a genuine token of the wrong role", () => {
  test("a patient token on admin routes: 403 on the API, redirected from the admin page", async () => {
    for (const route of API.admin) {
      const res = await callApi(route, tokens.patient);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "This action is only for admins" });
    }
    const res = await page("/admin-dashboard", tokens.patient);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/loginPatient");
  });

  test("a doctor token on patient and admin pages, an admin token on doctor pages: redirected", async () => {
    for (const [token, paths] of [
      [tokens.doctor, [...PAGES.patient, ...PAGES.admin]],
      [tokens.admin, [...PAGES.doctor, ...PAGES.patient]],
    ] as const) {
      for (const path of paths) expect((await page(path, token)).status).toBe(302);
    }
  });

  test("the cookie is not a credential for the API (only the bearer header is)", async () => {
    const res = await h.app.request("/api/auth/admin-dashboard/doctors", { headers: { cookie: `carebook_session=${tokens.admin}` } });
    expect(res.status).toBe(401);
  });
});

describe("revoked access", () => {
  test("after API logout the old token is refused on the API and as a cookie on pages", async () => {
    const patient = await h.signupPatient("Logging Out");
    expect((await page("/patient-dashboard", patient.token)).status).toBe(200);
    expect((await h.call("POST", "/api/auth/logout", { token: patient.token })).status).toBe(200);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).status).toBe(401);
    const res = await page("/patient-dashboard", patient.token);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/loginPatient");
  });

  test("after page logout (POST /logout with the cookie) the same token is refused by the API", async () => {
    const patient = await h.signupPatient("Page Logout");
    const out = await h.app.request("/logout", { method: "POST", headers: { cookie: `carebook_session=${patient.token}`, origin: "http://localhost" } });
    expect(out.status).toBe(303);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).status).toBe(401);
    expect((await page("/patient-dashboard", patient.token)).status).toBe(302);
  });

  test("a blocked doctor's token: 403 on doctor calls, redirected from doctor pages; reactivated, both work again", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Soon Blocked" });
    expect((await page("/doctor-dashboard", doctor.token)).status).toBe(200);
    await h.setDoctorStatus(doctor.id, "blocked");
    const res = await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Your account status is: blocked" });
    for (const path of PAGES.doctor) {
      const p = await page(path, doctor.token);
      expect(p.status).toBe(302);
      expect(p.location).toBe("/loginDoctor");
    }
    await h.setDoctorStatus(doctor.id, "approved");
    expect((await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token })).status).toBe(200);
    expect((await page("/doctor-dashboard", doctor.token)).status).toBe(200);
  });

  test("a token naming no session, or an ended one, is refused even with the right key and version (issue 28)", async () => {
    const patient = await h.signupPatient();
    const sid = JSON.parse(Buffer.from(patient.token.split(".")[1]!, "base64url").toString()).sid;
    expect((await h.call("GET", "/api/auth/patient-profile", { token: await craft({ sub: patient.id, role: "patient", sid }) })).status).toBe(200);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: await craft({ sub: patient.id, role: "patient" }) })).status).toBe(401);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: await craft({ sub: patient.id, role: "patient", sid: crypto.randomUUID() }) })).status).toBe(401);
    // Another account's session does not carry over.
    const other = await h.signupPatient();
    expect((await h.call("GET", "/api/auth/patient-profile", { token: await craft({ sub: other.id, role: "patient", sid }) })).status).toBe(401);
  });

  test("a forged token for a blocked doctor (right key, right version) still gets no doctor data", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Blocked Forged", status: "blocked" });
    // Right key, version and session (issue 28: a token names its session row; this one is the signup's).
    const sid = JSON.parse(Buffer.from(doctor.token.split(".")[1]!, "base64url").toString()).sid;
    const token = await craft({ sub: doctor.id, role: "doctor", ver: 0, sid });
    expect((await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token })).status).toBe(403);
    expect((await page("/doctor-dashboard", token)).status).toBe(302);
  });
});

test("no answer in this file was a 5xx", () => {
  expect(h.transcript.length).toBeGreaterThan(90);
  expect(h.transcript.filter((a) => a.status >= 500)).toEqual([]);
});
