/**
 * Issue 58's size case: the admin's overview for 366 days, in process (adminStats, the use case
 * behind GET /api/auth/admin-dashboard/stats and /admin-dashboard/overview), on a database with
 * two years (730 days) of per-day totals for 20,000 doctors' worth of activity. The totals are
 * written straight with SQL, not made by requests: everyone's every metric, and each specialization's
 * metric every day (counts of a service that size), and each doctor's own totals on two days in
 * seven (about 4.2 million rows, the bulk of the table the overview's reads seek through); the
 * 20,000 doctors themselves are rows too (approved, not listed). Target: at most 30 ms.
 *
 * `bun bench/overview-scale.ts` alone (prints one reading with the machine and its load), or
 * overviewAtScale() from bench/run.ts.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureTotals } from "../src/actions/stats";
import { adminStats } from "../src/actions/stats-report";
import { boot } from "../src/config/boot";
import { parseEnv } from "../src/config/env";
import { SPECIALIZATIONS } from "../src/domain/fields";
import { METRICS, SPEC_METRICS, SPEC_PREFIX } from "../src/domain/stats";

const DOCTORS = 20_000;
const DAYS = 730;
const ZONE = "Asia/Kolkata";
const WARM = 5;
const RUNS = 40;
const TARGET_MS = 30;

export type OverviewReading = { rows: number; medianMs: number; p90Ms: number; minMs: number; load: [number, number]; seedSeconds: number; targetMs: number };

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function overviewAtScale(): Promise<OverviewReading> {
  const dir = mkdtempSync(join(tmpdir(), "carebook-overview-"));
  const file = join(dir, "app.db");
  const config = parseEnv({ DATABASE_URL: `file:${file}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "bench-secret-that-is-at-least-32-bytes-long", LOG_LEVEL: "silent", DEFAULT_TIME_ZONE: ZONE });
  const deps = await boot(config);
  try {
    await ensureTotals(deps);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(deps.now());
    const todayMs = Date.parse(`${today}T00:00:00Z`);
    const seedStart = performance.now();
    const db = new Database(file);
    db.exec("PRAGMA busy_timeout = 10000");
    db.transaction(() => {
      const doctor = db.prepare(
        "insert into doctors (id, name, email, password_hash, specialization, college_name, status, profile_image, token_version, created_at) values (?, ?, ?, 'x', ?, 'City Medical College', 'approved', null, 0, ?)",
      );
      for (let i = 0; i < DOCTORS; i++) doctor.run(`bench-doctor-${i}`, `Doctor ${i}`, `doctor${i}@bench.test`, SPECIALIZATIONS[i % SPECIALIZATIONS.length]!, todayMs - DAYS * 86_400_000);
      const total = db.prepare("insert into daily_totals (doctor_id, day, metric, n) values (?, ?, ?, ?)");
      for (let d = 0; d < DAYS; d++) {
        const day = iso(todayMs - d * 86_400_000);
        for (const [m, metric] of METRICS.entries()) {
          // Everyone's: some thousands a day; each specialization's: its sixteenth.
          total.run("", day, metric, 500 + ((d * 31 + m * 17) % 4000));
          if (SPEC_METRICS.includes(metric)) for (const [s, spec] of SPECIALIZATIONS.entries()) total.run(SPEC_PREFIX + spec, day, metric, 30 + ((d * 13 + m * 7 + s) % 250));
        }
      }
      // Each doctor's own: one metric on two days in seven, by SQL over the doctors and the days.
      db.exec(`
        with recursive d(i) as (select 0 union all select i + 1 from d where i < ${DAYS - 1})
        insert into daily_totals (doctor_id, day, metric, n)
        select doc.id, date('${today}', '-' || d.i || ' days'),
               case (doc.rowid + d.i) % 3 when 0 then 'requested' when 1 then 'scheduled' else 'meetings' end,
               1 + (doc.rowid * 7 + d.i) % 3
        from doctors doc, d
        where (doc.rowid + d.i) % 7 in (0, 3)`);
    })();
    db.exec("analyze");
    const rows = Number((db.query("select count(*) as n from daily_totals").get() as { n: number }).n);
    db.close();
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const period = { from: iso(todayMs - 365 * 86_400_000), to: today };
    for (let i = 0; i < WARM; i++) await adminStats(deps, ZONE, period);
    const load0 = loadavg()[0]!;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const answer = await adminStats(deps, ZONE, period);
      times.push(performance.now() - t0);
      if (answer.byDay.length !== 366) throw new Error(`overview: ${answer.byDay.length} days, not 366`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { rows, medianMs: at(0.5), p90Ms: at(0.9), minMs: times[0]!, load: [load0, loadavg()[0]!], seedSeconds, targetMs: TARGET_MS };
  } finally {
    deps.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line for a person: the reading, the target, and the machine's load while it was taken. */
export function overviewLine(r: OverviewReading): string {
  const ms = (v: number) => v.toFixed(1);
  return `overview, 366 days, ${r.rows.toLocaleString("en")} daily totals (${DOCTORS.toLocaleString("en")} doctors, ${DAYS} days): median ${ms(r.medianMs)} ms, p90 ${ms(r.p90Ms)} ms, min ${ms(r.minMs)} ms over ${RUNS} (target ${r.targetMs} ms); load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} on ${cpus().length} cores; seeded in ${r.seedSeconds.toFixed(0)} s`;
}

if (import.meta.main) {
  const model = cpus()[0]?.model ?? "unknown";
  console.log(`Machine: ${cpus().length} cores, ${model}; Bun ${Bun.version}`);
  console.log(overviewLine(await overviewAtScale()));
}
