/**
 * SERVER-RULES §2–3: every protected call refuses a missing or bad token with 401 and a token of
 * another role with 403, before looking at the input.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { issueToken } from "../../auth/tokens";
import type { Role } from "../../domain/fields";

type Route = { method: string; path: string; role: Role; multipart?: boolean };

/** Every protected API call; `{id}` stands for a doctor's id. */
const ROUTES: Route[] = [
  { method: "GET", path: "/api/auth/patient-dashboard/doctors", role: "patient" },
  { method: "POST", path: "/api/auth/patient-dashboard/bookAppointment", role: "patient" },
  { method: "GET", path: "/api/auth/patient-dashboard/patient-meetings", role: "patient" },
  { method: "POST", path: "/api/auth/patient-dashboard/cancelAppointment", role: "patient" },
  { method: "POST", path: "/api/auth/patient-dashboard/giveFeedback", role: "patient" },
  { method: "GET", path: "/api/auth/patient-profile", role: "patient" },
  { method: "PUT", path: "/api/auth/patient-profile", role: "patient", multipart: true },
  { method: "GET", path: "/api/auth/doctor-dashboard/appointments", role: "doctor" },
  { method: "POST", path: "/api/auth/doctor-dashboard/scheduleAppointments", role: "doctor" },
  { method: "POST", path: "/api/auth/doctor-dashboard/cancelAppointment", role: "doctor" },
  { method: "GET", path: "/api/auth/doctor-dashboard/doctor-meetings", role: "doctor" },
  { method: "GET", path: "/api/auth/doctor-dashboard/patient-feedbacks", role: "doctor" },
  { method: "GET", path: "/api/auth/doctor-profile", role: "doctor" },
  { method: "PUT", path: "/api/auth/doctor-profile", role: "doctor", multipart: true },
  { method: "GET", path: "/api/auth/doctor-status", role: "doctor" },
  { method: "GET", path: "/api/auth/admin-dashboard/doctors", role: "admin" },
  { method: "PATCH", path: "/api/auth/admin-dashboard/doctor-status/{id}", role: "admin" },
];

let h: Harness;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;
const bad: Record<string, () => Promise<Record<string, string>>> = {};

beforeAll(async () => {
  h = await startHarness();
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  tokens.patient = patient.token;
  tokens.doctor = doctor.token;
  tokens.admin = await h.admin();
  ids.patient = patient.id;
  ids.doctor = doctor.id;
  const admin = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: tokens.admin });
  expect(admin.status).toBe(200);
  const decoded = JSON.parse(Buffer.from(tokens.admin.split(".")[1]!, "base64url").toString());
  ids.admin = decoded.sub;

  const otherKey = new TextEncoder().encode("a-different-secret-of-at-least-32-bytes!!");
  const now = Math.floor(Date.now() / 1000);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const signed = (payload: Record<string, unknown>, exp: number, secret = h.deps.keys.secret) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("carebook")
      .setAudience("carebook-api")
      .setIssuedAt(exp - 3600)
      .setExpirationTime(exp)
      .sign(secret);

  // Each builds the headers of one bad request for an account of `role`.
  Object.assign(bad, {
    "no Authorization header": async () => ({}),
    "empty bearer": async () => ({ authorization: "Bearer " }),
    "not a JWT": async () => ({ authorization: "Bearer not-a-token" }),
    "Basic scheme": async () => ({ authorization: `Basic ${Buffer.from("admin@example.com:correct-horse-1").toString("base64")}` }),
    "token without the Bearer scheme": async () => ({ authorization: tokens.admin }),
    "signed with another key": async () => ({
      authorization: `Bearer ${await issueToken({ secret: otherKey, ttlHours: 1 }, { sub: ids.admin, role: "admin", ver: 0 })}`,
    }),
    "alg none": async () => ({
      authorization: `Bearer ${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: ids.admin, role: "admin", ver: 0, iss: "carebook", aud: "carebook-api", iat: now, exp: now + 3600 })}.`,
    }),
    "expired": async () => ({ authorization: `Bearer ${await signed({ sub: ids.admin, role: "admin", ver: 0 }, now - 10)}` }),
    "role claim changed without re-signing": async () => {
      const [head, payload, sig] = tokens.patient.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
      return { authorization: `Bearer ${head}.${b64({ ...claims, role: "admin" })}.${sig}` };
    },
    "validly signed, but naming an account of another role": async () => ({
      authorization: `Bearer ${await signed({ sub: ids.patient, role: "admin", ver: 0 }, now + 3600)}`,
    }),
    "validly signed, unknown account": async () => ({
      authorization: `Bearer ${await signed({ sub: crypto.randomUUID(), role: "admin", ver: 0 }, now + 3600)}`,
    }),
    "session cookie only (the API takes only the bearer header)": async () => ({
      cookie: `carebook_session=${tokens.admin}; __Host-carebook_session=${tokens.admin}`,
    }),
  });
});
afterAll(() => h.stop());

function request(route: Route, headers: Record<string, string>) {
  const path = route.path.replace("{id}", ids.doctor);
  if (route.multipart) return h.call(route.method, path, { headers, form: h.profileForm({}) });
  // An empty body: authorization must be decided before any input rule.
  return h.call(route.method, path, { headers, json: route.method === "GET" ? undefined : {} });
}

describe("401 for a missing or bad token", () => {
  for (const route of ROUTES) {
    test(`${route.method} ${route.path}`, async () => {
      const names = Object.keys(bad);
      expect(names.length).toBeGreaterThan(10);
      for (const name of names) {
        const res = await request(route, await bad[name]!());
        expect({ name, status: res.status }).toEqual({ name, status: 401 });
        expect(Object.keys(res.body)).toEqual(["message"]);
        expect(typeof res.body.message).toBe("string");
      }
    });
  }
});

describe("403 for a token of another role", () => {
  for (const route of ROUTES) {
    for (const role of ["patient", "doctor", "admin"] as const) {
      if (role === route.role) continue;
      test(`${role} on ${route.method} ${route.path}`, async () => {
        const res = await request(route, { authorization: `Bearer ${tokens[role]}` });
        expect(res.status).toBe(403);
        expect(Object.keys(res.body)).toEqual(["message"]);
        expect(res.body.message).toBe(`This action is only for ${route.role}s`);
      });
    }
  }
});

describe("the right role gets past the guard", () => {
  for (const route of ROUTES) {
    test(`${route.role} on ${route.method} ${route.path}`, async () => {
      const res = await request(route, { authorization: `Bearer ${tokens[route.role]}` });
      // GETs succeed; calls with a body reach validation (400), never 401/403.
      expect(res.status).toBe(route.method === "GET" ? 200 : 400);
    });
  }
});

test("the bearer scheme is case-insensitive and surrounding whitespace is tolerated", async () => {
  const res = await h.call("GET", "/api/auth/patient-profile", { headers: { authorization: `bearer   ${tokens.patient} ` } });
  expect(res.status).toBe(200);
});

test("an unknown /api path answers a JSON 404", async () => {
  const res = await h.call("GET", "/api/nothing-here");
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: "Not found" });
});
