/**
 * Issue 58's per-day totals of the built rows, in SQL: what `bun run stats:rebuild` makes from the
 * same rows (src/domain/stats.ts's contributions), computed inside the database, because the
 * rebuild reads every row into the process and takes about ten minutes at 2,000,000 appointments
 * on this machine. Only for a zone of one fixed offset (the build's Asia/Kolkata, +05:30 since
 * 1945); src/build/bench-scale.test.ts holds it equal to the app's own rebuild.
 */
import type { Database } from "bun:sqlite";

/** The build's zone and its offset, in ms. */
export const SCALE_ZONE = "Asia/Kolkata";
const OFFSET = 5.5 * 3_600_000;

export function writeTotals(db: Database, now: number): number {
  const day = (at: string) => `date((${at} + ${OFFSET}) / 1000, 'unixepoch')`;
  db.exec("drop table if exists temp.scale_counts");
  db.exec(`create temp table scale_counts as
    with c(doctor_id, at, metric) as (
      select doctor_id, created_at, case when booked_instantly then 'instant' else 'requested' end from appointments
      union all select doctor_id, confirmed_at, 'scheduled' from appointments where confirmed_at is not null and not booked_instantly
      union all select doctor_id, scheduled_at, 'meetings' from appointments where status = 'confirmed' and scheduled_at is not null
      union all select doctor_id, scheduled_at, 'noShows' from appointments where status = 'confirmed' and scheduled_at is not null and attended = 0
      union all select doctor_id, cancelled_at, case coalesce(cancelled_by, 'patient') when 'patient' then 'cancelledByPatient' when 'doctor' then 'cancelledByDoctor' else 'cancelledByAdmin' end
        from appointments where status = 'cancelled' and cancelled_at is not null
      union all select doctor_id, offered_at, 'offersMade' from waitlist where offered_at is not null and offer_start is not null
      union all select doctor_id, ended_at, 'offersAccepted' from waitlist where ended_why = 'accepted' and ended_at is not null
    )
    select doctor_id, ${day("at")} as day, metric, count(*) as n from c group by 1, 2, 3`);
  // Written in the primary key's order, the other index made after: millions of rows at 100x,
  // which kept in random order through both indexes took ten minutes on this machine.
  const indexes = db.query("select name, sql from sqlite_master where type = 'index' and tbl_name = 'daily_totals' and sql is not null").all() as { name: string; sql: string }[];
  db.transaction(() => {
    db.exec("delete from daily_totals");
    for (const i of indexes) db.exec(`drop index "${i.name}"`);
    db.exec(`insert into daily_totals (doctor_id, day, metric, n)
      select * from (select doctor_id, day, metric, n from scale_counts
      union all select '', day, metric, sum(n) from scale_counts group by day, metric
      union all select 'spec:' || d.specialization, c.day, c.metric, sum(c.n) from scale_counts c join doctors d on d.id = c.doctor_id
        where c.metric in ('requested', 'instant', 'scheduled') group by d.specialization, c.day, c.metric
      union all select '', ${day("sent_at")}, 'mailsSent', count(*) from mail_outbox where state = 'sent' and sent_at is not null group by 2
      union all select '', ${day("given_up_at")}, 'mailsFailed', count(*) from mail_outbox where state = 'given_up' and given_up_at is not null group by 2
      union all select '', ${day("created_at")}, 'newPatients', count(*) from patients group by 2
      union all select '', ${day("created_at")}, 'newDoctors', count(*) from doctors group by 2) order by 1, 2, 3`);
    for (const i of indexes) db.exec(i.sql);
    db.query("insert into stats_state (id, zone, rebuilt_at) values (1, ?, ?) on conflict (id) do update set zone = excluded.zone, rebuilt_at = excluded.rebuilt_at").run(SCALE_ZONE, now);
  })();
  db.exec("drop table temp.scale_counts");
  return (db.query("select count(*) as n from daily_totals").get() as { n: number }).n;
}
