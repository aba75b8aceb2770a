/**
 * The reads of the readiness probe and the metrics: which migrations the database has applied,
 * and how large it is. Both through statements prepared once (Database.readRow), since a probe
 * may ask every second.
 */
import type { Database } from "../client";

/**
 * The newest migration the database has applied, as drizzle's migrator records it (its folder's
 * time in ms), and how many it has applied; undefined for a database never migrated.
 */
export async function appliedMigrations(database: Database): Promise<{ count: number; newest: number } | undefined> {
  const row = await database.readRow('select count(*) as "count", max("created_at") as "newest" from "__drizzle_migrations"', []);
  if (row === undefined || row.newest === null || row.newest === undefined) return undefined;
  return { count: Number(row.count), newest: Number(row.newest) };
}

/** The database's size in bytes: its pages times the page size. */
export async function databaseBytes(database: Database): Promise<number> {
  const row = await database.readRow('select "page_count" * "page_size" as "bytes" from pragma_page_count(), pragma_page_size()', []);
  return Number(row?.bytes ?? 0);
}
