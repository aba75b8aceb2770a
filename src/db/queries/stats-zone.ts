/**
 * Issue 57: the admin's counts for a reader whose zone is not the kept totals' one, counted by
 * SQL in one statement: each event of the period's instants, on its day in the reader's zone,
 * summed by day and metric (everyone's, and by specialization for the ones kept that way). The
 * same events as src/domain/stats.ts's contributions (src/actions/stats.ts `totalsFromRows`, the
 * rebuild), which read every row into memory: past 15 GB at a hundred times today's data.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Reader } from "../client";
import { offsetSegments } from "../../domain/time";
import { combine, SPEC_PREFIX, type Contribution, type Metric } from "../../domain/stats";

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
  // The day's number since 1970 (integers all through: cheaper per row than a date), named once per group.
  return sql`(${column} + ${offset}) / 86400000`;
}

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
      select ${day("x.created_at")} as day, case when x.booked_instantly then 'instant' else 'requested' end as metric, x.spec as spec, 0 as missed
        from x where ${within("x.created_at")}
      union all
      select ${day("x.cancelled_at")},
          case coalesce(x.cancelled_by, 'patient') when 'doctor' then 'cancelledByDoctor' when 'admin' then 'cancelledByAdmin' else 'cancelledByPatient' end, null, 0
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
