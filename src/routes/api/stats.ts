/**
 * Issue 58's calls: the admin's numbers (GET /admin-dashboard/stats, JSON or one table as CSV)
 * and a doctor's own (GET /doctor-dashboard/stats). Added to the admin's and the doctor's API
 * (./admin.ts, ./doctor.ts), behind their role checks. Days are in the reader's zone.
 */
import { zValidator } from "@hono/zod-validator";
import type { Context, Hono } from "hono";
import { adminStats, doctorStats, type AdminStats } from "../../actions/stats-report";
import type { Deps } from "../../config/deps";
import { doctorStatsQuery, statsQuery } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";
import { byDayCsv, bySpecializationCsv, periodOf } from "../../domain/stats";
import { invalid } from "../../domain/refusal";
import { dateInZone } from "../../domain/time";

/** The period a query asks for in `zone` (today there by default), or a 400 saying why not. */
export function periodIn(deps: Deps, zone: string, query: { from?: string; to?: string }): { from: string; to: string } {
  const period = periodOf(query, dateInZone(deps.now(), zone));
  if ("refused" in period) throw invalid(period.refused);
  return period;
}

/** One table of the admin's numbers as a CSV download (UTF-8 with a BOM). */
export function statsCsv(c: Context, stats: AdminStats, table: "byDay" | "bySpecialization", label?: (s: string) => string): Response {
  const body = table === "bySpecialization" ? bySpecializationCsv(stats.bySpecialization, label) : byDayCsv(stats.byDay);
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="carebook-${table}-${stats.from}-${stats.to}.csv"`,
    "Cache-Control": "no-store",
  });
}

/** GET /admin-dashboard/stats (admin). */
export function adminStatsRoutes(api: Hono, deps: Deps): void {
  api.get("/admin-dashboard/stats", zValidator("query", statsQuery, onInvalid), async (c) => {
    const admin = signedIn(c, "admin");
    const query = c.req.valid("query");
    const zone = admin.timeZone ?? deps.config.defaultTimeZone;
    const stats = await adminStats(deps, zone, periodIn(deps, zone, query));
    if (query.format === "csv") return statsCsv(c, stats, query.table ?? "byDay");
    return c.json(stats);
  });
}

/** GET /doctor-dashboard/stats (approved doctor): their own numbers only. */
export function doctorStatsRoutes(api: Hono, deps: Deps): void {
  api.get("/doctor-dashboard/stats", zValidator("query", doctorStatsQuery, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const zone = doctor.timeZone ?? deps.config.defaultTimeZone;
    return c.json(await doctorStats(deps, doctor.id, zone, periodIn(deps, zone, c.req.valid("query"))));
  });
}
