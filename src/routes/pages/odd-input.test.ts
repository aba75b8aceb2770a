/**
 * Odd input and private pages (issue 10, points 6–8), property-based with fast-check:
 *   - any Cookie header (malformed escapes, odd zones, garbage sessions and device cookies) on
 *     every page and form gets a page, a redirect or a 4xx, never a 5xx;
 *   - any `back` on POST /theme gives a same-site redirect with a valid Location;
 *   - names, reasons, feedback and college names holding a control character are refused with
 *     400 by every call and form that takes them, and nothing is stored; line breaks and tabs
 *     pass in reasons and feedback;
 *   - every page that depends on the session says Cache-Control: private, no-store.
 * FUZZ_SEED replays a run.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import fc from "fast-check";
import { createHash } from "node:crypto";
import { PASSWORD, startHarness, uniqueEmail, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
console.log(`odd-input.test.ts: FUZZ_SEED=${SEED}`);
setDefaultTimeout(120_000);

let h: Harness;
const ORIGIN = "http://localhost";
let patient: Patient;
let doctor: Doctor;
let pending: Doctor;
let adminToken = "";
let appointment = "";
const session = (token: string) => `carebook_session=${token}`;

beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "30" });
  patient = await h.signupPatient("Odd Patient");
  doctor = await h.signupDoctor({ name: "Dr Odd" });
  pending = await h.signupDoctor({ name: "Dr Waiting", approve: false });
  adminToken = await h.admin();
  appointment = await h.book(patient.token, doctor.id);
});
afterAll(() => h.stop());

/** Every page a signed-in user sees, with the cookie that signs in. */
const signedInPages = () => [
  ...["/patient-dashboard", "/patient-dashboard/specialization/Cardiologist", `/patient-dashboard/bookAppointment/${doctor.id}`, "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"].map((path) => ({ path, token: patient.token })),
  ...["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings", "/doctor-dashboard/doctor-profile"].map((path) => ({ path, token: doctor.token })),
  { path: "/admin-dashboard", token: adminToken },
  { path: "/loginDoctor", token: pending.token }, // the waiting screen
];
const PUBLIC_PAGES = ["/", "/about", "/services", "/privacy", "/loginPatient", "/signupPatient", "/loginDoctor", "/signupDoctor", "/loginAdmin", "/nope"];

// ---------- cookies ----------

const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).filter((n) => n !== 0x3b).map((n) => String.fromCharCode(n)), maxLength: 30 });
const escapes = fc.array(fc.oneof(fc.constantFrom("%", "%E0", "%A4%A", "%ZZ", "%00", "%FF", "%C0%AF", "%E0%A4%A", "Europe%2FParis", "%2F"), printable), { maxLength: 5 }).map((parts) => parts.join(""));
const cookieValue = fc.oneof(printable, escapes, fc.constantFrom("", "Europe/Paris", "Not/AZone", "dark", "light", "%7B%22text%22%3A1%7D", "x.y", "a".repeat(4000)));
const cookieName = fc.oneof(
  fc.constantFrom("tz", "theme", "notice", "carebook_session", "__Host-carebook_session", "cb_device_", "cb_device_0123456789abcdef01234567"),
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz_-0123456789"), minLength: 1, maxLength: 12 }),
);
const cookieHeader = fc.array(fc.tuple(cookieName, cookieValue), { maxLength: 6 }).map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join("; "));

describe("any cookie gets a page or a 4xx, never a 5xx", () => {
  test("the malformed tz cookie of the report, on every dashboard", async () => {
    for (const { path, token } of signedInPages()) {
      const res = await h.app.request(path, { headers: { cookie: `${session(token)}; tz=%E0%A4%A` } });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });

  test("random cookies on every page, signed in or not", async () => {
    const pages = [...signedInPages(), ...PUBLIC_PAGES.map((path) => ({ path, token: "" }))];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), cookieHeader, fc.boolean(), async ({ path, token }, cookies, first) => {
        const cookie = token === "" ? cookies : first ? `${session(token)}; ${cookies}` : `${cookies}; ${session(token)}`;
        const res = await h.app.request(path, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${res.status} for ${path} with cookie ${JSON.stringify(cookie)}`);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  test("random cookies on the forms: login, theme, logout", async () => {
    const posts: { path: string; form: Record<string, string> }[] = [
      { path: "/loginPatient", form: { email: "nobody@example.com", password: "wrong-password" } },
      { path: "/theme", form: { theme: "dark", back: "/about" } },
      { path: "/logout", form: {} },
      { path: "/patient-dashboard/patient-meetings/cancel", form: { appointmentId: "x", reason: "r" } },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), cookieHeader, async ({ path, form }, cookie) => {
        const res = await h.app.request(path, { method: "POST", headers: { cookie, origin: ORIGIN }, body: new URLSearchParams(form) });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${res.status} for POST ${path} with cookie ${JSON.stringify(cookie)}`);
      }),
      { numRuns: 120, seed: SEED },
    );
  });
});

describe("POST /theme: any back gives a same-site redirect", () => {
  test("a NUL, a line break, a backslash, non-ASCII or another site in back: 303 to a valid same-site path", async () => {
    const backs = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }).map((s) => `/${s}`),
      fc.constantFrom("/a\u0000b", "/\u0000", "/x\r\nSet-Cookie: a=b", "/\\evil.example", "//evil.example", "/é", "/%00", "https://evil.example/"),
    );
    await fc.assert(
      fc.asyncProperty(backs, async (back) => {
        const res = await h.app.request("/theme", { method: "POST", headers: { origin: ORIGIN }, body: new URLSearchParams({ theme: "dark", back }) });
        const location = res.headers.get("location") ?? "";
        if (res.status !== 303 || !/^\/(?![/\\])[\x21-\x7e]*$/.test(location)) {
          throw new Error(`${res.status} location ${JSON.stringify(location)} for back ${JSON.stringify(back)}`);
        }
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});

// ---------- text fields ----------

/** A C0 or C1 control character (or DEL); `lines` leaves out line breaks and tabs. */
const control = (lines: boolean) =>
  fc
    .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .filter((n) => !lines || ![0x09, 0x0a, 0x0d].includes(n))
    .map((n) => String.fromCharCode(n));
const word = fc.string({ unit: fc.constantFrom(..."abcdefghij KLM"), minLength: 1, maxLength: 12 }).map((s) => `x${s}y`);
/** A text with one control character inside (never at the ends, where trimming could take it off). */
const withControl = (lines: boolean) => fc.tuple(word, control(lines), word).map(([a, ch, b]) => `${a}${ch}${b}`);

async function stateHash(): Promise<string> {
  const client = h.deps.database.client;
  const parts: string[] = [];
  for (const table of ["patients", "doctors", "appointments", "feedbacks"]) {
    const rows = await client.execute(`SELECT * FROM "${table}" ORDER BY rowid`).catch(() => ({ rows: [] }));
    parts.push(JSON.stringify(rows.rows));
  }
  return createHash("sha256").update(parts.join("|")).digest("hex");
}

type Sender = (value: string) => Response | Promise<Response>;
const json = (method: string, path: string, token: string | undefined, body: (v: string) => object): Sender => (v) =>
  h.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body(v)),
  });
const multipart = (method: string, path: string, headers: () => Record<string, string>, fields: (v: string) => Record<string, string>): Sender => (v) => {
  const form = new FormData();
  for (const [k, val] of Object.entries(fields(v))) form.set(k, val);
  return h.app.request(path, { method, headers: headers(), body: form });
};
const form = (path: string, token: string | undefined, fields: (v: string) => Record<string, string>): Sender => (v) =>
  h.app.request(path, {
    method: "POST",
    headers: { origin: ORIGIN, ...(token ? { cookie: session(token) } : {}) },
    body: new URLSearchParams(fields(v)),
  });

/** Every call and form that takes a name, reason, feedback or college name; `lines`: line breaks allowed. */
const FIELDS = (): { label: string; lines: boolean; send: Sender }[] => [
  { label: "API signupPatient name", lines: false, send: json("POST", "/api/auth/signupPatient", undefined, (name) => ({ name, email: uniqueEmail("c"), password: PASSWORD })) },
  { label: "API signupDoctor name", lines: false, send: json("POST", "/api/auth/signupDoctor", undefined, (name) => ({ name, email: uniqueEmail("c"), password: PASSWORD, specialization: "Urologist", collegeName: "College" })) },
  { label: "API signupDoctor collegeName", lines: false, send: json("POST", "/api/auth/signupDoctor", undefined, (collegeName) => ({ name: "Dr C", email: uniqueEmail("c"), password: PASSWORD, specialization: "Urologist", collegeName })) },
  { label: "API book reason", lines: true, send: json("POST", "/api/auth/patient-dashboard/bookAppointment", patient.token, (reason) => ({ doctorId: doctor.id, reason })) },
  { label: "API patient cancel reason", lines: true, send: json("POST", "/api/auth/patient-dashboard/cancelAppointment", patient.token, (reason) => ({ appointmentId: appointment, reason })) },
  { label: "API doctor cancel reason", lines: true, send: json("POST", "/api/auth/doctor-dashboard/cancelAppointment", doctor.token, (reason) => ({ appointmentId: appointment, reason })) },
  { label: "API feedback message", lines: true, send: json("POST", "/api/auth/patient-dashboard/giveFeedback", patient.token, (message) => ({ appointmentId: appointment, message })) },
  { label: "API patient profile name", lines: false, send: multipart("PUT", "/api/auth/patient-profile", () => ({ authorization: `Bearer ${patient.token}` }), (name) => ({ name })) },
  { label: "API doctor profile name", lines: false, send: multipart("PUT", "/api/auth/doctor-profile", () => ({ authorization: `Bearer ${doctor.token}` }), (name) => ({ name, specialization: "Cardiologist", collegeName: "College" })) },
  { label: "API doctor profile collegeName", lines: false, send: multipart("PUT", "/api/auth/doctor-profile", () => ({ authorization: `Bearer ${doctor.token}` }), (collegeName) => ({ name: "Dr Odd", specialization: "Cardiologist", collegeName })) },
  { label: "form signupPatient name", lines: false, send: form("/signupPatient", undefined, (name) => ({ name, email: uniqueEmail("c"), password: PASSWORD })) },
  { label: "form signupDoctor collegeName", lines: false, send: form("/signupDoctor", undefined, (collegeName) => ({ name: "Dr C", email: uniqueEmail("c"), password: PASSWORD, specialization: "Urologist", collegeName })) },
  { label: "form book reason", lines: true, send: form(`/patient-dashboard/bookAppointment/${doctor.id}`, patient.token, (reason) => ({ reason })) },
  { label: "form patient cancel reason", lines: true, send: form("/patient-dashboard/patient-meetings/cancel", patient.token, (reason) => ({ appointmentId: appointment, reason })) },
  { label: "form feedback message", lines: true, send: form("/patient-dashboard/patient-meetings/feedback", patient.token, (message) => ({ appointmentId: appointment, message })) },
  { label: "form doctor cancel reason", lines: true, send: form("/doctor-dashboard/cancel", doctor.token, (reason) => ({ appointmentId: appointment, reason })) },
  { label: "form doctor meetings cancel reason", lines: true, send: form("/doctor-dashboard/doctor-Meetings/cancel", doctor.token, (reason) => ({ appointmentId: appointment, reason })) },
  { label: "form patient profile name", lines: false, send: multipart("POST", "/patient-dashboard/patient-profile", () => ({ origin: ORIGIN, cookie: session(patient.token) }), (name) => ({ name })) },
  { label: "form doctor profile name", lines: false, send: multipart("POST", "/doctor-dashboard/doctor-profile", () => ({ origin: ORIGIN, cookie: session(doctor.token) }), (name) => ({ name, specialization: "Cardiologist", collegeName: "College" })) },
];

describe("text fields refuse control characters with 400, in every call and form", () => {
  test("a control character inside any name, reason, feedback or college name: 400, nothing stored", async () => {
    const before = await stateHash();
    for (const field of FIELDS()) {
      await fc.assert(
        fc.asyncProperty(withControl(field.lines), async (value) => {
          const res = await field.send(value);
          const text = await res.text();
          if (res.status !== 400) throw new Error(`${field.label}: ${res.status} ${text.slice(0, 200)} for ${JSON.stringify(value)}`);
        }),
        { numRuns: 15, seed: SEED },
      );
    }
    expect(await stateHash()).toBe(before);
  });

  test("line breaks and tabs pass in reasons and feedback; a name refuses them", async () => {
    const reason = "Chest pain\r\nwhen climbing\tstairs";
    const other = await h.signupDoctor({ name: "Dr Lines" });
    const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: other.id, reason } });
    expect(booked.status).toBe(201);
    expect(booked.body.appointment.reason).toBe(reason);
    const name = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Line\nBreak", email: uniqueEmail("n"), password: PASSWORD } });
    expect(name.status).toBe(400);
    expect(name.body).toEqual({ message: "name must not contain control characters" });
    const tab = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Tab\tName", email: uniqueEmail("n"), password: PASSWORD } });
    expect(tab.status).toBe(400);
  });
});

// ---------- private pages ----------

describe("Cache-Control: private, no-store on every page that depends on the session", () => {
  test("every signed-in page, the waiting screen, an auth page with a notice, and the form posts' answers", async () => {
    for (const { path, token } of signedInPages()) {
      const res = await h.app.request(path, { headers: { cookie: session(token) } });
      expect({ path, status: res.status, cache: res.headers.get("cache-control") }).toEqual({ path, status: 200, cache: "private, no-store" });
    }
    const withNotice = await h.app.request("/loginPatient", { headers: { cookie: `notice=${encodeURIComponent(JSON.stringify({ text: "Hi", tone: "info" }))}` } });
    expect(withNotice.headers.get("cache-control")).toBe("private, no-store");
    const guard = await h.app.request("/patient-dashboard");
    expect([guard.status, guard.headers.get("cache-control")]).toEqual([302, "private, no-store"]);
    const login = await h.app.request("/loginPatient", { method: "POST", headers: { origin: ORIGIN }, body: new URLSearchParams({ email: patient.email, password: PASSWORD }) });
    expect([login.status, login.headers.get("cache-control")]).toEqual([303, "private, no-store"]);
    const refused = await h.app.request("/loginPatient", { method: "POST", headers: { origin: ORIGIN }, body: new URLSearchParams({ email: patient.email, password: "wrong-password" }) });
    expect([refused.status, refused.headers.get("cache-control")]).toEqual([401, "private, no-store"]);
  });
});
