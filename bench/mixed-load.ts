/**
 * Load: 200 concurrent connections for 30 seconds against the real server (bun src/index.ts on a
 * fresh temporary database, loopback only), on a mixed workload: logins, the lists of both
 * dashboards, bookings and schedules. Prints the totals and fails (exit 1) on any connection
 * error, timeout or 5xx. A 409 (a second open booking of one doctor) is a business answer.
 *
 *   bun bench/mixed-load.ts [connections=200] [seconds=30]
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planningWeek } from "./plan";
import { ADMIN, PASSWORD, api, pool, startServer, stopServer } from "./server";

const [connections = 200, seconds = 30] = process.argv.slice(2).map(Number);
const PATIENTS = 100;
const DOCTORS = 20;
/** One login in this many requests: argon2 is meant to be slow, and logins are rare next to reads. */
const LOGIN_EVERY = 50;

const dir = mkdtempSync(join(tmpdir(), "carebook-load-"));
const server = await startServer({
  DATABASE_URL: `file:${join(dir, "app.db")}`,
  UPLOAD_DIR: join(dir, "uploads"),
  JWT_SECRET: "load-test-secret-that-is-at-least-32-bytes",
});
const base = server.url;

try {
  const admin = await api(base, "POST", "/loginAdmin", { json: ADMIN });
  const doctors = await pool(Array.from({ length: DOCTORS }, (_, i) => i), 4, async (i) => {
    const res = await api(base, "POST", "/signupDoctor", {
      json: { name: `Dr Load ${i}`, email: `load-doctor-${i}@example.com`, password: PASSWORD, specialization: "Neurologist", collegeName: "Load College" },
    });
    await api(base, "PATCH", `/admin-dashboard/doctor-status/${res.body.doctor._id}`, { token: admin.body.token, json: { status: "approved" } });
    return { id: res.body.doctor._id as string, token: res.body.token as string };
  });
  const patients = await pool(Array.from({ length: PATIENTS }, (_, i) => i), 8, async (i) => {
    const email = `load-patient-${i}@example.com`;
    const res = await api(base, "POST", "/signupPatient", { json: { name: `Load Patient ${i}`, email, password: PASSWORD } });
    return { token: res.body.token as string, email };
  });
  console.log(`${server.url}: ${PATIENTS} patients, ${DOCTORS} doctors; ${connections} connections for ${seconds} s`);

  // Bookings acknowledged and not yet scheduled, for the doctors' schedule requests.
  const toSchedule: { appointmentId: string; patientId: string; doctor: number }[] = [];
  let slot = 0;
  const firstSlot = planningWeek(Date.now()).start; // beyond the notice whatever the hour (bench/plan.ts)
  let n = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const json = (method: string, path: string, token: string | undefined, body?: unknown) => ({
    method,
    path: `/api/auth${path}`,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  /** The next request of the mix, decided when it is sent. */
  function next(): ReturnType<typeof json> & { kind: string } {
    n++;
    if (n % LOGIN_EVERY === 0) {
      return { kind: "login", ...json("POST", "/loginPatient", undefined, { email: pick(patients).email, password: PASSWORD }) };
    }
    switch (n % 8) {
      case 0:
      case 1: {
        const doctor = Math.floor(Math.random() * DOCTORS);
        return { kind: `book:${doctor}`, ...json("POST", "/patient-dashboard/bookAppointment", pick(patients).token, { doctorId: doctors[doctor]!.id, reason: "Load test" }) };
      }
      case 2: {
        const job = toSchedule.shift();
        if (job === undefined) return { kind: "list", ...json("GET", "/doctor-dashboard/appointments", pick(doctors).token) };
        const at = new Date(firstSlot + slot++ * 31 * 60_000).toISOString();
        return {
          kind: "schedule",
          ...json("POST", "/doctor-dashboard/scheduleAppointments", doctors[job.doctor]!.token, {
            appointmentId: job.appointmentId,
            patientId: job.patientId,
            doctorName: "x",
            scheduledDateTime: at,
          }),
        };
      }
      case 3:
        return { kind: "list", ...json("GET", "/patient-dashboard/doctors", pick(patients).token) };
      case 4:
        return { kind: "list", ...json("GET", "/patient-dashboard/patient-meetings", pick(patients).token) };
      case 5:
        return { kind: "list", ...json("GET", "/doctor-dashboard/doctor-meetings", pick(doctors).token) };
      case 6:
        return { kind: "list", ...json("GET", "/doctor-dashboard/appointments", pick(doctors).token) };
      default:
        return { kind: "list", ...json("GET", "/patient-profile", pick(patients).token) };
    }
  }

  const byStatus: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: any, context: any) => {
          const r = next();
          context.kind = r.kind;
          return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
        },
        onResponse: (status: number, body: string, context: any) => {
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          const kind = String(context.kind).split(":")[0]!;
          byKind[`${kind} ${status}`] = (byKind[`${kind} ${status}`] ?? 0) + 1;
          if (kind === "book" && status === 201) {
            const a = JSON.parse(body).appointment;
            toSchedule.push({ appointmentId: a._id, patientId: a.patient._id, doctor: Number(String(context.kind).split(":")[1]) });
          }
        },
      },
    ] as any,
  });

  const fiveHundreds = Object.entries(byStatus).filter(([s]) => Number(s) >= 500).reduce((t, [, c]) => t + c, 0);
  const totals = {
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    fiveHundreds,
    byStatus,
    byKind,
  };
  console.log(JSON.stringify(totals, null, 2));
  const ok = result.errors === 0 && result.timeouts === 0 && fiveHundreds === 0 && result.requests.total > 0;
  console.log(ok ? "zero errors" : "ERRORS under load");
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
} catch (error) {
  await stopServer(server, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  throw error;
}
