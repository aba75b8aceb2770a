/**
 * The SQL of backups and restores: a consistent snapshot (VACUUM INTO, one read transaction,
 * so writers keep going in WAL mode), the integrity check, which migrations a file holds, and
 * which pictures it names. They take a plain libSQL client: a backup opens its own connection.
 */
import type { Client } from "@libsql/client";
import type { ImageFolder } from "../../storage/names";

/** Writes a consistent, compacted copy of the whole database to `path` (which must not exist). */
export async function snapshotInto(client: Client, path: string): Promise<void> {
  await client.execute({ sql: "VACUUM INTO ?", args: [path] });
}

/** The page cache integrityCheck gives itself at most (the file's size up to this). */
const CHECK_CACHE_MAX_BYTES = 256 * 2 ** 20;

/**
 * `PRAGMA integrity_check`: ["ok"] for a sound file, else SQLite's list of problems. Given the
 * file's size, the connection's page cache is grown to hold it first: the check walks every
 * index against its table, and with the default 2 MiB cache it took twice as long on the
 * 52 MiB bench database (4.1 s against 2.4 s).
 */
export async function integrityCheck(client: Client, fileBytes = 0): Promise<string[]> {
  const cacheKiB = Math.ceil(Math.min(fileBytes, CHECK_CACHE_MAX_BYTES) / 1024);
  if (cacheKiB > 2048) await client.execute(`PRAGMA cache_size = -${cacheKiB}`);
  const result = await client.execute("PRAGMA integrity_check");
  return result.rows.map((row) => String(row[0]));
}

/** The `created_at` (the journal's `when`) of every drizzle migration applied, oldest first; [] when none. */
export async function appliedMigrations(client: Client): Promise<number[]> {
  const table = await client.execute("select name from sqlite_master where type = 'table' and name = '__drizzle_migrations'");
  if (table.rows.length === 0) return [];
  const result = await client.execute("select created_at from __drizzle_migrations order by created_at");
  return result.rows.map((row) => Number(row[0]));
}

/** Whether the file holds Carebook's tables (a snapshot of something else is refused). */
export async function hasCarebookTables(client: Client): Promise<boolean> {
  const result = await client.execute(
    "select count(*) from sqlite_master where type = 'table' and name in ('patients', 'doctors', 'appointments')",
  );
  return Number(result.rows[0]![0]) === 3;
}

/** Every profile picture the database names, with the folder it lives in. */
export async function picturesNamed(client: Client): Promise<{ folder: ImageFolder; name: string }[]> {
  const result = await client.execute(
    "select 'patients', profile_image from patients where profile_image is not null union all select 'doctors', profile_image from doctors where profile_image is not null",
  );
  return result.rows.map((row) => ({ folder: String(row[0]) as ImageFolder, name: String(row[1]) }));
}

/** Merges the write-ahead log into the file and empties it, so the file alone is the database. */
export async function checkpoint(client: Client): Promise<void> {
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
}

/** Merges the WAL and switches the file to a rollback journal, so the file alone is the database (for a file about to be moved). */
export async function toSingleFile(client: Client): Promise<void> {
  await checkpoint(client);
  await client.execute("PRAGMA journal_mode = DELETE");
}

/** One object of a database's schema: a table, index, trigger or view, and the SQL that makes it. */
export type SchemaObject = { type: string; name: string; table: string; sql: string };

/** Every table, index, trigger and view (SQLite's own internal ones aside), by type and name. */
export async function schemaObjects(client: Client): Promise<SchemaObject[]> {
  const result = await client.execute(
    "select type, name, tbl_name, coalesce(sql, '') from sqlite_master where type in ('table', 'index', 'trigger', 'view') and name not like 'sqlite\\_%' escape '\\' order by type, name",
  );
  return result.rows.map((row) => ({ type: String(row[0]), name: String(row[1]), table: String(row[2]), sql: String(row[3]) }));
}
