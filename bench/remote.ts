/**
 * `bun run bench:remote`: the signed-in rows on two servers in one run (issue 43): one on an
 * embedded file, one on a libSQL server (sqld, tests/support/sqld.ts) reached through a proxy
 * that adds LATENCY_MS (default 10) to every round trip (bench/latency-proxy.ts), as a database
 * across a network would. Both are filled the same way through the API: a patient with 12
 * meetings with one doctor who keeps hours. Rows take turns (file, then remote), BENCH_SECONDS
 * (default 3) each, 8 connections. Prints requests per second and the median per row, and writes
 * the table into docs/performance.md between the "bench:remote" markers.
 *
 * `REMOTE_DB=<file>` (issue 57): the same rows on a database bench:scale built (its 100x file,
 * `bun run bench:scale` first): the file server on that file, and sqld serving a copy of it put
 * in its folder (sqld serves such a file; it would not replicate it), each with bench:scale's
 * settings and accounts, nothing filled. The table goes between the "bench:remote-scale" markers.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startLatencyProxy } from "./latency-proxy";
import { loadGenerator, type LoadResult } from "./load-generator";
import { planningWeek } from "./plan";
import { ADMIN, ROOT, startServer, stopServer, type Server } from "./server";
import { startSqld } from "../tests/support/sqld";
import { jsonClient } from "../tests/support/http";
import { appEnv, idOf, SCALE_ADMIN } from "./scale/measure";
import { SCALE_PASSWORD } from "./scale/build";
import { TAGS } from "./scale/population";

const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 10);
const CONNECTIONS = 8;
const PASSWORD = "correct-horse-1";
const SECRET = "bench-secret-that-is-at-least-32-bytes-long!";

/** A patient with 12 meetings (4 waiting, 8 confirmed next week) with one doctor who keeps hours every day. */
async function fill(base: string) {
  const call = jsonClient(base);
  const admin = await call("POST", "/loginAdmin", ADMIN);
  const doctorSignup = await call("POST", "/signupDoctor", { name: "Dr. Dana Remote", email: "doctor@bench.example", password: PASSWORD, specialization: "Cardiologist", collegeName: "City Medical College" });
  await call("PATCH", `/admin-dashboard/doctor-status/${doctorSignup.doctor._id}`, { status: "approved" }, admin.token);
  const doctor = await call("POST", "/loginDoctor", { email: "doctor@bench.example", password: PASSWORD });
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" }));
  await call("PUT", "/doctor-dashboard/availability", { timeZone: "UTC", weekly, daysOff: [] }, doctor.token);
  const week = planningWeek(Date.now());
  let patientToken = "";
  for (let i = 0; i < 12; i++) {
    const patient = await call("POST", "/signupPatient", { name: `Pat ${i}`, email: `p${i}@bench.example`, password: PASSWORD });
    if (i === 0) patientToken = patient.token;
    const booked = await call("POST", "/patient-dashboard/bookAppointment", { doctorId: doctorSignup.doctor._id, reason: "A check-up before travel" }, patient.token);
    if (i >= 4) {
      const patientId = (await call("GET", "/patient-profile", undefined, patient.token)).patient._id;
      const at = new Date(week.at(0, `${String(8 + i).padStart(2, "0")}:00`)).toISOString();
      await call("POST", "/doctor-dashboard/scheduleAppointments", { appointmentId: booked.appointment._id, patientId, scheduledDateTime: at }, doctor.token);
    }
  }
  return { patient: patientToken, doctor: doctor.token, doctorId: doctorSignup.doctor._id as string };
}

/** bench:scale's patient 0, doctor 0 and doctor 3 (instant, hours Monday to Saturday), signed in. */
async function scaleAccounts(base: string) {
  const call = jsonClient(base);
  const patient = await call("POST", "/loginPatient", { email: "scale-patient-0@example.com", password: SCALE_PASSWORD });
  const doctor = await call("POST", "/loginDoctor", { email: "scale-doctor-0@example.com", password: SCALE_PASSWORD });
  return { patient: patient.token as string, doctor: doctor.token as string, doctorId: idOf(TAGS.doctor, 3) };
}

const BIG = process.env.REMOTE_DB;
const generator = await loadGenerator();
const dir = mkdtempSync(join(tmpdir(), "carebook-remote-"));
if (BIG !== undefined) {
  // sqld's own folder with the file as its database; the server writes its log beside it.
  mkdirSync(join(dir, "sqld", "data.sqld", "dbs", "default"), { recursive: true });
  const t = performance.now();
  copyFileSync(BIG, join(dir, "sqld", "data.sqld", "dbs", "default", "data"));
  console.log(`copied ${(statSync(BIG).size / 1e6).toFixed(0)} MB into sqld's folder in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const sqld = await startSqld(BIG === undefined ? {} : { dir: join(dir, "sqld") });
const sqldUrl = new URL(sqld.url);
const proxy = await startLatencyProxy({ hostname: sqldUrl.hostname, port: Number(sqldUrl.port) }, LATENCY_MS);
const servers: Server[] = [];
try {
  // On bench:scale's file its own settings (another booking notice would clear the kept hints at boot).
  const common: Record<string, string> = BIG === undefined ? { JWT_SECRET: SECRET, BOOKING_NOTICE_MINUTES: "0", LOG_LEVEL: "silent" } : { ...appEnv(BIG, ""), ADMIN_EMAIL: SCALE_ADMIN.email, ADMIN_PASSWORD: SCALE_ADMIN.password };
  const fileUrl = BIG === undefined ? `file:${join(dir, "app.db")}` : `file:${BIG}`;
  const file = await startServer({ ...common, DATABASE_URL: fileUrl, UPLOAD_DIR: join(dir, "uploads-file") }, 30_000, ROOT);
  servers.push(file);
  const remote = await startServer({ ...common, DATABASE_URL: proxy.url, UPLOAD_DIR: join(dir, "uploads-remote") }, 120_000, ROOT);
  servers.push(remote);
  const [fileData, remoteData] = BIG === undefined ? [await fill(file.url), await fill(remote.url)] : [await scaleAccounts(file.url), await scaleAccounts(remote.url)];

  type Row = { name: string; path: (d: typeof fileData) => string; auth: (d: typeof fileData) => Record<string, string> };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const cookie = (token: string) => ({ cookie: `carebook_session=${token}` });
  const rows: Row[] = [
    { name: "GET patient-meetings", path: () => "/api/auth/patient-dashboard/patient-meetings", auth: (d) => bearer(d.patient) },
    { name: "GET doctor appointments", path: () => "/api/auth/doctor-dashboard/appointments", auth: (d) => bearer(d.doctor) },
    { name: "GET doctor meetings", path: () => "/api/auth/doctor-dashboard/doctor-meetings", auth: (d) => bearer(d.doctor) },
    { name: "GET free slots", path: (d) => `/api/auth/patient-dashboard/doctors/${d.doctorId}/slots`, auth: (d) => bearer(d.patient) },
    { name: "GET doctors list", path: () => "/api/auth/patient-dashboard/doctors", auth: (d) => bearer(d.patient) },
    { name: "page /patient-dashboard", path: () => "/patient-dashboard", auth: (d) => cookie(d.patient) },
    { name: "page patient-meetings", path: () => "/patient-dashboard/patient-meetings", auth: (d) => cookie(d.patient) },
    { name: "page bookAppointment", path: (d) => `/patient-dashboard/bookAppointment/${d.doctorId}`, auth: (d) => cookie(d.patient) },
    { name: "page /doctor-dashboard", path: () => "/doctor-dashboard", auth: (d) => cookie(d.doctor) },
    { name: "page doctor-Meetings", path: () => "/doctor-dashboard/doctor-Meetings", auth: (d) => cookie(d.doctor) },
  ];
  const run = (server: Server, data: typeof fileData, row: Row): Promise<LoadResult> =>
    generator.run({ url: server.url + row.path(data), seconds: SECONDS, connections: CONNECTIONS, headers: row.auth(data) });

  const lines = [
    `| row | file: req/s | file: median ms | sqld +${LATENCY_MS} ms: req/s | sqld +${LATENCY_MS} ms: median ms |`,
    "|---|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const a = await run(file, fileData, row);
    const b = await run(remote, remoteData, row);
    if (a.errors + b.errors > 0) throw new Error(`${row.name}: ${a.errors} errors on the file, ${b.errors} on sqld`);
    lines.push(`| ${row.name} | ${a.rps.toFixed(0)} | ${a.p50.toFixed(1)} | ${b.rps.toFixed(0)} | ${b.p50.toFixed(1)} |`);
    console.log(lines.at(-1));
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Bun ${Bun.version}, ${generator.name}, ${CONNECTIONS} connections, ${SECONDS} s a row, load average ${loadavg()[0]!.toFixed(1)} at the end, ${new Date().toISOString().slice(0, 16)}Z`;
  const command = BIG === undefined ? "bun run bench:remote" : `REMOTE_DB=${BIG} bun run bench:remote`;
  const table = [`Machine: ${machine}. Command: \`${command}\`.`, "", ...lines].join("\n");
  console.log(`\n${table}`);
  const docs = join(ROOT, "docs", "performance.md");
  const text = readFileSync(docs, "utf8");
  const marker = BIG === undefined ? "bench:remote" : "bench:remote-scale";
  const [start, end] = [`<!-- ${marker} -->`, `<!-- /${marker} -->`];
  const block = `${start}\n${table}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  writeFileSync(docs, i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`);
} finally {
  for (const server of servers) await stopServer(server, "SIGTERM");
  proxy.stop();
  await sqld.stop();
  rmSync(dir, { recursive: true, force: true });
}
