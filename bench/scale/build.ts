/**
 * Builds issue 57's database at `path` (bench/scale/population.ts says what is in it): migrated
 * by the app's own migrations, filled by batched `INSERT ... SELECT`s (one transaction per
 * batch, the big tables' indexes and the list triggers set aside while they run and made again
 * after), the per-day totals made from them by the app's own rebuild (`bun run stats:rebuild`,
 * in SCALE_ZONE), then ANALYZE. The file remembers its factor (PRAGMA user_version, in millionths), so a second run
 * with the same factor reuses it; `rebuild` makes it again.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { hashPassword } from "../../src/auth/passwords";
import { MIGRATIONS_DIR } from "../../src/config/assets";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { rebuildTotalsInZone } from "../../src/db/queries/stats-zone";
import { markTotalsZone } from "../../src/db/queries/stats";
import { openDatabase } from "../../src/db/client";
import { appointmentsSql, auditSql, countsAt, doctorsSql, familySql, hoursSql, mailsSql, patientsSql, type Build, type Counts } from "./population";

/** Rows per transaction. */
const BATCH = 100_000;
/** The tables whose indexes are made after their rows (sorted once instead of kept row by row). */
const BIG = ["doctors", "patients", "appointments", "mail_outbox", "audit_events", "family_members"];
/** The password of every built account (one argon2 hash, reused). */
export const SCALE_PASSWORD = "correct-horse-1";
/** The built database's zone (DEFAULT_TIME_ZONE of the app booted on it): its per-day totals' days are in it. */
export const SCALE_ZONE = "Asia/Kolkata";

/** User and system time this process spent, in seconds (the wall clock on a shared machine says more of the neighbours). */
const cpuOf = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

/** The marker a built file carries: its factor in millionths (0: none, or an unfinished build). */
const markerOf = (factor: number) => Math.round(factor * 1_000_000);

export function builtFactor(path: string): number | undefined {
  if (!existsSync(path)) return undefined;
  const db = new Database(path, { readonly: true });
  try {
    const v = (db.query("pragma user_version").get() as { user_version: number }).user_version;
    return v > 0 ? v / 1_000_000 : undefined;
  } finally {
    db.close();
  }
}

export type Built = { path: string; factor: number; counts: Counts; reused: boolean; seconds: number; cpuSeconds: number; steps: Record<string, number>; bytes: number };

export async function buildScaleDb(
  path: string,
  factor: number,
  options: { rebuild?: boolean; now?: number; log?: (line: string) => void } = {},
): Promise<Built> {
  const log = options.log ?? (() => {});
  const counts = countsAt(factor);
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (!options.rebuild && builtFactor(path) === factor) {
    log(`${path}: built at SCALE_FACTOR ${factor} already, reused (--rebuild makes it again)`);
    return { path, factor, counts, reused: true, seconds: 0, cpuSeconds: 0, steps: {}, bytes: Bun.file(path).size };
  }
  mkdirSync(dirname(path), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    steps[name] = (performance.now() - t) / 1000;
    log(`  ${name}: ${steps[name]!.toFixed(1)} s`);
    return result;
  };

  // The app's migrations (drizzle's bun:sqlite migrator reads the same folder and journal): one
  // SQLite library in this process, as two (bun's, libSQL's) on one file do not see each other's locks.
  await step("migrations", () => {
    const fresh = new Database(path);
    migrate(drizzle(fresh), { migrationsFolder: MIGRATIONS_DIR });
    fresh.close();
  });
  const b: Build = { counts, now: options.now ?? Date.now(), hash: await hashPassword(SCALE_PASSWORD) };

  const db = new Database(path);
  db.exec("pragma journal_mode = delete; pragma synchronous = off; pragma cache_size = -1048576; pragma temp_store = memory");
  const inList = BIG.map((t) => `'${t}'`).join(", ");
  const triggers = db.query(`select name, sql from sqlite_master where type = 'trigger'`).all() as { name: string; sql: string }[];
  const indexes = db.query(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${inList})`).all() as { name: string; sql: string }[];
  for (const t of triggers) db.exec(`drop trigger "${t.name}"`);
  for (const i of indexes) db.exec(`drop index "${i.name}"`);

  const fill = (name: string, total: number, sqlOf: (b: Build, lo: number, hi: number) => string) =>
    step(`${name} (${total.toLocaleString("en")})`, () => {
      for (let lo = 0; lo < total; lo += BATCH) {
        const hi = Math.min(total, lo + BATCH);
        db.transaction(() => db.exec(sqlOf(b, lo, hi)))();
      }
    });
  await fill("doctors", counts.doctors, doctorsSql);
  await fill("doctors' hours", counts.doctors, hoursSql);
  await fill("patients", counts.patients, patientsSql);
  await fill("patients' families", counts.patients, familySql);
  await fill("appointments", counts.appointments, appointmentsSql);
  await fill("mails", counts.mails, mailsSql);
  await fill("audit events", counts.audit, auditSql);
  await step("indexes and triggers again", () => {
    for (const i of indexes) db.exec(i.sql);
    for (const t of triggers) db.exec(t.sql);
    // What triggers keep from the hours (doctors.video_hours, drizzle/0051), set as the app's writes set it.
    db.exec("update doctor_availability set weekly = weekly");
  });
  db.exec("pragma journal_mode = wal");
  db.close();
  // The app's own rebuild (`bun run stats:rebuild`), inside the database.
  await step("per-day totals", async () => {
    const app = await openDatabase(`file:${path}`);
    await app.write(async (tx) => {
      await rebuildTotalsInZone(tx, SCALE_ZONE, true);
      await markTotalsZone(tx, SCALE_ZONE, new Date(b.now));
    });
    app.close();
  });

  await step("analyze", () => {
    const done = new Database(path);
    done.exec("analyze");
    done.exec("pragma wal_checkpoint(truncate)");
    done.exec(`pragma user_version = ${markerOf(factor)}`);
    done.close();
  });
  return { path, factor, counts, reused: false, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuOf(process.cpuUsage(cpu)), steps, bytes: Bun.file(path).size };
}
