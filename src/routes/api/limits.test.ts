/**
 * Body size limits: every JSON call answers 413 `{ message }` for a body over 64 KiB, whether the
 * size is declared (Content-Length) or only discovered while reading (a streamed body); profile
 * forms answer 413 past MAX_UPLOAD_BYTES (plus room for the form). Nothing is written.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, PNG_1X1, startHarness, type Harness } from "../../../tests/support/harness";

const JSON_LIMIT = 64 * 1024;
const MAX_UPLOAD = 8 * 1024;

let h: Harness;
const tokens: Record<string, string> = {};
let doctorId = "";

beforeAll(async () => {
  h = await startHarness({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD) });
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  tokens.patient = patient.token;
  tokens.doctor = doctor.token;
  tokens.admin = await h.admin();
  doctorId = doctor.id;
});
afterAll(() => h.stop());

/** Every JSON call, with the token that gets it past its guard. */
const JSON_ROUTES: { method: string; path: () => string; role?: string }[] = [
  { method: "POST", path: () => "/api/auth/signupPatient" },
  { method: "POST", path: () => "/api/auth/signupDoctor" },
  { method: "POST", path: () => "/api/auth/loginPatient" },
  { method: "POST", path: () => "/api/auth/loginDoctor" },
  { method: "POST", path: () => "/api/auth/loginAdmin" },
  { method: "POST", path: () => "/api/auth/logout", role: "patient" },
  { method: "POST", path: () => "/api/auth/patient-dashboard/bookAppointment", role: "patient" },
  { method: "POST", path: () => "/api/auth/patient-dashboard/cancelAppointment", role: "patient" },
  { method: "POST", path: () => "/api/auth/patient-dashboard/giveFeedback", role: "patient" },
  { method: "POST", path: () => "/api/auth/doctor-dashboard/scheduleAppointments", role: "doctor" },
  { method: "POST", path: () => "/api/auth/doctor-dashboard/cancelAppointment", role: "doctor" },
  { method: "PATCH", path: () => `/api/auth/admin-dashboard/doctor-status/${doctorId}`, role: "admin" },
  // Unknown /api paths and GETs with a body are held to the same limit.
  { method: "POST", path: () => "/api/auth/no-such-call" },
  { method: "GET", path: () => "/api/auth/patient-dashboard/doctors", role: "patient" },
];

/** A JSON object of exactly `size` bytes whose every field is plausible for the call. */
function jsonOfSize(size: number): string {
  const base = { name: "Big Body", email: "big@example.com", password: PASSWORD, specialization: "Cardiologist", collegeName: "C", doctorId, reason: "r", appointmentId: "a", message: "m", status: "approved", pad: "" };
  const empty = JSON.stringify(base).length;
  return JSON.stringify({ ...base, pad: "x".repeat(size - empty) });
}

/** A body that arrives in chunks with no Content-Length, as a chunked upload would. */
function streamed(text: string, chunk = 8 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

async function send(route: (typeof JSON_ROUTES)[number], body: BodyInit, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { "content-type": "application/json", ...headers };
  if (route.role) all.authorization = `Bearer ${tokens[route.role]}`;
  const res = await h.app.request(route.path(), { method: route.method, headers: all, body, duplex: "half" } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get("content-type") ?? "" };
}

/** Rows of every table, to prove a refusal wrote nothing. */
async function snapshot(): Promise<string> {
  const client = h.deps.database.client;
  const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const parts: string[] = [];
  for (const { name } of tables.rows) parts.push(JSON.stringify((await client.execute(`SELECT * FROM "${name}" ORDER BY rowid`)).rows));
  return parts.join("\n");
}

describe("JSON calls: 413 { message } past 64 KiB", () => {
  for (const route of JSON_ROUTES) {
    test(`${route.method} ${route.path()}`, async () => {
      const before = await snapshot();
      for (const [label, body] of [
        ["one byte over, declared", jsonOfSize(JSON_LIMIT + 1)],
        ["1 MiB, declared", jsonOfSize(1024 * 1024)],
        ["one byte over, streamed", streamed(jsonOfSize(JSON_LIMIT + 1))],
        ["1 MiB, streamed", streamed(jsonOfSize(1024 * 1024))],
      ] as const) {
        const res = await send(route, body);
        expect({ label, status: res.status }).toEqual({ label, status: 413 });
        expect(res.type).toStartWith("application/json");
        expect(Object.keys(JSON.parse(res.text))).toEqual(["message"]);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  test("a body of exactly 64 KiB is read (the answer is the call's own, not 413)", async () => {
    // A booking whose padding is an unknown field: read whole, validated, accepted.
    const res = await send(JSON_ROUTES[6]!, jsonOfSize(JSON_LIMIT));
    expect(res.status).toBe(201);
  });
});

describe("profile forms: 413 past MAX_UPLOAD_BYTES", () => {
  const bigPng = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(PNG_1X1);
    return bytes;
  };
  const forms = (role: "patient" | "doctor", size: number) => {
    const fields: Record<string, string> =
      role === "patient" ? { name: "Big Pic" } : { name: "Dr Big Pic", specialization: "Cardiologist", collegeName: "College" };
    return h.profileForm(fields, { bytes: bigPng(size), name: "big.png", type: "image/png" });
  };

  for (const role of ["patient", "doctor"] as const) {
    test(`${role}: a picture one byte over, far over, or streamed without a length is 413; exactly the limit is 200`, async () => {
      const path = `/api/auth/${role}-profile`;
      const before = await snapshot();
      for (const size of [MAX_UPLOAD + 1, 10 * MAX_UPLOAD, 2 * 1024 * 1024]) {
        const res = await h.call("PUT", path, { token: tokens[role], form: forms(role, size) });
        expect({ size, status: res.status }).toEqual({ size, status: 413 });
        expect(Object.keys(res.body)).toEqual(["message"]);
      }
      // The same form, streamed: the size is only known while reading it.
      const form = new Response(forms(role, 2 * 1024 * 1024));
      const res = await h.app.request(path, {
        method: "PUT",
        headers: { authorization: `Bearer ${tokens[role]}`, "content-type": form.headers.get("content-type")! },
        body: streamed(await form.text(), 64 * 1024),
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(Object.keys(await res.json())).toEqual(["message"]);
      // Many small text parts add up past the limit just the same.
      const padded = forms(role, 100);
      for (let i = 0; i < 200; i++) padded.append(`pad${i}`, "x".repeat(1024));
      const parts = await h.call("PUT", path, { token: tokens[role], form: padded });
      expect(parts.status).toBe(413);
      expect(await snapshot()).toBe(before);

      expect((await h.call("PUT", path, { token: tokens[role], form: forms(role, MAX_UPLOAD) })).status).toBe(200);
    });
  }
});

test("no answer in this file was a 5xx", () => {
  expect(h.transcript.filter((a) => a.status >= 500)).toEqual([]);
});

describe("page routes are limited too", () => {
  for (const path of ["/theme", "/logout", "/loginPatient", "/signupDoctor"]) {
    test(`POST ${path} with a body over 64 KiB is 413, and nothing is set`, async () => {
      const res = await h.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `theme=dark&back=/&pad=${"x".repeat(70 * 1024)}`,
      });
      expect(res.status).toBe(413);
      expect(res.headers.get("set-cookie")).toBeNull();
    });
  }
});
