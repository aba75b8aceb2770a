/**
 * `bun run bench:backup`: what a backup costs on the bench database (100,000 appointments, as
 * bench/run.ts seeds it). Starts the real server on loopback, seeds it, then measures:
 *   1. `carebook backup` (bun src/index.ts backup) with the server idle: time and size;
 *   2. the booking round trip (book, over HTTP; each booking is cancelled after, by the same
 *      patient) under one steady load, in windows without a backup and windows with one, in
 *      turns (BENCH_ROUNDS, default 4, each as long as a backup): p50/p99 of the bookings that
 *      started in each kind of window, and each backup's time.
 * Bounded: the rounds, 16 booking patients.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { bookingLoad, percentile, setupClinic } from "./booking-load";
import { ROOT, startServer, stopServer } from "./server";
import { openSeeder } from "./seed";

/** Quiet windows and backup windows, taken in turns. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const APPOINTMENTS = 100_000;
const dir = mkdtempSync(join(tmpdir(), "carebook-bench-backup-"));
const env = {
  DATABASE_URL: `file:${join(dir, "data", "app.db")}`,
  UPLOAD_DIR: join(dir, "uploads"),
  BACKUP_DIR: join(dir, "backups"),
  JWT_SECRET: "bench-secret-that-is-at-least-32-bytes-long!",
};

/** One `carebook backup` run: wall time, the time it reports, the size of the file. */
async function backupOnce(n: number) {
  const file = join(dir, "backups", `bench-${n}.db`);
  const started = performance.now();
  const child = Bun.spawn(["bun", "src/index.ts", "backup", file], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const ended = performance.now();
  if (code !== 0) throw new Error(`backup failed: ${out}${err}`);
  const reported = Number(out.match(/in ([\d.]+) s[ .]/)?.[1]) * 1000;
  return { started, ended, wallMs: ended - started, reportedMs: reported, bytes: statSync(file).size, output: out.trim() };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const server = await startServer(env);
try {
  console.log(`Machine: ${cpus().length} cores, ${cpus()[0]?.model}; Bun ${Bun.version}`);
  const clinic = await setupClinic(server.url, { patients: 16, doctors: 8 });
  const seeder = openSeeder(join(dir, "data", "app.db"));
  const doctorIds = seeder.doctors(200);
  seeder.crowd(APPOINTMENTS - seeder.count("appointments"), 20, doctorIds);
  seeder.analyze();
  seeder.close();
  console.log(`Seeded ${APPOINTMENTS.toLocaleString("en")} appointments.`);

  // 1. Idle.
  const idle = [await backupOnce(0), await backupOnce(1)];
  console.log(idle[1]!.output);
  const idleBest = idle.reduce((a, b) => (a.reportedMs < b.reportedMs ? a : b));
  console.log(`Backup, server idle: ${fmt(idleBest.reportedMs)} (snapshot + check + checksum; ${fmt(idleBest.wallMs)} with the process start), ${(idleBest.bytes / 2 ** 20).toFixed(1)} MiB`);

  // 2 and 3. One steady booking load; quiet windows and backup windows take turns, so that
  // both see the same machine (a shared machine's load drifts over a run).
  await bookingLoad(server.url, clinic, { maxBookings: 1e9, maxMs: 1000 }).done; // warm-up
  const load = bookingLoad(server.url, clinic, { maxBookings: 1e9, maxMs: 10 * 60_000 });
  const quietWindows: { started: number; ended: number }[] = [];
  const runs: Awaited<ReturnType<typeof backupOnce>>[] = [];
  await Bun.sleep(500);
  for (let round = 0; round < ROUNDS; round++) {
    const quietStart = performance.now();
    await Bun.sleep(runs.at(-1)?.wallMs ?? idleBest.wallMs);
    quietWindows.push({ started: quietStart, ended: performance.now() });
    runs.push(await backupOnce(10 + round));
  }
  await load.stop();
  const within = (windows: { started: number; ended: number }[]) =>
    load.latencies.filter((l) => windows.some((w) => l.at >= w.started && l.at < w.ended)).map((l) => l.ms);
  const quietMs = within(quietWindows);
  const during = within(runs);
  const seconds = (windows: { started: number; ended: number }[]) => windows.reduce((sum, w) => sum + w.ended - w.started, 0) / 1000;

  const line = (name: string, values: number[], span: number) =>
    `${name}: ${values.length} bookings (${(values.length / span).toFixed(0)}/s), p50 ${fmt(percentile(values, 50))}, p99 ${fmt(percentile(values, 99))}, max ${fmt(Math.max(...values))}`;
  console.log(line("Bookings without a backup", quietMs, seconds(quietWindows)));
  console.log(line("Bookings while a backup runs", during, seconds(runs)));
  console.log(`Backups under load: ${runs.length}, each ${runs.map((r) => fmt(r.reportedMs)).join(", ")} (as reported), ${(runs[0]!.bytes / 2 ** 20).toFixed(1)} MiB`);
  if (load.failures.length > 0) console.log(`Failures: ${load.failures.length}: ${load.failures.slice(0, 5).join("; ")}`);
} finally {
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
