/** The patients' doctor directory: counts per specialization for the dashboard grid. */
import { count, eq } from "drizzle-orm";
import type { Reader } from "../client";
import { doctors } from "../schema";

/** How many approved doctors each specialization has (specializations with none are absent). */
export async function countApprovedBySpecialization(r: Reader): Promise<Map<string, number>> {
  const rows = await r
    .select({ specialization: doctors.specialization, n: count() })
    .from(doctors)
    .where(eq(doctors.status, "approved"))
    .groupBy(doctors.specialization)
    .all();
  return new Map(rows.map((row) => [row.specialization, row.n]));
}
