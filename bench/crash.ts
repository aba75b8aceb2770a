/**
 * Crash safety: start the real server on a temporary file database, run a booking load (patients
 * booking doctors, doctors confirming them, all over HTTP on loopback), kill the server with
 * SIGKILL in the middle, restart it on the same database, then check:
 *   - PRAGMA integrity_check is ok and no foreign key is broken;
 *   - every booking and every schedule the server acknowledged (201 / 200) is there, as sent;
 *   - nothing is half-written: every row is a booking some patient sent, a pending row has no
 *     time or link, a confirmed one has all three, at a time its doctor sent;
 *   - the restarted server answers, and no request before the kill got a 5xx.
 *
 *   bun bench/crash.ts [patients=200] [doctors=20] [killAt=random 0.2-0.8] [loadMs=30000]
 *
 * src/server.test.ts runs the same check with a smaller load.
 */
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planningWeek } from "./plan";
import { ADMIN, PASSWORD, api, pool, startServer, stopServer } from "./server";

export type CrashOptions = {
  patients: number;
  doctors: number;
  /** The kill comes once this share (0 to 1) of all possible bookings is acknowledged, or after loadMs. */
  killAt: number;
  loadMs: number;
  log?: (line: string) => void;
};

export type CrashResult = {
  attemptedBookings: number;
  acknowledgedBookings: number;
  attemptedSchedules: number;
  acknowledgedSchedules: number;
  /** Rows committed whose answer never arrived (the kill came between commit and reply). */
  committedUnacknowledged: number;
  rows: number;
  integrity: string;
  problems: string[];
};

const CONSULT_MINUTES = 30;

type Booking = { patientId: string; doctorId: string; reason: string };

export async function runCrash(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "carebook-crash-"));
  const env = {
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    UPLOAD_DIR: join(dir, "uploads"),
    JWT_SECRET: "crash-test-secret-that-is-at-least-32-bytes",
    CONSULT_MINUTES: String(CONSULT_MINUTES),
  };
  const problems: string[] = [];
  try {
    let server = await startServer(env);
    const base = server.url;
    log(`server at ${base}, database ${env.DATABASE_URL}`);

    const admin = await api(base, "POST", "/loginAdmin", { json: ADMIN });
    if (admin.status !== 200) throw new Error(`admin login: ${admin.status}`);
    const doctors = await pool(Array.from({ length: options.doctors }, (_, i) => i), 4, async (i) => {
      const res = await api(base, "POST", "/signupDoctor", {
        json: { name: `Dr Crash ${i}`, email: `crash-doctor-${i}@example.com`, password: PASSWORD, specialization: "Cardiologist", collegeName: "Crash College" },
      });
      if (res.status !== 201) throw new Error(`signupDoctor: ${res.status}`);
      const approve = await api(base, "PATCH", `/admin-dashboard/doctor-status/${res.body.doctor._id}`, {
        token: admin.body.token,
        json: { status: "approved" },
      });
      if (approve.status !== 200) throw new Error(`approve: ${approve.status}`);
      return { id: res.body.doctor._id as string, token: res.body.token as string };
    });
    const patients = await pool(Array.from({ length: options.patients }, (_, i) => i), 8, async (i) => {
      const email = `crash-patient-${i}@example.com`;
      const res = await api(base, "POST", "/signupPatient", { json: { name: `Patient ${i}`, email, password: PASSWORD } });
      if (res.status !== 201) throw new Error(`signupPatient: ${res.status}`);
      const profile = await api(base, "GET", "/patient-profile", { token: res.body.token });
      return { id: profile.body.patient._id as string, token: res.body.token as string, email };
    });
    log(`${patients.length} patients and ${doctors.length} approved doctors; SIGKILL at ${Math.round(options.killAt * 100)}% of the bookings (at most ${options.loadMs} ms)`);

    // ---- the load: every attempt is recorded before it is sent, every 2xx when it arrives ----
    const attempted = new Map<string, Booking>(); // by reason (unique)
    const acknowledged = new Map<string, Booking>(); // by appointment id
    const scheduleAttempts = new Map<string, Set<number>>(); // appointment id -> times sent
    const scheduled = new Map<string, number>(); // appointment id -> acknowledged time
    const fiveHundreds: string[] = [];
    let stop = false;
    let slot = 0;
    const firstSlot = planningWeek(Date.now()).start; // beyond the notice whatever the hour (bench/plan.ts)

    const patientWork = patients.map(async (patient, p) => {
      // Each patient books each doctor once, in its own order: a bounded loop.
      const order = doctors.map((_, d) => (d + p) % doctors.length);
      for (const d of order) {
        if (stop) return;
        const booking = { patientId: patient.id, doctorId: doctors[d]!.id, reason: `crash ${p}-${d}-${crypto.randomUUID()}` };
        attempted.set(booking.reason, booking);
        try {
          const res = await api(base, "POST", "/patient-dashboard/bookAppointment", {
            token: patient.token,
            json: { doctorId: booking.doctorId, reason: booking.reason },
          });
          if (res.status === 201) acknowledged.set(res.body.appointment._id, booking);
          else if (res.status >= 500) fiveHundreds.push(`book ${res.status}`);
        } catch {
          return; // the server is gone
        }
      }
    });

    const doctorWork = doctors.map(async (doctor) => {
      for (let round = 0; round < 100_000 && !stop; round++) {
        try {
          const pending = await api(base, "GET", "/doctor-dashboard/appointments", { token: doctor.token });
          if (pending.status >= 500) fiveHundreds.push(`pending ${pending.status}`);
          const list = (pending.body?.appointments ?? []) as { _id: string; patient: { _id: string } }[];
          if (list.length === 0) await Bun.sleep(10);
          for (const a of list.slice(0, 3)) {
            if (stop) return;
            // Every schedule gets its own slot: none can overlap, so each should succeed.
            const at = firstSlot + slot++ * (CONSULT_MINUTES + 1) * 60_000;
            if (!scheduleAttempts.has(a._id)) scheduleAttempts.set(a._id, new Set());
            scheduleAttempts.get(a._id)!.add(at);
            const res = await api(base, "POST", "/doctor-dashboard/scheduleAppointments", {
              token: doctor.token,
              json: { appointmentId: a._id, patientId: a.patient._id, doctorName: "x", scheduledDateTime: new Date(at).toISOString() },
            });
            if (res.status === 200) scheduled.set(a._id, at);
            else if (res.status >= 500) fiveHundreds.push(`schedule ${res.status}`);
          }
        } catch {
          return;
        }
      }
    });

    const loadEnd = Date.now() + options.loadMs;
    const killCount = Math.ceil(options.killAt * patients.length * doctors.length);
    while (Date.now() < loadEnd && acknowledged.size < killCount) await Bun.sleep(2);
    const exit = await stopServer(server, "SIGKILL");
    stop = true;
    await Promise.all([...patientWork, ...doctorWork]);
    log(`killed (exit ${exit}) after ${acknowledged.size} acknowledged bookings and ${scheduled.size} acknowledged schedules`);
    if (fiveHundreds.length > 0) problems.push(`${fiveHundreds.length} answers were 5xx before the kill: ${fiveHundreds.slice(0, 5).join(", ")}`);
    if (acknowledged.size === 0) problems.push("no booking was acknowledged before the kill: the load did not run");
    if (acknowledged.size >= patients.length * doctors.length) problems.push("every booking finished before the kill: it did not come mid-load");

    // ---- restart on the same database ----
    server = await startServer(env);
    const probe = await api(server.url, "POST", "/loginPatient", { json: { email: patients[0]!.email, password: PASSWORD } });
    if (probe.status !== 200) problems.push(`after the restart, login answered ${probe.status}`);
    const meetings = await api(server.url, "GET", "/patient-dashboard/patient-meetings", { token: probe.body.token });
    if (meetings.status !== 200) problems.push(`after the restart, meetings answered ${meetings.status}`);

    const client = createClient({ url: env.DATABASE_URL });
    const integrity = String((await client.execute("PRAGMA integrity_check")).rows[0]![0]);
    if (integrity !== "ok") problems.push(`integrity_check: ${integrity}`);
    const fk = await client.execute("PRAGMA foreign_key_check");
    if (fk.rows.length > 0) problems.push(`${fk.rows.length} broken foreign keys`);
    const rows = (await client.execute("SELECT id, patient_id, doctor_id, reason, status, scheduled_at, ends_at, meet_link FROM appointments")).rows;
    client.close();
    await stopServer(server, "SIGTERM");

    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const [id, booking] of acknowledged) {
      const row = byId.get(id);
      if (row === undefined) problems.push(`acknowledged booking ${id} is missing`);
      else if (row.patient_id !== booking.patientId || row.doctor_id !== booking.doctorId || row.reason !== booking.reason) {
        problems.push(`acknowledged booking ${id} differs from what was sent`);
      }
    }
    for (const [id, at] of scheduled) {
      const row = byId.get(id);
      if (row?.status !== "confirmed" || Number(row.scheduled_at) !== at) problems.push(`acknowledged schedule of ${id} is missing`);
    }
    let committedUnacknowledged = 0;
    for (const row of rows) {
      const id = String(row.id);
      const sent = attempted.get(String(row.reason));
      if (sent === undefined || sent.patientId !== row.patient_id || sent.doctorId !== row.doctor_id) {
        problems.push(`row ${id} matches no booking that was sent`);
        continue;
      }
      if (!acknowledged.has(id)) committedUnacknowledged++;
      const timeFields = [row.scheduled_at, row.ends_at, row.meet_link];
      if (row.status === "pending" && timeFields.some((v) => v !== null)) problems.push(`pending row ${id} is half-scheduled`);
      if (row.status === "confirmed") {
        if (timeFields.some((v) => v === null)) problems.push(`confirmed row ${id} lacks its time or link`);
        else if (Number(row.ends_at) - Number(row.scheduled_at) !== CONSULT_MINUTES * 60_000) problems.push(`row ${id} has a wrong slot end`);
        else if (!scheduleAttempts.get(id)?.has(Number(row.scheduled_at))) problems.push(`row ${id} has a time no doctor sent`);
      }
      if (row.status !== "pending" && row.status !== "confirmed") problems.push(`row ${id} has status ${row.status}`);
    }

    return {
      attemptedBookings: attempted.size,
      acknowledgedBookings: acknowledged.size,
      attemptedSchedules: [...scheduleAttempts.values()].reduce((n, s) => n + s.size, 0),
      acknowledgedSchedules: scheduled.size,
      committedUnacknowledged,
      rows: rows.length,
      integrity,
      problems,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [patients = 200, doctors = 20, killAt = 0.2 + Math.random() * 0.6, loadMs = 30_000] = process.argv.slice(2).map(Number);
  const started = Date.now();
  const result = await runCrash({ patients, doctors, killAt, loadMs, log: (line) => console.log(line) });
  console.log(JSON.stringify({ ...result, problems: result.problems.length, seconds: (Date.now() - started) / 1000 }, null, 2));
  for (const problem of result.problems) console.error(`PROBLEM: ${problem}`);
  console.log(result.problems.length === 0 ? "crash-safe: every acknowledged write survived SIGKILL, nothing half-written" : "NOT crash-safe");
  process.exit(result.problems.length === 0 ? 0 : 1);
}
