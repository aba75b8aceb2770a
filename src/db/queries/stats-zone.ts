/**
 * Issue 57: the admin's counts for a reader whose zone is not the kept totals' one, counted by
 * SQL in one statement: each event of the period's instants, on its day in the reader's zone,
 * summed by day and metric (everyone's, and by specialization for the ones kept that way). The
 * same events as src/domain/stats.ts's contributions; `rebuildTotalsInZone` writes every day's
 * totals from them the same way, inside the database.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { offsetSegments } from "../../domain/time";
import { combine, SPEC_METRICS, SPEC_PREFIX, type Contribution, type Metric } from "../../domain/stats";

const int = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * The day clocks show at the instant in `column` (ms), as days since 1 January 1970, by the
 * zone's offsets of the period (offsetSegments): the offset in force, one CASE branch a change.
 */
function dayIn(column: SQL, segments: { from: number; offset: number }[]): SQL {
  const offset =
    segments.length === 1
      ? int(segments[0]!.offset)
      : sql`case ${sql.join(
          segments.slice(1).map((s, i) => sql`when ${column} < ${int(s.from)} then ${int(segments[i]!.offset)}`),
          sql` `,
        )} else ${int(segments[segments.length - 1]!.offset)} end`;
  // The day's number since 1970 (integers all through: cheaper per row than a date), named once per
  // group. SQLite's division truncates toward zero, which is the floor for every time the service
  // itself wrote (none before 1970).
  return sql`(${column} + ${offset}) / 86400000`;
}

/** A request's metric by its row `a` (src/domain/stats.ts `appointmentCounts`): an instant booking or a request. */
const requestMetric = (a: string) => sql.raw(`case when ${a}.booked_instantly then 'instant' else 'requested' end`);

/** A cancellation's metric by who cancelled (`CANCELLED_BY` there; none said is the patient). */
const cancelMetric = (a: string) =>
  sql.raw(`case coalesce(${a}.cancelled_by, 'patient') when 'doctor' then 'cancelledByDoctor' when 'admin' then 'cancelledByAdmin' else 'cancelledByPatient' end`);

/**
 * Every count of the events from `start` until `end` (the period's first instant and the instant
 * after its last day, in `zone`), by day in `zone`: everyone's (doctor '') and, for requests,
 * instant bookings and confirmations, the doctor's specialization's (today's, as the rebuild).
 * One statement, its rows a few per day. No index leads with a request's, a cancel's or a mail's
 * time (this read is rare; an index would cost every booking and mail), so the appointments are
 * read once for both (kept aside, a few per cent of them) and the outbox once, each NOT INDEXED:
 * at 100x the planner's choice, its state index or a skip over the confirmations' index, read
 * the table row by row, 1.4 s for the mails alone against 0.4 s for the scan. The confirmations
 * and meetings are read through their indexes.
 */
export async function countsInZone(r: Reader, zone: string, start: Date, end: Date): Promise<Contribution[]> {
  const [from, to] = [start.getTime(), end.getTime()];
  const segments = offsetSegments(zone, from, to);
  const day = (column: string) => dayIn(sql.raw(column), segments);
  const within = (column: string) => sql`${sql.raw(column)} >= ${int(from)} and ${sql.raw(column)} < ${int(to)}`;
  const rows = await r.all<{ day: string; metric: Metric; spec: string | null; n: number; missed: number }>(sql`
    with x as materialized (
      select a.created_at, a.cancelled_at, a.status, a.cancelled_by, a.booked_instantly, d.specialization as spec
        from appointments a not indexed join doctors d on d.id = a.doctor_id
        where ${within("a.created_at")} or (a.status = 'cancelled' and ${within("a.cancelled_at")})
    )
    select date(day * 86400, 'unixepoch') as day, metric, spec, count(*) as n, sum(missed) as missed from (
      select ${day("x.created_at")} as day, ${requestMetric("x")} as metric, x.spec as spec, 0 as missed
        from x where ${within("x.created_at")}
      union all
      select ${day("x.cancelled_at")}, ${cancelMetric("x")}, null, 0
        from x where x.status = 'cancelled' and ${within("x.cancelled_at")}
      union all
      select ${day("a.confirmed_at")}, 'scheduled', d.specialization, 0
        from appointments a join doctors d on d.id = a.doctor_id where ${within("a.confirmed_at")} and not a.booked_instantly
      union all
      select ${day("a.scheduled_at")}, 'meetings', null, coalesce(a.attended = 0, 0) from appointments a where a.status = 'confirmed' and ${within("a.scheduled_at")}
      union all
      select ${day("w.offered_at")}, 'offersMade', null, 0 from waitlist w where w.offer_start is not null and ${within("w.offered_at")}
      union all
      select ${day("w.ended_at")}, 'offersAccepted', null, 0 from waitlist w where w.ended_why = 'accepted' and ${within("w.ended_at")}
      union all
      select case when m.state = 'sent' then ${day("m.sent_at")} else ${day("m.given_up_at")} end, case when m.state = 'sent' then 'mailsSent' else 'mailsFailed' end, null, 0
        from mail_outbox m not indexed where (m.state = 'sent' and ${within("m.sent_at")}) or (m.state = 'given_up' and ${within("m.given_up_at")})
      union all
      select ${day("p.created_at")}, 'newPatients', null, 0 from patients p where ${within("p.created_at")}
      union all
      select ${day("d.created_at")}, 'newDoctors', null, 0 from doctors d where ${within("d.created_at")}
    ) group by day, metric, spec`);
  // A specialization's rows count for everyone too, summed by combine(); a day's missed meetings are its no-shows.
  return combine(
    rows.flatMap((row) => {
      const everyone = { day: row.day, doctorId: "", metric: row.metric, n: Number(row.n) };
      const missed = row.metric === "meetings" && Number(row.missed) > 0 ? [{ ...everyone, metric: "noShows" as const, n: Number(row.missed) }] : [];
      return row.spec === null ? [everyone, ...missed] : [everyone, { ...everyone, doctorId: SPEC_PREFIX + row.spec }];
    }),
  );
}

/**
 * `bun run stats:rebuild` and the boot after DEFAULT_TIME_ZONE changed: every per-day total the
 * rows stand for, days in `zone`, written in place of the kept ones by two statements inside the
 * database (the rows never come into the process: read into it, they grew past 15 GB at 100x).
 * The events are src/domain/stats.ts's contributions, as countsInZone's, by doctor too; the
 * zone's offsets are those of the rows' whole span. In `tx`, so a reader sees the old totals or
 * the new; `spill` (an embedded file) sends its sorting to temporary files. The number of totals.
 */
export async function rebuildTotalsInZone(tx: Tx, zone: string, spill = false): Promise<number> {
  const least = (...columns: string[]) => sql.raw(`min(${columns.map((c) => `min(coalesce(${c}, 1e15))`).join(", ")})`);
  const most = (...columns: string[]) => sql.raw(`max(${columns.map((c) => `max(coalesce(${c}, 0))`).join(", ")})`);
  const span = await tx.get<{ first: number; last: number }>(sql`select min(first) as first, max(last) as last from (
      select ${least("created_at", "confirmed_at", "scheduled_at", "cancelled_at")} as first, ${most("created_at", "confirmed_at", "scheduled_at", "cancelled_at")} as last from appointments
      union all select ${least("offered_at", "ended_at")}, ${most("offered_at", "ended_at")} from waitlist
      union all select ${least("sent_at", "given_up_at")}, ${most("sent_at", "given_up_at")} from mail_outbox
      union all select min(created_at), max(created_at) from patients
      union all select min(created_at), max(created_at) from doctors)`);
  await tx.run(sql`delete from daily_totals`);
  // On an embedded file the groups of millions of rows go to temporary files, not memory (the
  // build's default): 2.2 GB of memory at 100x otherwise. The transaction's connection is its own
  // (libSQL's client opens another after it). A server (sqld) refuses the pragma and keeps its own.
  if (spill) await tx.run(sql`pragma temp_store = file`);
  // No time at all (every table empty, or its times all unset) leaves the sentinels: a span of nothing.
  const first = Number(span?.first ?? 0);
  const last = Number(span?.last ?? 0);
  const segments = first > last ? offsetSegments(zone, 0, 1) : offsetSegments(zone, first, last + 1);
  const day = (column: string) => dayIn(sql.raw(column), segments);
  const date = (days: string) => sql.raw(`date(${days} * 86400, 'unixepoch')`);
  const written = await tx.run(sql`
    with e(doctor_id, day, metric) as (
      select a.doctor_id, ${day("a.created_at")}, ${requestMetric("a")} from appointments a
      union all
      select doctor_id, ${day("confirmed_at")}, 'scheduled' from appointments where confirmed_at is not null and not booked_instantly
      union all
      select doctor_id, ${day("scheduled_at")}, 'meetings' from appointments where status = 'confirmed' and scheduled_at is not null
      union all
      select doctor_id, ${day("scheduled_at")}, 'noShows' from appointments where status = 'confirmed' and scheduled_at is not null and attended = 0
      union all
      select a.doctor_id, ${day("a.cancelled_at")}, ${cancelMetric("a")} from appointments a where a.status = 'cancelled' and a.cancelled_at is not null
      union all
      select doctor_id, ${day("offered_at")}, 'offersMade' from waitlist where offered_at is not null and offer_start is not null
      union all
      select doctor_id, ${day("ended_at")}, 'offersAccepted' from waitlist where ended_why = 'accepted' and ended_at is not null
    ),
    c as materialized (select doctor_id, day, metric, count(*) as n from e group by doctor_id, day, metric)
    insert into daily_totals (doctor_id, day, metric, n)
    select doctor_id, ${date("day")}, metric, n from c
    union all
    select '', ${date("day")}, metric, sum(n) from c group by day, metric
    union all
    select ${SPEC_PREFIX} || d.specialization, ${date("c.day")}, c.metric, sum(c.n)
      from c join doctors d on d.id = c.doctor_id where c.metric in (${sql.join(SPEC_METRICS.map((m) => sql`${m}`), sql`, `)}) group by d.specialization, c.day, c.metric
    union all
    select '', ${date("day")}, metric, count(*) from (
      select ${day("sent_at")} as day, 'mailsSent' as metric from mail_outbox where state = 'sent' and sent_at is not null
      union all
      select ${day("given_up_at")}, 'mailsFailed' from mail_outbox where state = 'given_up' and given_up_at is not null
      union all
      select ${day("created_at")}, 'newPatients' from patients
      union all
      select ${day("created_at")}, 'newDoctors' from doctors
    ) group by day, metric`);
  return written.rowsAffected;
}
