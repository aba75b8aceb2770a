/**
 * bench:signed-in's writes (issue 40): an instant booking, and the patient's cancel that checks
 * the doctor's waitlist and offers the freed time (the worst case: someone is always waiting).
 * A write cannot be replayed by a fixed-URL load generator, so each request here is its own:
 * N patients each book one distinct free slot, then N others join the waitlist and the first N
 * cancel, every cancel making an offer. They run through a few connections (CONNECTIONS) from
 * this process, against the app and against their floor (bench/floor-writes.ts), each on its
 * own instant doctor set up the same way through the app's API, so the two never meet. Before
 * each measured run, a warm-up of WARM more patients does the same (its JIT), on other slots.
 */
import { Database } from "bun:sqlite";
import { loadavg } from "node:os";
import { percentile } from "./booking-load";
import { planFrom } from "./plan";
import { ADMIN, freePort, PASSWORD, pool, ROOT, waitFor } from "./server";
import { jsonClient } from "../tests/support/http";

export const WRITE_ROWS = { book: "POST bookAppointment (instant, slotStart)", cancel: "POST cancelAppointment (waitlist checked)" };
const CONNECTIONS = 4;
/** Signups at a time (each hashes a password: a few, so they do not take the machine). */
const SIGNUPS = 4;
const SLOT_MS = 30 * 60_000;
/** Slots start at the first UTC midnight 6 hours ahead: beyond the booking notice (2 h) and the change window (4 h). */
const AHEAD_MINUTES = 6 * 60;
const ALL_DAY = { timeZone: "UTC", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })), daysOff: [], instantBooking: true };

/** A run of distinct requests: req/s over the run, latencies in ms. */
export type Driven = { rps: number; p50: number; p99: number; requests: number; load: number };
export type WriteRow = { name: string; app: Driven; floor: Driven };
type Patient = { token: string };
type Clinic = { doctorId: string; bookers: Patient[]; waiters: Patient[] };

/** Sends each of `calls` once, CONNECTIONS at a time; every answer must be `status`. Resolves the answers' bodies too. */
async function drive(calls: (() => Promise<Response>)[], status: number): Promise<Driven & { bodies: any[] }> {
  const latencies: number[] = [];
  const load = loadavg()[0]!;
  const started = performance.now();
  const bodies = await pool(calls, CONNECTIONS, async (call) => {
    const sent = performance.now();
    const res = await call();
    const body = await res.json().catch(() => undefined);
    latencies.push(performance.now() - sent);
    if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  });
  const seconds = (performance.now() - started) / 1000;
  return { rps: calls.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests: calls.length, load, bodies };
}

const post = (base: string, path: string, token: string, json: unknown) => () =>
  fetch(`${base}/api/auth/patient-dashboard/${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(json) });

/** An approved doctor with instant booking and hours all day every day in UTC, and `count` bookers and waiters, through the API. */
async function clinic(base: string, tag: string, count: number): Promise<Clinic> {
  const call = jsonClient(base);
  const email = `bench-instant-${tag}@example.com`;
  const signup = await call("POST", "/signupDoctor", { name: `Dr. Ines ${tag}`, email, password: PASSWORD, specialization: "Dermatologist", collegeName: "City Medical College" });
  const admin = await call("POST", "/loginAdmin", ADMIN);
  await call("PATCH", `/admin-dashboard/doctor-status/${signup.doctor._id}`, { status: "approved" }, admin.token);
  const doctor = await call("POST", "/loginDoctor", { email, password: PASSWORD });
  await call("PUT", "/doctor-dashboard/availability", ALL_DAY, doctor.token);
  const patients = await pool(Array.from({ length: 2 * count }, (_, i) => i), SIGNUPS, async (i) => {
    const body = await call("POST", "/signupPatient", { name: `Pat ${tag} ${i}`, email: `bench-writes-${tag}-${i}@example.com`, password: PASSWORD });
    return { token: body.token as string };
  });
  return { doctorId: signup.doctor._id, bookers: patients.slice(0, count), waiters: patients.slice(count) };
}

/**
 * Sets up both clinics, measures both rows against the app at `base` and the floor (started
 * here on the same database file), checks both did the same, and stops the floor.
 */
export async function measureWrites(options: { base: string; dbFile: string; secret: string; count: number; warm: number }): Promise<WriteRow[]> {
  const { base, dbFile, count, warm } = options;
  const port = freePort();
  const floorUrl = `http://127.0.0.1:${port}`;
  const floor = Bun.spawn(["bun", "bench/floor-writes.ts", String(port), dbFile], { cwd: ROOT, stdout: "ignore", stderr: "inherit", env: { ...process.env, JWT_SECRET: options.secret } });
  const db = new Database(dbFile, { readonly: true });
  try {
    const stamp = Date.now();
    const [forApp, forFloor] = [await clinic(base, `app-${stamp}`, warm + count), await clinic(base, `floor-${stamp}`, warm + count)];
    await waitFor(`${floorUrl}/`);
    const plan = planFrom(Date.now(), "UTC", { noticeMinutes: AHEAD_MINUTES });
    // The measured patients take slots 0 to N-1; the warm-up's come after them.
    const slotOf = (i: number) => new Date(plan.start + ((i + count) % (warm + count)) * SLOT_MS).toISOString();
    /** Nothing of the app's mail sender still to do, so that one run's mails are not sent during the next. */
    const quiet = async () => {
      const due = db.query("select count(*) as n from mail_outbox where state in ('waiting', 'sending') and next_attempt_at <= ?");
      for (let tries = 0; tries < 300 && (due.get(Date.now()) as { n: number }).n > 0; tries++) await Bun.sleep(100);
    };
    /** A clinic's first `warm` requests, then the rest measured. */
    const warmThenMeasure = async (calls: (() => Promise<Response>)[], status: number) => {
      const warmed = await drive(calls.slice(0, warm), status);
      await quiet();
      const measured = await drive(calls.slice(warm), status);
      return { ...measured, bodies: [...warmed.bodies, ...measured.bodies] };
    };
    const booked = new Map<Clinic, string[]>();
    const book = async (url: string, c: Clinic) => {
      const run = await warmThenMeasure(c.bookers.map((p, i) => post(url, "bookAppointment", p.token, { doctorId: c.doctorId, reason: "A rash that will not go", slotStart: slotOf(i) })), 201);
      booked.set(c, run.bodies.map((b) => b.appointment._id as string));
      return run;
    };
    const cancel = (url: string, c: Clinic) =>
      warmThenMeasure(c.bookers.map((p, i) => post(url, "cancelAppointment", p.token, { appointmentId: booked.get(c)![i], reason: "Feeling better" })), 200);
    // The floor answers what the app answers: the same fields, each of the same type.
    const shape = (body: unknown) => JSON.stringify(body, (_, v) => (v !== null && typeof v === "object" ? v : typeof v));
    const sameShape = (what: string, app: unknown, floor: unknown) => shape(app) === shape(floor) || console.warn(`warning: the floor's ${what} answer differs from the app's`);

    await quiet();
    const bookFloor = await book(floorUrl, forFloor);
    const bookApp = await book(base, forApp);
    sameShape("booking", bookApp.bodies[0], bookFloor.bodies[0]);
    const call = jsonClient(base);
    for (const c of [forApp, forFloor]) await pool(c.waiters, SIGNUPS, (p) => call("POST", "/patient-dashboard/waitlist", { doctorId: c.doctorId, reason: "Any earlier time" }, p.token));
    await quiet();
    const cancelFloor = await cancel(floorUrl, forFloor);
    const cancelApp = await cancel(base, forApp);
    sameShape("cancel", cancelApp.bodies[0], cancelFloor.bodies[0]);
    // Both did the same: every booking cancelled, every cancel an offer.
    for (const c of [forApp, forFloor]) {
      const n = (q: string) => (db.query(q).get(c.doctorId) as { n: number }).n;
      const cancelled = n("select count(*) as n from appointments where doctor_id = ? and status = 'cancelled'");
      const offered = n("select count(*) as n from waitlist where doctor_id = ? and offer_start is not null and ended_at is null");
      if (cancelled !== warm + count || offered !== warm + count) throw new Error(`writes: ${cancelled} cancelled and ${offered} offers, not ${warm + count} (${c === forApp ? "app" : "floor"})`);
    }
    return [
      { name: WRITE_ROWS.book, app: bookApp, floor: bookFloor },
      { name: WRITE_ROWS.cancel, app: cancelApp, floor: cancelFloor },
    ];
  } finally {
    db.close();
    floor.kill();
    await floor.exited;
  }
}

const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));

/** A row as the bench prints it while it runs. */
export const writeLine = (r: WriteRow) =>
  `${r.name}: ${r.app.rps.toFixed(0)} req/s, ${(r.app.rps / r.floor.rps).toFixed(2)} of floor (${r.floor.rps.toFixed(0)}), p50 ${f(r.app.p50)} ms, p99 ${f(r.app.p99)} ms, floor p50 ${f(r.floor.p50)} / p99 ${f(r.floor.p99)} ms`;

/** The "Writes" table of docs/performance.md's signed-in section, with how it was measured. */
export function writesTable(rows: WriteRow[]): string {
  const n = rows[0]?.app.requests ?? 0;
  const loads = rows.flatMap((r) => [r.app.load, r.floor.load]);
  return [
    `Writes (bench/write-rows.ts): N patients each book a distinct free slot of an instant doctor (hours all day, UTC), then N others join its waitlist and the N cancel, each cancel offering the freed time (the worst case); ${CONNECTIONS} connections, each request its own, after a warm-up of the same kind; the app with MAIL_PREVIEW=true. Floor: bench/floor-writes.ts (the token, the account, one write transaction: the free-slot read, the rows, two outbox notices), on a second doctor set up alike. Left out by the floor: the app's 31 days of free slots computed to check one, its audit row, the reminders and feedback invitation it also writes, and its sending of the notices (in the app's process, during the run). Load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}.`,
    "",
    "| request | req/s | floor req/s | **ratio to floor** | p50 ms | p99 ms | floor p50 / p99 ms | N |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) => `| ${r.name} | ${r.app.rps.toFixed(0)} | ${r.floor.rps.toFixed(0)} | **${(r.app.rps / r.floor.rps).toFixed(2)}** | ${f(r.app.p50)} | ${f(r.app.p99)} | ${f(r.floor.p50)} / ${f(r.floor.p99)} | ${n} |`,
    ),
  ].join("\n");
}
