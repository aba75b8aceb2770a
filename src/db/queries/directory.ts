/**
 * The doctor directory: counts per specialization for the dashboard grid, and what is read
 * through it kept per directory version.
 */
import { count, eq } from "drizzle-orm";
import { keptAtVersion, type Versioned } from "../../domain/bounded";
import type { Database, Reader } from "../client";
import { doctors } from "../schema";
import { keptList } from "./kept-list";
import { directoryVersionOf } from "./sessions";

const MAX_KEPT = 256;
const keptBy = new WeakMap<Database, Map<string, Versioned<unknown>>>();

/**
 * What `read()` makes of the doctors (the directory and its counts, a specialization's doctors,
 * a page of the admin's table, an answer built from them), kept per `key` and directory version:
 * triggers move the version in the same transaction as any change of a doctor's name,
 * specialization, college, status or picture, or a new doctor (drizzle/0003); a status change
 * writes its audit event in that transaction too. The version is read first, so what is kept is
 * never older than it: `version`, when the caller has it from this request's session read
 * (SessionUser.directoryVersion), else read here.
 */
export async function keptForDirectory<T>(database: Database, key: string, read: () => Promise<T>, version?: number): Promise<T> {
  version ??= await directoryVersionOf(database);
  let kept = keptBy.get(database);
  if (kept === undefined) keptBy.set(database, (kept = new Map()));
  return keptAtVersion(kept, MAX_KEPT, key, version, read) as Promise<T>;
}

/** How many approved doctors each specialization has (specializations with none are absent). */
export async function countApprovedBySpecialization(r: Reader): Promise<Map<string, number>> {
  const rows = await counts(r);
  return new Map(rows.map((row) => [row.specialization, row.n]));
}
const countColumns = { specialization: doctors.specialization, n: count() };
const counts = keptList(countColumns, (r) => r.select(countColumns).from(doctors).where(eq(doctors.status, "approved")).groupBy(doctors.specialization));
