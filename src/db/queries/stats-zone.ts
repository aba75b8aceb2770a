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
 * The day (YYYY-MM-DD) clocks in `zone` show at the instant in `column` (ms), for instants from
 * `start` until `end`: the offset in force, one CASE branch for each change of the period.
 */
function dayIn(column: SQL, zone: string, start: number, end: number): SQL {
  const segments = offsetSegments(zone, start, end);
  const offset =
    segments.length === 1
      ? int(segments[0]!.offset)
      : sql`case ${sql.join(
          segments.slice(1).map((s, i) => sql`when ${column} < ${int(s.from)} then ${int(segments[i]!.offset)}`),
          sql` `,
        )} else ${int(segments[segments.length - 1]!.offset)} end`;
  return sql`date((${column} + ${offset}) / 1000, 'unixepoch')`;
}

/**
 * Every count of the events from `start` until `end` (the period's first instant and the instant
 * after its last day, in `zone`), by day in `zone`: everyone's (doctor '') and, for requests,
 * instant bookings and confirmations, the doctor's specialization's (today's, as the rebuild).
 * One statement, its rows a few per day; its parts scan the appointments for their request,
 * meeting and cancel times (no index leads with those: this read is rare, and an index would
 * cost every booking), the confirmations by their index.
 */
export async function countsInZone(r: Reader, zone: string, start: Date, end: Date): Promise<Contribution[]> {
  const [from, to] = [start.getTime(), end.getTime()];
  const day = (column: string) => dayIn(sql.raw(column), zone, from, to);
  const within = (column: string) => sql`${sql.raw(column)} >= ${int(from)} and ${sql.raw(column)} < ${int(to)}`;
  const rows = await r.all<{ day: string; metric: Metric; spec: string | null; n: number }>(sql`
    select day, metric, spec, count(*) as n from (
      select ${day("a.created_at")} as day, case when a.booked_instantly then 'instant' else 'requested' end as metric, d.specialization as spec
        from appointments a join doctors d on d.id = a.doctor_id where ${within("a.created_at")}
      union all
      select ${day("a.confirmed_at")}, 'scheduled', d.specialization
        from appointments a join doctors d on d.id = a.doctor_id where ${within("a.confirmed_at")} and not a.booked_instantly
      union all
      select ${day("a.scheduled_at")}, 'meetings', null from appointments a where a.status = 'confirmed' and ${within("a.scheduled_at")}
      union all
      select ${day("a.scheduled_at")}, 'noShows', null from appointments a where a.status = 'confirmed' and a.attended = 0 and ${within("a.scheduled_at")}
      union all
      select ${day("a.cancelled_at")},
          case coalesce(a.cancelled_by, 'patient') when 'doctor' then 'cancelledByDoctor' when 'admin' then 'cancelledByAdmin' else 'cancelledByPatient' end, null
        from appointments a where a.status = 'cancelled' and ${within("a.cancelled_at")}
      union all
      select ${day("w.offered_at")}, 'offersMade', null from waitlist w where w.offer_start is not null and ${within("w.offered_at")}
      union all
      select ${day("w.ended_at")}, 'offersAccepted', null from waitlist w where w.ended_why = 'accepted' and ${within("w.ended_at")}
      union all
      select ${day("m.sent_at")}, 'mailsSent', null from mail_outbox m where m.state = 'sent' and ${within("m.sent_at")}
      union all
      select ${day("m.given_up_at")}, 'mailsFailed', null from mail_outbox m where m.state = 'given_up' and ${within("m.given_up_at")}
      union all
      select ${day("p.created_at")}, 'newPatients', null from patients p where ${within("p.created_at")}
      union all
      select ${day("d.created_at")}, 'newDoctors', null from doctors d where ${within("d.created_at")}
    ) group by day, metric, spec`);
  // A specialization's rows count for everyone too: summed by combine().
  return combine(
    rows.flatMap((row) => {
      const everyone = { day: row.day, doctorId: "", metric: row.metric, n: Number(row.n) };
      return row.spec === null ? [everyone] : [everyone, { ...everyone, doctorId: SPEC_PREFIX + row.spec }];
    }),
  );
}
