/**
 * Property-based fuzzing of every route (the /api/auth calls, pages, /theme, /logout, /uploads,
 * /static): random and malformed bodies (JSON, raw bytes, multipart, url-encoded), query strings,
 * headers, path parameters and credentials (none, garbage, or a valid token of each role, as the
 * bearer header and as the page cookie). For every request:
 *   - never a 5xx, never a thrown error, never a stack trace;
 *   - every /api answer is JSON, and every /api refusal is exactly `{ message: string }`;
 *   - a refused request (4xx) leaves every table and the uploads folder as they were (a failed
 *     login and a refused signup are the refusals that write: counted in auth_events, by design).
 * The seed is printed first; set FUZZ_SEED to replay a run (fast-check also prints seed and path
 * of a failure). FUZZ_RUNS scales the number of requests.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { JPEG_1X1, PNG_1X1, PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";
import { watchTables, type TableWatch } from "../../../tests/support/table-watch";
import { onSqld } from "../../../tests/support/engine";
import { SEEN_EVERY_MS } from "../../actions/sessions";
import { issueToken } from "../../auth/tokens";
import { DOCTOR_STATUSES, SPECIALIZATIONS } from "../../domain/fields";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
/**
 * On sqld (the check's second pass) a third as many: every request's table check is a round trip
 * there (96 s of the pass at 0.75, against 17 s on a file), and the random cases are the file
 * pass's to cover; on sqld the same properties hold over the remote database.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? (onSqld ? 0.25 : 0.75));
console.log(`fuzz.test.ts: FUZZ_SEED=${SEED}`);

let h: Harness;
/** Accounts the fuzzer signs in as; tokens are minted per request at the account's current version. */
const accounts: { role: "patient" | "doctor" | "admin"; id: string; label: string }[] = [];
/** Real ids, so that random bodies sometimes reach the code behind the lookups. */
const realIds: string[] = [];
let picture = "";
let requests = 0;
/** How many answers of each status class, to show the fuzzer got past the guards too. */
const classes: Record<string, number> = {};

beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "0.01", MAX_UPLOAD_BYTES: "4096" });
  const patient = await h.signupPatient("Fuzz Patient");
  const other = await h.signupPatient("Other Patient");
  const doctor = await h.signupDoctor({ name: "Dr Fuzz" });
  const pending = await h.signupDoctor({ name: "Dr Pending", approve: false });
  const blocked = await h.signupDoctor({ name: "Dr Blocked", status: "blocked" });
  await h.admin();
  const adminId = JSON.parse(Buffer.from((await h.admin()).split(".")[1]!, "base64url").toString()).sub;
  accounts.push(
    { role: "patient", id: patient.id, label: "patient" },
    { role: "patient", id: other.id, label: "other patient" },
    { role: "doctor", id: doctor.id, label: "approved doctor" },
    { role: "doctor", id: pending.id, label: "pending doctor" },
    { role: "doctor", id: blocked.id, label: "blocked doctor" },
    { role: "admin", id: adminId, label: "admin" },
  );
  const booked = await h.book(patient.token, doctor.id);
  const confirmed = await h.book(other.token, doctor.id);
  expect((await h.schedule(doctor.token, confirmed, other.id, new Date(Date.now() + 86_400_000))).status).toBe(200);
  realIds.push(patient.id, other.id, doctor.id, pending.id, blocked.id, adminId, booked, confirmed);
  const upload = await h.call("PUT", "/api/auth/patient-profile", {
    token: patient.token,
    form: h.profileForm({ name: "Fuzz Patient" }, { bytes: PNG_1X1, name: "p.png", type: "image/png" }),
  });
  picture = upload.body.patient.profileImage;
}, 60_000);
afterAll(() => h.stop());

// ---------- state: every table and the uploads folder, hashed ----------

let watch: TableWatch | undefined;
/**
 * Every table's rows, hashed: a table is read again only when a trigger counted a write to it
 * since its last read (tests/support/table-watch.ts); reading all of them around every request
 * cost most of this file's time as the tables grew.
 */
async function tableHashes(): Promise<Record<string, string>> {
  watch ??= await watchTables(h.deps.database.client);
  const out = await watch.hashes();
  const files = (() => {
    try {
      return readdirSync(join(h.dir, "uploads"), { recursive: true }).map(String).sort();
    } catch {
      return [];
    }
  })();
  out["uploads/"] = createHash("sha256").update(files.join("\n")).digest("hex");
  return out;
}

// ---------- arbitraries ----------

const FIELDS = [
  "name", "email", "password", "specialization", "collegeName", "doctorId", "patientId", "appointmentId",
  "reason", "message", "status", "scheduledDateTime", "doctorName", "profileImage", "role", "_id", "theme", "back",
  "__proto__", "constructor", "tokenVersion",
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "\uFEFF", "null", "undefined", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00", "\r\n", "😀".repeat(300)),
  fc.integer({ min: 0, max: 3000 }).map((n) => "x".repeat(n)),
);

const meaningful = fc.oneof(
  fc.constantFrom(...SPECIALIZATIONS, ...DOCTOR_STATUSES, "completed", "cancelled", "dark", "light", PASSWORD, "fuzz@example.com", " FUZZ@Example.com "),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer({ min: -120, max: 120 }).map((m) => new Date(Date.now() + m * 60_000).toISOString()),
  fc.constant(null).map(() => fc.sample(fc.constantFrom(...realIds), 1)[0]),
);

const scalar = fc.oneof(
  text,
  meaningful,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2),
);
const value = fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) });

const jsonObject = fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 })), value, { maxKeys: 8 });

const jsonBody = fc.oneof(
  { weight: 5, arbitrary: jsonObject.map((o) => ({ kind: "json" as const, text: JSON.stringify(o) })) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ kind: "json" as const, text: JSON.stringify(v) ?? "" })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((t) => ({ kind: "json" as const, text: t })) },
  // Truncated or corrupted JSON.
  { weight: 1, arbitrary: fc.tuple(jsonObject, fc.nat()).map(([o, n]) => ({ kind: "json" as const, text: JSON.stringify(o).slice(0, n % 40) })) },
  // Deeply nested.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }).map((d) => ({ kind: "json" as const, text: "[".repeat(d) + "]".repeat(d) })) },
);

const imageBytes = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  fc.uint8Array({ maxLength: 600 }).map((b) => Uint8Array.from([...PNG_1X1.slice(0, 8), ...b])),
  fc.uint8Array({ maxLength: 600 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, ...b])),
  fc.constantFrom(PNG_1X1, JPEG_1X1, new Uint8Array(0), new Uint8Array(5000)),
);
const part = fc.oneof(
  fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), text).map(([name, v]) => ({ name, value: v as string | File })),
  fc
    .tuple(fc.constantFrom("profileImage", "name", "file", ""), imageBytes, fc.string({ maxLength: 30 }), fc.constantFrom("image/png", "image/jpeg", "text/html", "application/x-php", ""))
    .map(([name, bytes, filename, type]) => ({ name, value: new File([new Uint8Array(bytes)], filename, { type }) as string | File })),
);
const formBody = fc.array(part, { maxLength: 8 }).map((parts) => ({ kind: "form" as const, parts }));

const urlencodedBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), text, { maxKeys: 6 }).map((o) => ({
  kind: "raw" as const,
  type: "application/x-www-form-urlencoded",
  bytes: new TextEncoder().encode(new URLSearchParams(o as Record<string, string>).toString()),
}));

const rawBody = fc
  .tuple(
    fc.uint8Array({ maxLength: 400 }),
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "text/plain",
      "multipart/form-data",
      "multipart/form-data; boundary=xyz",
      "multipart/form-data; boundary=",
      "application/x-www-form-urlencoded",
      "application/octet-stream",
      "",
      "\u0000",
      "application/json, text/plain",
    ),
  )
  .map(([bytes, type]) => ({ kind: "raw" as const, type, bytes }));

type Body =
  | { kind: "none" }
  | { kind: "json"; text: string }
  | { kind: "form"; parts: { name: string; value: string | File }[] }
  | { kind: "raw"; type: string; bytes: Uint8Array };

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 4, arbitrary: jsonBody },
  { weight: 2, arbitrary: formBody },
  { weight: 1, arbitrary: urlencodedBody },
  { weight: 2, arbitrary: rawBody },
);

type Credential = { kind: "none" } | { kind: "account"; index: number } | { kind: "garbage"; value: string };
const credential: fc.Arbitrary<Credential> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 4, arbitrary: fc.nat({ max: 5 }).map((index) => ({ kind: "account" as const, index })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ maxLength: 60 }), fc.constantFrom("a.b.c", "eyJhbGciOiJub25lIn0.e30.", "null", "Bearer"))
      .map((value) => ({ kind: "garbage" as const, value })),
  },
);

const query = fc.dictionary(fc.oneof(fc.constantFrom("email", "role", "token", "back", "id", "status", "__proto__"), fc.string({ maxLength: 8 })), text, { maxKeys: 4 });

const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n\u0000]/g, ""));
const extraHeaders = fc.dictionary(
  fc.constantFrom("x-forwarded-for", "x-forwarded-proto", "accept-encoding", "if-none-match", "accept", "origin", "cookie", "x-http-method-override", "range", "host"),
  headerValue,
  { maxKeys: 3 },
);

const methodOverride = fc.option(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"), { freq: 5 });

const pathSegment = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom("..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%00", "a%ZZ", "%", "x".repeat(300), "🙂", "%F0%9F%99%82"),
  fc.constant(null).map(() => encodeURIComponent(fc.sample(fc.constantFrom(...realIds), 1)[0]!)),
);

// ---------- routes ----------

type Route = { method: string; path: fc.Arbitrary<string> | string; runs: number; slow?: boolean };
const p = (s: string) => s;
const withSegment = (prefix: string, suffix = "") => pathSegment.map((seg) => `${prefix}${seg}${suffix}`);

const API_ROUTES: Route[] = [
  // Logins and signups hash passwords: fewer runs, each one costly.
  { method: "POST", path: p("/api/auth/signupPatient"), runs: 40, slow: true },
  { method: "POST", path: p("/api/auth/signupDoctor"), runs: 40, slow: true },
  { method: "POST", path: p("/api/auth/loginPatient"), runs: 40, slow: true },
  { method: "POST", path: p("/api/auth/loginDoctor"), runs: 40, slow: true },
  { method: "POST", path: p("/api/auth/loginAdmin"), runs: 40, slow: true },
  { method: "POST", path: p("/api/auth/logout"), runs: 100 },
  { method: "GET", path: p("/api/auth/doctor-status"), runs: 100 },
  { method: "GET", path: p("/api/auth/patient-dashboard/doctors"), runs: 100 },
  { method: "POST", path: p("/api/auth/patient-dashboard/bookAppointment"), runs: 200 },
  { method: "GET", path: p("/api/auth/patient-dashboard/patient-meetings"), runs: 100 },
  { method: "POST", path: p("/api/auth/patient-dashboard/cancelAppointment"), runs: 200 },
  { method: "POST", path: p("/api/auth/patient-dashboard/giveFeedback"), runs: 200 },
  { method: "GET", path: p("/api/auth/patient-profile"), runs: 60 },
  { method: "PUT", path: p("/api/auth/patient-profile"), runs: 200 },
  { method: "GET", path: p("/api/auth/doctor-dashboard/appointments"), runs: 60 },
  { method: "POST", path: p("/api/auth/doctor-dashboard/scheduleAppointments"), runs: 200 },
  { method: "POST", path: p("/api/auth/doctor-dashboard/cancelAppointment"), runs: 200 },
  { method: "GET", path: p("/api/auth/doctor-dashboard/doctor-meetings"), runs: 60 },
  { method: "GET", path: p("/api/auth/doctor-dashboard/patient-feedbacks"), runs: 60 },
  { method: "GET", path: p("/api/auth/doctor-profile"), runs: 60 },
  { method: "PUT", path: p("/api/auth/doctor-profile"), runs: 200 },
  { method: "GET", path: p("/api/auth/admin-dashboard/doctors"), runs: 60 },
  { method: "PATCH", path: withSegment("/api/auth/admin-dashboard/doctor-status/"), runs: 200 },
  { method: "GET", path: withSegment("/api/auth/"), runs: 100 },
  { method: "POST", path: withSegment("/api/"), runs: 100 },
];

const PAGE_ROUTES: Route[] = [
  ...["/", "/about", "/services", "/privacy", "/favicon.svg"].map((path) => ({ method: "GET", path, runs: 30 })),
  ...["/loginPatient", "/signupPatient", "/loginDoctor", "/signupDoctor", "/loginAdmin"].flatMap((path) => [
    { method: "GET", path, runs: 30 },
    { method: "POST", path, runs: 30 },
  ]),
  ...["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"].map((path) => ({ method: "GET", path, runs: 40 })),
  { method: "GET", path: withSegment("/patient-dashboard/specialization/"), runs: 60 },
  { method: "GET", path: withSegment("/patient-dashboard/bookAppointment/"), runs: 60 },
  ...["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings", "/doctor-dashboard/doctor-profile", "/admin-dashboard"].map((path) => ({
    method: "GET",
    path,
    runs: 40,
  })),
  { method: "POST", path: p("/theme"), runs: 100 },
  { method: "POST", path: p("/logout"), runs: 100 },
  { method: "GET", path: withSegment("/uploads/patients/"), runs: 100 },
  { method: "GET", path: fc.constant(null).map(() => `/uploads/patients/${picture}`), runs: 30 },
  { method: "GET", path: fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/uploads/${a}/${b}`), runs: 60 },
  { method: "GET", path: withSegment("/static/"), runs: 100 },
  { method: "GET", path: fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/static/${a}/${b}`), runs: 60 },
  { method: "GET", path: fc.constantFrom("/static/app.css", "/static/build/manifest.json"), runs: 30 },
  { method: "GET", path: withSegment("/"), runs: 100 },
];

// ---------- one request ----------

type Case = { path: string; method: string; body: Body; cred: Credential; asCookie: boolean; query: Record<string, string>; headers: Record<string, string> };

/**
 * Each account's session row (issue 28: every token names one), made here as a login would. A
 * row per request piled up thousands of sessions, read and hashed around every request; so a
 * row serves its account's tokens for a minute, then a fresh one is made. A minute is well under
 * SEEN_EVERY_MS, so the app never writes last-seen for it, as for a row made just now; a row a
 * fuzzed logout ended is replaced at once.
 */
const sessionOf = new Map<number, { sid: string; made: number }>();
const SESSION_REUSE_MS = 60_000;
if (SESSION_REUSE_MS >= SEEN_EVERY_MS) throw new Error("a reused session would be touched by the app");

async function tokenOf(cred: Credential): Promise<string | undefined> {
  if (cred.kind === "none") return undefined;
  if (cred.kind === "garbage") return cred.value;
  const account = accounts[cred.index]!;
  // Minted at the account's current version, so a fuzzed logout does not end the fuzzing.
  const table = account.role === "admin" ? "admins" : `${account.role}s`;
  const held = sessionOf.get(cred.index);
  const row = await h.deps.database.client.execute({
    sql: `SELECT token_version, EXISTS (SELECT 1 FROM sessions WHERE id = ? AND role = ? AND account_id = ?) AS live FROM ${table} WHERE id = ?`,
    args: [held?.sid ?? "", account.role, account.id, account.id],
  });
  let sid = held?.sid;
  if (sid === undefined || Number(row.rows[0]!.live) !== 1 || Date.now() - held!.made >= SESSION_REUSE_MS) {
    sid = crypto.randomUUID();
    await h.deps.database.client.execute({
      sql: "INSERT INTO sessions (id, role, account_id, device, created_at, last_seen_at) VALUES (?, ?, ?, 'fuzz', ?, ?)",
      args: [sid, account.role, account.id, Date.now(), Date.now()],
    });
    sessionOf.set(cred.index, { sid, made: Date.now() });
  }
  return issueToken(h.deps.keys, { sub: account.id, role: account.role, ver: Number(row.rows[0]!.token_version), sid });
}

function describeCase(c: Case) {
  const body =
    c.body.kind === "form"
      ? c.body.parts.map((x) => `${x.name}=${typeof x.value === "string" ? x.value.slice(0, 40) : `<file ${x.value.size} ${x.value.type}>`}`)
      : c.body.kind === "json"
        ? c.body.text.slice(0, 300)
        : c.body.kind === "raw"
          ? `${c.body.type}: ${c.body.bytes.length} bytes`
          : "";
  const who = c.cred.kind === "account" ? accounts[c.cred.index]!.label : c.cred.kind;
  return `${c.method} ${c.path} as ${who}${c.asCookie ? " (cookie)" : ""} query=${JSON.stringify(c.query)} headers=${JSON.stringify(c.headers)} body(${c.body.kind})=${JSON.stringify(body)}`;
}

async function run(c: Case): Promise<void> {
  requests++;
  const headers = new Headers();
  for (const [k, v] of Object.entries(c.headers)) {
    try {
      headers.set(k, v);
    } catch {
      // a value Headers itself refuses cannot reach the server either
    }
  }
  const token = await tokenOf(c.cred);
  if (token !== undefined) {
    if (c.asCookie) headers.set("cookie", `carebook_session=${token}; __Host-carebook_session=${token}`);
    else headers.set("authorization", `Bearer ${token}`);
  }
  let init: BodyInit | undefined;
  if (c.body.kind === "json") {
    headers.set("content-type", "application/json");
    init = c.body.text;
  } else if (c.body.kind === "form") {
    const form = new FormData();
    for (const x of c.body.parts) form.append(x.name, x.value);
    init = form;
  } else if (c.body.kind === "raw") {
    if (c.body.type !== "") {
      try {
        headers.set("content-type", c.body.type);
      } catch {
        // not a valid header value
      }
    }
    init = new Uint8Array(c.body.bytes);
  }
  const method = c.method;
  if (method === "GET" || method === "HEAD") init = undefined;
  const search = new URLSearchParams(c.query).toString();
  const url = `http://localhost${c.path}${search ? `?${search}` : ""}`;

  const before = await tableHashes();
  let res: Response;
  try {
    res = await h.app.request(url, { method, headers, body: init });
  } catch (error) {
    throw new Error(`threw ${String(error)} for ${describeCase(c)}`);
  }
  const text = method === "HEAD" ? "" : await res.text();
  classes[`${Math.floor(res.status / 100)}xx`] = (classes[`${Math.floor(res.status / 100)}xx`] ?? 0) + 1;
  const where = () => `${res.status} ${text.slice(0, 300)} for ${describeCase(c)}`;

  if (res.status >= 500) throw new Error(`5xx: ${where()}`);
  if (/\bat [^\s]+\.(ts|tsx|js):\d+/.test(text)) throw new Error(`stack trace: ${where()}`);

  const isApi = new URL(url).pathname.startsWith("/api/") || new URL(url).pathname === "/api";
  if (isApi && method !== "HEAD" && res.status !== 204) {
    if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) throw new Error(`not JSON: ${where()}`);
    const parsed = JSON.parse(text);
    if (res.status >= 400) {
      const keys = parsed && typeof parsed === "object" ? Object.keys(parsed) : [];
      if (keys.length !== 1 || keys[0] !== "message" || typeof parsed.message !== "string" || parsed.message === "") {
        throw new Error(`error not { message }: ${where()}`);
      }
    }
  }

  if (res.status >= 400) {
    const after = await tableHashes();
    // Counted attempts (SERVER-RULES §3) are the refusals that write, and only to auth_events: a
    // failed login, and a refused signup (409 counts like any signup).
    const pathname = new URL(url).pathname;
    const counted =
      (res.status === 401 && /^\/api\/auth\/login(Patient|Doctor|Admin)$/.test(pathname)) ||
      (res.status === 409 && /^\/api\/auth\/signup(Patient|Doctor)$/.test(pathname));
    if (counted) {
      delete before.auth_events;
      delete after.auth_events;
    }
    for (const table of Object.keys(before)) {
      if (before[table] !== after[table]) throw new Error(`refusal changed ${table}: ${where()}`);
    }
  }
}

function caseFor(route: Route, pageRoute: boolean): fc.Arbitrary<Case> {
  const path = typeof route.path === "string" ? fc.constant(route.path) : route.path;
  return fc.record({
    path,
    method: methodOverride.map((m) => m ?? route.method),
    body: route.method === "GET" ? fc.oneof({ weight: 4, arbitrary: fc.constant({ kind: "none" as const }) }, { weight: 1, arbitrary: body }) : body,
    cred: credential,
    // Pages read the cookie; the API the bearer header. Mostly the one each reads, sometimes the other.
    asCookie: fc.boolean().chain((b) => fc.constant(pageRoute ? !b || Math.random() < 0.8 : b && Math.random() < 0.2)),
    query: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: query }),
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
  });
}

/** Hostile bodies every route gets on every run, whatever the seed draws. */
const ALWAYS: Body[] = [
  { kind: "raw", type: "multipart/form-data; boundary=xyz", bytes: new TextEncoder().encode("_not multipart") },
  { kind: "raw", type: "multipart/form-data", bytes: new TextEncoder().encode("--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb") },
  { kind: "raw", type: "application/x-www-form-urlencoded", bytes: new TextEncoder().encode("theme=%E0%A4%A&back=%") },
  { kind: "json", text: '{"a":' },
  { kind: "json", text: "[".repeat(100_000) },
];

function examplesFor(route: Route): [Case][] {
  if (typeof route.path !== "string") return [];
  const path = route.path;
  return ALWAYS.flatMap((body) =>
    [{ kind: "none" as const }, { kind: "account" as const, index: 0 }].map((cred): [Case] => [
      { path, method: route.method, body, cred, asCookie: !path.startsWith("/api/"), query: {}, headers: {} },
    ]),
  );
}

function fuzz(route: Route, pageRoute: boolean) {
  const label = typeof route.path === "string" ? route.path : "(generated path)";
  const runs = Math.max(1, Math.round(route.runs * SCALE));
  test(
    `${route.method} ${label}: ${runs} random requests`,
    async () => {
      await fc.assert(fc.asyncProperty(caseFor(route, pageRoute), run), {
        numRuns: runs,
        seed: SEED,
        endOnFailure: true,
        examples: examplesFor(route),
      });
    },
    60_000,
  );
}

describe("API routes", () => {
  for (const route of API_ROUTES) fuzz(route, false);
});

describe("pages, forms, uploads and static files", () => {
  for (const route of PAGE_ROUTES) fuzz(route, true);
});

test("thousands of requests were sent, and the database is intact", async () => {
  console.log(`fuzz.test.ts: ${requests} requests, answers ${JSON.stringify(classes)}`);
  expect(requests).toBeGreaterThan(2000 * Math.min(1, SCALE / 0.75));
  // Not only refusals: some random requests were valid enough to succeed.
  expect(classes["2xx"] ?? 0).toBeGreaterThan(100);
  const check = await h.deps.database.client.execute("PRAGMA integrity_check");
  expect(check.rows[0]![0]).toBe("ok");
  expect((await h.deps.database.client.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
});

test("the state check sees a write from any connection, and a row written back as it was as unchanged", async () => {
  await tokenOf({ kind: "account", index: 0 });
  const before = await tableHashes();
  // The sessions table: no trigger of the app's writes elsewhere when it changes.
  const session = sessionOf.get(0)!.sid;
  await h.elsewhere("UPDATE sessions SET device = device || '!' WHERE id = ?", [session]);
  const after = await tableHashes();
  expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(["sessions"]);
  await h.elsewhere("UPDATE sessions SET device = substr(device, 1, length(device) - 1) WHERE id = ?", [session]);
  expect(await tableHashes()).toEqual(before);
});
