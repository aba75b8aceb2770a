/** Issue 58's numbers: the period asked for (src/routes/api/stats.ts, the admin's overview page). */
import { z } from "zod";

const day = (field: string) => z.string().max(10, `${field} must be a date YYYY-MM-DD`).optional().meta({ description: `${field === "from" ? "The first" : "The last"} day (YYYY-MM-DD in the reader's zone), inclusive`, example: field === "from" ? "2026-11-05" : "2026-12-04" });

/** GET …/stats: the days (at most 366; default the 30 ending today), and the CSV download of one table. */
export const statsQuery = z.object({
  from: day("from"),
  to: day("to"),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).optional().meta({ description: "csv: one table as CSV (UTF-8 with a BOM); json by default" }),
  table: z.enum(["byDay", "bySpecialization"], { error: "table must be byDay or bySpecialization" }).optional().meta({ description: "The table a CSV holds; byDay by default" }),
});
export type StatsQuery = z.infer<typeof statsQuery>;

/** GET …/doctor-dashboard/stats: the doctor's period (the same rules). */
export const doctorStatsQuery = statsQuery.pick({ from: true, to: true });
