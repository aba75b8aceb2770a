/** The patients' doctor directory: counts per specialization for the dashboard grid. */
import { count, eq } from "drizzle-orm";
import type { Reader } from "../client";
import { doctors } from "../schema";
import { keptList } from "./kept-list";

/** How many approved doctors each specialization has (specializations with none are absent). */
export async function countApprovedBySpecialization(r: Reader): Promise<Map<string, number>> {
  const rows = await counts(r);
  return new Map(rows.map((row) => [row.specialization, row.n]));
}
const countColumns = { specialization: doctors.specialization, n: count() };
const counts = keptList(countColumns, (r) => r.select(countColumns).from(doctors).where(eq(doctors.status, "approved")).groupBy(doctors.specialization));
