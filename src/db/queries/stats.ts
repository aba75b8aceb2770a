/**
 * Issue 58's SQL: the per-day totals (daily_totals) kept with each change, read for a period, and
 * rebuilt from the rows; and the few figures read from the rows themselves in one statement each
 * (the median wait, the meetings not over yet, who waits for the admin now).
 */
import { and, eq, gt, gte, inArray, lt, or, isNull, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { atCommit } from "../at-commit";
import { appointments, dailyTotals, doctors, statsState } from "../schema";
import { registrationWaiting } from "../schema/accounts";
import { isSpecKey, SPEC_METRICS, SPEC_PREFIX, type Contribution } from "../../domain/stats";
import { SPECIALIZATIONS } from "../../domain/fields";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { SQL } from "drizzle-orm";

/** Rows per insert statement (4 values each, well under SQLite's 32766 bound variables). */
const ROWS_PER_INSERT = 500;

const upsert = (tx: Reader, list: Contribution[]) =>
  tx
    .insert(dailyTotals)
    .values(list.map(({ doctorId, day, metric, n }) => ({ doctorId, day, metric, n })))
    .onConflictDoUpdate({ target: [dailyTotals.doctorId, dailyTotals.day, dailyTotals.metric], set: { n: sql`${dailyTotals.n} + excluded.n` } });

/** Adds `n` of `metric` on `day` to the total of doctor `doctorId`'s specialization as it is now (one statement, no read). */
const addToSpecialization = (c: Contribution) => sql`
  insert into daily_totals (doctor_id, day, metric, n)
  select ${SPEC_PREFIX} || specialization, ${c.day}, ${c.metric}, ${c.n} from doctors where id = ${c.doctorId}
  on conflict (doctor_id, day, metric) do update set n = n + excluded.n`;

/**
 * Adds a change's difference to the totals, and a doctor's requests, instant bookings and
 * confirmations to their specialization's too, all sent with the transaction's COMMIT (no round
 * trip of its own).
 */
export function addTotals(tx: Tx, list: Contribution[]): void {
  for (let i = 0; i < list.length; i += ROWS_PER_INSERT) atCommit(tx, upsert(tx, list.slice(i, i + ROWS_PER_INSERT)));
  for (const c of list) if (c.doctorId !== "" && !isSpecKey(c.doctorId) && SPEC_METRICS.includes(c.metric)) atCommit(tx, statement(addToSpecialization(c)));
}

/** A raw statement in the shape atCommit keeps. */
const statement = (query: SQL) => ({ toSQL: () => dialect.sqlToQuery(query) });
const dialect = new SQLiteSyncDialect();

/**
 * A doctor's specialization changed from `from` to `to`: their totals by specialization move with
 * them (two statements at COMMIT), so the totals stay those a rebuild makes from today's specializations.
 */
export function moveSpecialization(tx: Tx, doctorId: string, from: string, to: string): void {
  const metrics = sql.join(SPEC_METRICS.map((m) => sql`${m}`), sql`, `);
  for (const [spec, sign] of [[from, -1], [to, 1]] as const) {
    atCommit(
      tx,
      statement(sql`
        insert into daily_totals (doctor_id, day, metric, n)
        select ${SPEC_PREFIX + spec}, day, metric, n * ${sign} from daily_totals where doctor_id = ${doctorId} and metric in (${metrics}) and true
        on conflict (doctor_id, day, metric) do update set n = n + excluded.n`),
    );
  }
}

/** Notes the zone the totals' days are in, after a rebuild in `tx`. */
export async function markTotalsZone(tx: Tx, zone: string, now: Date): Promise<void> {
  await tx.insert(statsState).values({ id: 1, zone, rebuiltAt: now }).onConflictDoUpdate({ target: statsState.id, set: { zone, rebuiltAt: now } });
}

/** The zone the totals' days are in, if they were ever built. */
export async function totalsZone(r: Reader): Promise<string | undefined> {
  return (await r.select({ zone: statsState.zone }).from(statsState).where(eq(statsState.id, 1)).get())?.zone;
}

/** Every total of one doctor ('' for everyone) from day `from` to `to`, both included: one range of the primary key. */
export function totalsOf(r: Reader, doctorId: string, from: string, to: string) {
  return r
    .select({ day: dailyTotals.day, metric: dailyTotals.metric, n: dailyTotals.n })
    .from(dailyTotals)
    .where(and(eq(dailyTotals.doctorId, doctorId), gte(dailyTotals.day, from), sql`${dailyTotals.day} <= ${to}`))
    .all();
}

/** The requests, instant bookings and confirmations of the period by specialization: the `spec:` totals (each one range of the primary key). */
export async function totalsBySpecialization(r: Reader, from: string, to: string) {
  const rows = await r
    .select({ key: dailyTotals.doctorId, metric: dailyTotals.metric, n: sql<number>`sum(${dailyTotals.n})` })
    .from(dailyTotals)
    .where(and(inArray(dailyTotals.doctorId, SPECIALIZATIONS.map((s) => SPEC_PREFIX + s)), gte(dailyTotals.day, from), sql`${dailyTotals.day} <= ${to}`))
    .groupBy(dailyTotals.doctorId, dailyTotals.metric)
    .all();
  return rows.map((row) => ({ specialization: row.key.slice(SPEC_PREFIX.length), metric: row.metric, n: Number(row.n) }));
}

/**
 * The starts of the confirmed meetings (of one doctor, or all) that are not over at `now` and
 * start before `before`, no-shows aside: counted as meetings, not yet as completed. Such a meeting
 * ends before `before` plus the longest confirmed meeting's length (the end of
 * appointments_confirmed_length), so the read is a range of appointments_status_ends of about a
 * day, not every confirmed meeting to come (43 ms at 100x before).
 */
export async function notOverYet(r: Reader, now: Date, before: Date, doctorId?: string): Promise<Date[]> {
  // Named: without ANALYZE's statistics (the app never runs it) the planner read the max through
  // appointments_status_ends, every confirmed meeting ever (17 ms at 10x against 0.03).
  const longest = sql`(select max(${appointments.endsAt} - ${appointments.scheduledAt}) from ${appointments} indexed by appointments_confirmed_length where ${appointments.status} = 'confirmed')`;
  const rows = await r
    .select({ at: appointments.scheduledAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "confirmed"),
        gt(appointments.endsAt, now),
        sql`${appointments.endsAt} <= ${before.getTime()} + ${longest}`,
        lt(appointments.scheduledAt, before),
        or(isNull(appointments.attended), eq(appointments.attended, true)),
        doctorId === undefined ? undefined : eq(appointments.doctorId, doctorId),
      ),
    )
    .all();
  return rows.map((row) => row.at!);
}

/** The hours from request to the doctor's confirmation of each request confirmed from `from` until `to` (the median wait). */
export async function waitHours(r: Reader, from: Date, to: Date): Promise<number[]> {
  // One row, one JSON array: at 100x a month holds 160,000 confirmations, read from the
  // appointments_confirmed_waits index alone; a row each cost more than the reading.
  const row = await r
    .select({ waits: sql<string>`json_group_array(${appointments.confirmedAt} - ${appointments.createdAt})` })
    .from(appointments)
    .where(and(gte(appointments.confirmedAt, from), lt(appointments.confirmedAt, to), eq(appointments.bookedInstantly, false)))
    .get();
  return (JSON.parse(row?.waits ?? "[]") as number[]).map((ms) => ms / 3_600_000);
}

/**
 * Doctors waiting for approval, and registrations waiting for the admin's check, now: two counts,
 * each of its own index's range (doctors_status_specialization_name, and
 * doctors_registration_waiting_created, whose expression the planner matches as `> 0`); one sum
 * over every doctor read the table, 8 ms at 100x.
 */
export async function waitingNow(r: Reader): Promise<{ doctorsAwaitingApproval: number; registrationsAwaitingCheck: number }> {
  const row = await r.get<{ pending: number; registrations: number }>(sql`select
    (select count(*) from ${doctors} where ${doctors.status} = 'pending') as pending,
    (select count(*) from ${doctors} where ${registrationWaiting(doctors)} > 0) as registrations`);
  return { doctorsAwaitingApproval: Number(row?.pending ?? 0), registrationsAwaitingCheck: Number(row?.registrations ?? 0) };
}

/** A doctor's confirmed meetings starting from `from` until `to` (their (doctor, status, scheduled_at) index): start, end, mark. */
export function meetingsOfDoctor(r: Reader, doctorId: string, from: Date, to: Date) {
  return r
    .select({ start: appointments.scheduledAt, end: appointments.endsAt, attended: appointments.attended })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.status, "confirmed"), gte(appointments.scheduledAt, from), lt(appointments.scheduledAt, to)))
    .all();
}

/** A doctor's visible ratings: their count and total. */
export function ratingsOfDoctor(r: Reader, doctorId: string) {
  return r.select({ ratingCount: doctors.ratingCount, ratingTotal: doctors.ratingTotal }).from(doctors).where(eq(doctors.id, doctorId)).get();
}
