/**
 * bench:scale's reads and writes on one built file: the app booted in this process (the real
 * boot, the real Hono app) behind a `Bun.serve` on a free port, requests sent one at a time
 * over real HTTP, p50 and p95 of each row. The rows are bench:signed-in's (the lists, every
 * signed-in page, the doctors list, the admin table), the public directory in every sort and
 * filter, a doctor's profile, and the two writes (an instant booking; a cancel that offers the
 * freed time to the doctor's waitlist). Every file is built with the same people per account
 * (about ten appointments a patient, a hundred a doctor), so a row's work for its account is the
 * same at every size and only the tables around it grow.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureAdmin } from "../../src/auth/admins";
import { refreshNextFreeHints } from "../../src/actions/next-free-hints";
import { createApp } from "../../src/app";
import { boot } from "../../src/config/boot";
import { parseEnv } from "../../src/config/env";
import { percentile } from "../booking-load";
import { TAGS } from "./population";
import { SCALE_PASSWORD, SCALE_ZONE } from "./build";
import { ensureClientBuild } from "../server";

export const SCALE_ADMIN = { email: "scale-admin@example.com", password: "scale-admin-password", name: "Scale Admin" };
const SECRET = "scale-bench-secret-that-is-at-least-32-bytes";
/** Requests a row takes at most, and the seconds it may spend (a slow row stops at the time, after MIN). */
const MAX = Number(process.env.SCALE_REQUESTS || 60);
const MIN = 5;
const ROW_SECONDS = Number(process.env.SCALE_ROW_SECONDS || 6);

export type Timing = { p50: number; p95: number; n: number; bytes: number };
export type Row = { name: string; path: string; headers?: Record<string, string>; group: "signed-in" | "directory" | "profile" | "admin" };

export const idOf = (tag: string, n: number) => `${tag}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** The env a booted copy of the app gets (also the restart's, bench/scale/ops.ts). */
export const appEnv = (path: string, uploads: string) => ({
  DATABASE_URL: `file:${path}`,
  JWT_SECRET: SECRET,
  DEFAULT_TIME_ZONE: SCALE_ZONE, // the totals' zone: another would make the boot rebuild them
  UPLOAD_DIR: uploads,
  LOG_LEVEL: "silent",
  LOGIN_FAILURE_LIMIT: "1000000",
  SIGNUP_LIMIT: "1000000",
  AUTH_ATTEMPTS_PER_MINUTE: "1000000",
});

export type Sized = Awaited<ReturnType<typeof startSized>>;

/** Boots the app on `path` (built by bench/scale/build.ts with `counts`), signs in a patient, a doctor and the admin. */
export async function startSized(path: string, counts: { doctors: number; patients: number }) {
  ensureClientBuild();
  const uploads = mkdtempSync(join(tmpdir(), "carebook-scale-uploads-"));
  const deps = await boot(parseEnv(appEnv(path, uploads)));
  await ensureAdmin(deps.database, SCALE_ADMIN);
  // The directory's next-free hints, as the server's tick keeps them (src/actions/next-free-hints.ts).
  while ((await refreshNextFreeHints(deps, 500)) > 0);
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(deps).fetch });
  const base = `http://127.0.0.1:${server.port}`;
  const call = async (method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}/api/auth${p}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => undefined)) as any;
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  // Patient 0 and doctor 0: built like every other account (about ten and a hundred appointments).
  const patient = (await call("POST", "/loginPatient", { email: "scale-patient-0@example.com", password: SCALE_PASSWORD })).token as string;
  const doctor = (await call("POST", "/loginDoctor", { email: "scale-doctor-0@example.com", password: SCALE_PASSWORD })).token as string;
  const admin = (await call("POST", "/loginAdmin", { email: SCALE_ADMIN.email, password: SCALE_ADMIN.password })).token as string;
  return {
    base,
    call,
    deps,
    tokens: { patient, doctor, admin },
    /** Doctor 3: instant booking, hours Monday to Saturday. */
    someDoctor: idOf(TAGS.doctor, 3 % counts.doctors),
    close: async () => {
      server.stop(true);
      deps.database.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** Times `row` on `base`: a few warm-up requests, then up to MAX one at a time (ROW_SECONDS at most). */
export async function timeRow(base: string, row: Row): Promise<Timing> {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(base + row.path, { headers: row.headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${row.path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    return { ms: performance.now() - t, bytes: body.byteLength };
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  let bytes = 0;
  const stop = performance.now() + ROW_SECONDS * 1000;
  while (times.length < MAX && (times.length < MIN || performance.now() < stop)) {
    const r = await once();
    times.push(r.ms);
    bytes = r.bytes;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, bytes };
}

/** The read rows for a booted size. */
export function readRows(s: Sized): Row[] {
  const cookie = (token: string) => ({ cookie: `carebook_session=${token}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const { patient, doctor, admin } = s.tokens;
  const rows: Row[] = [
    { group: "signed-in", name: "GET patient-meetings (JSON)", path: "/api/auth/patient-dashboard/patient-meetings", headers: bearer(patient) },
    { group: "signed-in", name: "GET doctor appointments (JSON)", path: "/api/auth/doctor-dashboard/appointments", headers: bearer(doctor) },
    { group: "signed-in", name: "GET doctor meetings (JSON)", path: "/api/auth/doctor-dashboard/doctor-meetings", headers: bearer(doctor) },
    { group: "signed-in", name: "GET free slots (JSON)", path: `/api/auth/patient-dashboard/doctors/${s.someDoctor}/slots`, headers: bearer(patient) },
    { group: "signed-in", name: "page /patient-dashboard", path: "/patient-dashboard", headers: cookie(patient) },
    { group: "signed-in", name: "page specialization (Cardiologist)", path: "/patient-dashboard/specialization/Cardiologist", headers: cookie(patient) },
    { group: "signed-in", name: "page bookAppointment", path: `/patient-dashboard/bookAppointment/${s.someDoctor}`, headers: cookie(patient) },
    { group: "signed-in", name: "page patient-meetings", path: "/patient-dashboard/patient-meetings", headers: cookie(patient) },
    { group: "signed-in", name: "page patient-profile", path: "/patient-dashboard/patient-profile", headers: cookie(patient) },
    { group: "signed-in", name: "page /doctor-dashboard", path: "/doctor-dashboard", headers: cookie(doctor) },
    { group: "signed-in", name: "page doctor-Meetings", path: "/doctor-dashboard/doctor-Meetings", headers: cookie(doctor) },
    { group: "signed-in", name: "page doctor-profile", path: "/doctor-dashboard/doctor-profile", headers: cookie(doctor) },
    { group: "signed-in", name: "GET doctors list (JSON, br)", path: "/api/auth/patient-dashboard/doctors", headers: { ...bearer(patient), "accept-encoding": "br" } },
    { group: "admin", name: "page /admin-dashboard (doctor table, page 1)", path: "/admin-dashboard", headers: cookie(admin) },
    { group: "admin", name: "page /admin-dashboard/overview (last 30 days)", path: "/admin-dashboard/overview", headers: cookie(admin) },
    // Issue 57: an admin reading in another zone than the kept totals' (Kolkata): counted by SQL from the rows.
    { group: "admin", name: "page /admin-dashboard/overview in UTC (last 30 days)", path: "/admin-dashboard/overview", headers: { cookie: `carebook_session=${admin}; tz=UTC` } },
    { group: "profile", name: "page /doctors/{id} (public profile)", path: `/doctors/${s.someDoctor}` },
  ];
  for (const sort of ["next", "rating", "fee"]) for (const page of [1, 50]) rows.push({ group: "directory", name: `directory sort=${sort} page ${page}`, path: `/doctors?sort=${sort}&page=${page}` });
  const filters = ["specialization=Cardiologist", "language=ta", "maxFee=500", "availableDays=3", "q=Mehta", "visit=video", "city=Pune", "pinCode=411001"];
  for (const f of filters) rows.push({ group: "directory", name: `directory ${f}`, path: `/doctors?${f}` });
  return rows;
}

export type WriteTiming = { book: Timing; cancel: Timing };

/**
 * The writes, as bench/write-rows.ts makes them: a doctor with instant booking and hours all day
 * (UTC), `count` patients each booking one distinct free slot, `count` more on the waitlist, then
 * the first ones cancelling, each cancel offering the freed time. Through the API, one at a time.
 */
export async function timeWrites(s: Sized, count: number, tag: string): Promise<WriteTiming> {
  const { call } = s;
  const email = `scale-instant-${tag}@example.com`;
  const signup = await call("POST", "/signupDoctor", { name: `Dr. Ines ${tag}`, email, password: SCALE_PASSWORD, specialization: "Dermatologist", collegeName: "City Medical College" });
  await call("PATCH", `/admin-dashboard/doctor-status/${signup.doctor._id}`, { status: "approved" }, s.tokens.admin);
  const doctor = await call("POST", "/loginDoctor", { email, password: SCALE_PASSWORD });
  const ALL_DAY = { timeZone: "UTC", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })), daysOff: [], instantBooking: true };
  await call("PUT", "/doctor-dashboard/availability", ALL_DAY, doctor.token);
  const people: string[] = [];
  for (let i = 0; i < 2 * count; i++) people.push((await call("POST", "/signupPatient", { name: `Pat ${tag} ${i}`, email: `scale-writes-${tag}-${i}@example.com`, password: SCALE_PASSWORD })).token);
  const [bookers, waiters] = [people.slice(0, count), people.slice(count)];
  // Slots from the first UTC midnight at least 6 hours ahead: past the booking notice and the change window.
  const start = Math.ceil((Date.now() + 6 * 3_600_000) / 86_400_000) * 86_400_000;
  const timed = async <T>(work: () => Promise<T>, times: number[]) => {
    const t = performance.now();
    const out = await work();
    times.push(performance.now() - t);
    return out;
  };
  const bookTimes: number[] = [];
  const ids: string[] = [];
  for (const [i, token] of bookers.entries()) {
    const body = await timed(() => call("POST", "/patient-dashboard/bookAppointment", { doctorId: signup.doctor._id, reason: "A rash that will not go", slotStart: new Date(start + i * 1_800_000).toISOString() }, token), bookTimes);
    ids.push(body.appointment._id);
  }
  for (const token of waiters) await call("POST", "/patient-dashboard/waitlist", { doctorId: signup.doctor._id, reason: "Any earlier time" }, token);
  const cancelTimes: number[] = [];
  for (const [i, token] of bookers.entries()) await timed(() => call("POST", "/patient-dashboard/cancelAppointment", { appointmentId: ids[i], reason: "Feeling better" }, token), cancelTimes);
  // The first few of each are the JIT's warm-up.
  const of = (t: number[]) => {
    const kept = t.slice(Math.min(5, Math.floor(t.length / 4)));
    return { p50: percentile(kept, 50), p95: percentile(kept, 95), n: kept.length, bytes: 0 };
  };
  return { book: of(bookTimes), cancel: of(cancelTimes) };
}
