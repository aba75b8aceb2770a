/**
 * `bun run bench:calendar`: the size of a 100-meeting calendar feed and its answer time (issue 13).
 * The real server on a fresh embedded database holding 20,000 other appointments; one approved
 * doctor with 100 meetings in the feed's window (80 upcoming, 10 past within 30 days, 10
 * cancelled in the last 30 days, each with its audit trail). Prints one table.
 *
 * Everything listens on 127.0.0.1; each load run is bounded (BENCH_SECONDS, default 5).
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadGenerator } from "./load-generator";
import { planningWeek } from "./plan";
import { openSeeder } from "./seed";
import { ADMIN, api, PASSWORD, startServer, stopServer } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 8;
const DAY = 86_400_000;

const dir = mkdtempSync(join(tmpdir(), "carebook-bench-calendar-"));
const dbPath = join(dir, "app.db");
const server = await startServer({ DATABASE_URL: `file:${dbPath}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "bench-secret-that-is-at-least-32-bytes-long!" });

try {
  const ok = (reply: { status: number; body: any }) => {
    if (reply.status >= 400) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const patient = ok(await api(server.url, "POST", "/signupPatient", { json: { name: "Bea Bench", email: `bench-p-${Date.now()}@example.com`, password: PASSWORD } }));
  const doctor = ok(await api(server.url, "POST", "/signupDoctor", {
    json: { name: "Dr. Cal Endar", email: `bench-d-${Date.now()}@example.com`, password: PASSWORD, specialization: "Cardiologist", collegeName: "City Medical College" },
  }));
  const admin = ok(await api(server.url, "POST", "/loginAdmin", { json: ADMIN }));
  ok(await api(server.url, "PATCH", `/admin-dashboard/doctor-status/${doctor.doctor._id}`, { token: admin.token, json: { status: "approved" } }));

  // Noise: other doctors and patients, so the feed's query runs against a table of real size.
  const seeder = openSeeder(dbPath);
  seeder.crowd(20_000, 20, seeder.doctors(500));
  seeder.close();
  seedFeed(dbPath, doctor.doctor._id as string);

  const feed = ok(await api(server.url, "POST", "/doctor-dashboard/calendar-feed", { token: doctor.token })).feed;
  const url = feed.url.replace("localhost", "127.0.0.1") as string;

  const sizes: Record<string, number> = {};
  let etag = "";
  let events = 0;
  for (const encoding of ["identity", "gzip", "br"]) {
    const res = await fetch(url, { headers: { "accept-encoding": encoding }, decompress: false } as RequestInit);
    const bytes = new Uint8Array(await res.arrayBuffer());
    sizes[encoding] = bytes.length;
    if (encoding === "identity") {
      events = (new TextDecoder().decode(bytes).match(/BEGIN:VEVENT/g) ?? []).length;
      etag = res.headers.get("etag") ?? "";
    }
  }

  const generator = await loadGenerator();
  const br = { "accept-encoding": "gzip, deflate, br" };
  const runs = [
    { name: "feed, one client at a time, Accept-Encoding: br", headers: br, connections: 1 },
    { name: "feed, uncompressed", headers: {} as Record<string, string>, connections: CONNECTIONS },
    { name: "feed, Accept-Encoding: br", headers: br, connections: CONNECTIONS },
    { name: "feed revalidated (If-None-Match, 304)", headers: { "if-none-match": etag }, connections: CONNECTIONS },
  ];
  const rows: string[] = [];
  for (const run of runs) {
    await generator.run({ url, seconds: 1, connections: run.connections, headers: run.headers }); // warm-up
    const cpuBefore = cpuMs(server.process.pid);
    const r = await generator.run({ url, seconds: SECONDS, connections: run.connections, headers: run.headers });
    const perRequest = (cpuMs(server.process.pid) - cpuBefore) / Math.max(1, r.requests);
    rows.push(`| ${run.name} | ${run.connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${perRequest.toFixed(2)} | ${r.errors} |`);
  }
  console.log(`\n${generator.name}, ${SECONDS} s per run; Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  console.log(`Feed of ${events} events: ${(sizes.identity! / 1024).toFixed(1)} KB plain, ${(sizes.gzip! / 1024).toFixed(1)} KB gzip, ${(sizes.br! / 1024).toFixed(1)} KB brotli\n`);
  // Server CPU per request holds still on a shared machine, where latency does not.
  console.log(["| request | connections | req/s | p50 ms | p99 ms | server CPU ms/request | errors |", "|---|---:|---:|---:|---:|---:|---:|", ...rows].join("\n"));
} finally {
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

/** CPU time (user + system) a process has used, in milliseconds (from /proc, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** 100 meetings for the doctor, each with its own patient and the audit events the app would have written. */
function seedFeed(path: string, doctorId: string) {
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 10000");
  const hash = (db.query("select password_hash as h from patients limit 1").get() as { h: string }).h;
  const now = Date.now();
  // Meetings are planned from the planning week (bench/plan.ts): upcoming from its Monday, the
  // past ones from its past, all inside the feed's 30 days whatever the day and hour of the run.
  const week = planningWeek(now);
  const patient = db.prepare("insert into patients (id, name, email, password_hash, token_version, created_at) values (?, ?, ?, ?, 0, ?)");
  const appointment = db.prepare(
    "insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, meet_link, cancelled_by, cancel_reason, cancelled_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const audit = db.prepare("insert into audit_events (at, actor_role, actor_id, subject, subject_id, action, from_status, to_status, reason) values (?, ?, ?, 'appointment', ?, ?, ?, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < 100; i++) {
      const kind = i < 80 ? "upcoming" : i < 90 ? "recent" : "cancelled";
      const [patientId, id] = [crypto.randomUUID(), crypto.randomUUID()];
      patient.run(patientId, `Patient Number ${i}`, `feed-${i}-${now}@example.com`, hash, now);
      const start = kind === "recent" ? week.past - (i - 80) * 2 * DAY : week.start + (i % 80) * 3_600_000 * 5;
      const booked = week.past - 40 * DAY;
      const cancelledAt = kind === "cancelled" ? week.past - (i - 90) * DAY : null;
      appointment.run(id, patientId, doctorId, "A reason the feed never shows", kind === "cancelled" ? "cancelled" : "confirmed", booked, start, start + 1_800_000, `https://meet.jit.si/carebook-${id}`, cancelledAt ? "patient" : null, cancelledAt ? "Feeling better" : null, cancelledAt);
      audit.run(booked, "patient", patientId, id, "book", null, "pending", null);
      audit.run(booked + DAY, "doctor", doctorId, id, "schedule", "pending", "confirmed", `scheduled for ${new Date(start).toISOString()}`);
      if (cancelledAt) audit.run(cancelledAt, "patient", patientId, id, "cancel", "confirmed", "cancelled", "Feeling better");
    }
  })();
  db.exec("ANALYZE");
  db.close();
}
