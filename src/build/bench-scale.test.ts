/**
 * Issue 57: `bun run bench:scale`'s builder (bench/scale/build.ts) at a tiny SCALE_FACTOR: the
 * counts it promises, every state of an appointment, families, and its per-day totals (the app's
 * rebuild, inside the database) equal to the rows' worked out one by one in memory, and made again
 * the same by `bun run stats:rebuild`. A second call with the same factor reuses the file; another
 * factor builds it again.
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildScaleDb, builtFactor, SCALE_ZONE } from "../../bench/scale/build";
import { countsAt } from "../../bench/scale/population";
import { ROOT } from "../../bench/server";
import { sortedTotals, totalsFromRows } from "../../tests/support/totals-from-rows";
import { openDatabase } from "../db/client";

const dir = mkdtempSync(join(tmpdir(), "carebook-scale-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FACTOR = 0.0005;
// A fixed clock: the build's "now", so no day or hour of the run changes what it makes.
const NOW = Date.parse("2026-06-15T08:00:00Z");

const all = <T>(db: Database, q: string) => db.query(q).all() as T[];
const one = (db: Database, q: string) => (db.query(q).get() as { n: number }).n;

test(
  "the builder makes the issue's population at a small factor, with totals equal to the app's rebuild",
  async () => {
    const path = join(dir, "scale.db");
    const built = await buildScaleDb(path, FACTOR, { now: NOW });
    expect(built.reused).toBe(false);
    expect(builtFactor(path)).toBe(FACTOR);
    const counts = countsAt(FACTOR);
    expect(counts).toEqual({ doctors: 10, patients: 100, appointments: 1000, mails: 500, audit: 500 });

    const db = new Database(path, { readonly: true });
    expect(one(db, "select count(*) as n from doctors where status = 'approved' and registration_number is not null and fee is not null and languages is not null")).toBe(counts.doctors);
    expect(one(db, "select count(*) as n from doctor_availability")).toBe(counts.doctors);
    expect(one(db, "select count(*) as n from doctor_availability where instant_booking")).toBe(Math.ceil(counts.doctors / 3));
    expect(one(db, "select count(distinct specialization) as n from doctors")).toBe(10); // 16 at 16 doctors or more
    expect(one(db, "select count(*) as n from patients")).toBe(counts.patients);
    expect(one(db, "select count(distinct patient_id) as n from family_members")).toBe(counts.patients / 10);
    expect(one(db, "select count(*) as n from appointments")).toBe(counts.appointments);
    expect(one(db, "select count(*) as n from appointments where for_member_id is not null and for_member_id not in (select id from family_members)")).toBe(0);
    expect(one(db, "select count(*) as n from appointments where for_member_id is not null")).toBeGreaterThan(0);
    expect(one(db, "select count(*) as n from mail_outbox")).toBe(counts.mails);
    expect(one(db, "select count(*) as n from audit_events")).toBe(counts.audit);
    // Every state: requests, confirmed ahead, attended, missed, unmarked, cancelled by either side, instant bookings.
    const kinds = all<{ k: string }>(
      db,
      `select distinct case when status = 'confirmed' and scheduled_at > ${NOW} then 'upcoming' when status = 'confirmed' then 'past:' || coalesce(attended, 'unmarked')
        when status = 'cancelled' then 'cancelled:' || cancelled_by else status end as k from appointments`,
    ).map((r) => r.k);
    expect(kinds.sort()).toEqual(["cancelled:doctor", "cancelled:patient", "past:0", "past:1", "past:unmarked", "pending", "upcoming"]);
    expect(one(db, "select count(*) as n from appointments where booked_instantly")).toBeGreaterThan(0);
    expect(one(db, `select min(scheduled_at) as n from appointments`)).toBeLessThan(NOW - 500 * 86_400_000);
    expect(one(db, `select max(scheduled_at) as n from appointments`)).toBeGreaterThan(NOW + 50 * 86_400_000);
    expect(all<{ state: string }>(db, "select distinct state from mail_outbox order by 1").map((r) => r.state)).toEqual(["dropped", "failed", "given_up", "sent", "waiting"]);
    expect(one(db, "select count(*) as n from sqlite_stat1 where tbl = 'appointments'")).toBeGreaterThan(0);
    const kept = all<{ doctor_id: string; day: string; metric: string; n: number }>(db, "select doctor_id, day, metric, n from daily_totals order by 1, 2, 3");
    db.close();
    expect(kept.length).toBeGreaterThan(100);

    // The same as the rows' counted one by one by the domain's rules...
    const app = await openDatabase(`file:${path}`);
    const byRule = await totalsFromRows(app.db, SCALE_ZONE);
    app.close();
    expect(sortedTotals(kept.map(({ doctor_id, ...rest }) => ({ doctorId: doctor_id, ...rest })))).toEqual(sortedTotals(byRule));
    // ...and `bun run stats:rebuild` on a copy makes them again.
    const copy = join(dir, "rebuilt.db");
    copyFileSync(path, copy);
    const run = Bun.spawn(["bun", "src/cli/stats-rebuild.ts"], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, DATABASE_URL: `file:${copy}`, JWT_SECRET: "scale-test-secret-that-is-at-least-32-bytes", DEFAULT_TIME_ZONE: SCALE_ZONE, UPLOAD_DIR: join(dir, "uploads") },
    });
    const [err, code] = await Promise.all([new Response(run.stderr).text(), run.exited]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const rebuilt = new Database(copy, { readonly: true });
    expect(all<object>(rebuilt, "select doctor_id, day, metric, n from daily_totals order by 1, 2, 3")).toEqual(kept);
    rebuilt.close();

    expect((await buildScaleDb(path, FACTOR, { now: NOW })).reused).toBe(true);
    expect((await buildScaleDb(path, FACTOR * 2, { now: NOW })).reused).toBe(false);
    expect(builtFactor(path)).toBe(FACTOR * 2);
  },
  20_000,
);
