import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Issue 58's per-day totals: how many of each event (`metric`, src/domain/stats.ts) happened on a
 * day (YYYY-MM-DD in `stats_state.zone`, the deployment's DEFAULT_TIME_ZONE), for one doctor
 * (`doctor_id`) and for everyone (`doctor_id` ''). Kept in the same transaction as each change
 * (src/actions/stats.ts), rebuilt from the rows by `bun run stats:rebuild`.
 */
export const dailyTotals = sqliteTable(
  "daily_totals",
  {
    doctorId: text("doctor_id").notNull(),
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    // everyone's (doctor_id '') or one doctor's totals of a range of days
    primaryKey({ columns: [t.doctorId, t.day, t.metric] }),
    // the by-specialization sums: one metric over a range of days, every doctor
    index("daily_totals_metric_day").on(t.metric, t.day, t.doctorId),
  ],
);

/** The zone the totals' days are in (one row): when DEFAULT_TIME_ZONE changes, the boot rebuilds them. */
export const statsState = sqliteTable("stats_state", {
  id: integer("id").primaryKey(),
  zone: text("zone").notNull(),
  rebuiltAt: integer("rebuilt_at", { mode: "timestamp_ms" }).notNull(),
});
