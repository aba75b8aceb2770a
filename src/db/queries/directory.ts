/** The patients' doctor directory: counts per specialization for the dashboard grid. */
import { count, eq } from "drizzle-orm";
import type { Reader } from "../client";
import { directoryVersion, doctors } from "../schema";

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

/** The directory's version: it moves with every change to a doctor patients can see. */
export async function currentDirectoryVersion(r: Reader): Promise<number> {
  const row = await r.select({ version: directoryVersion.version }).from(directoryVersion).where(eq(directoryVersion.id, 1)).get();
  return row?.version ?? 0;
}
