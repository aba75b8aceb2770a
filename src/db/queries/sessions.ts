/**
 * The read every signed-in request makes, through a statement prepared once (Database.readRow):
 * the account a token names, with the directory's version in the same statement.
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import type { Role } from "../../domain/fields";
import { admins, doctors, patients } from "../schema";
import type { AccountRow } from "./accounts";

const DIRECTORY_VERSION = '(select "version" from "directory_version" where "id" = 1) as "directory_version"';

/**
 * A reader of one `table` row by id, mapped by drizzle's own column definitions, and the
 * directory version read by the same statement (one read per request instead of two for the
 * pages and answers kept per directory version; src/db/queries/directory.ts).
 */
function rowById<T extends SQLiteTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const sql = `select ${columns.map(([, c]) => `"${c.name}"`).join(", ")}, ${DIRECTORY_VERSION} from "${getTableName(table)}" where "id" = ?`;
  return async (database: Database, id: string): Promise<{ account: T["$inferSelect"]; directoryVersion: number } | undefined> => {
    const row = await database.readRow(sql, [id]);
    if (row === undefined) return undefined;
    const account: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      account[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return { account: account as T["$inferSelect"], directoryVersion: Number(row.directory_version ?? 0) };
  };
}

const byRole = { patient: rowById(patients), doctor: rowById(doctors), admin: rowById(admins) };

/**
 * The account a session names, read fresh on every request (logout and blocking take effect at
 * once), with the directory version as that same read saw it.
 */
export function sessionAccount(database: Database, role: Role, id: string): Promise<{ account: AccountRow; directoryVersion: number } | undefined> {
  return byRole[role](database, id);
}

/** The patients' directory version (see schema/directory.ts). */
export async function directoryVersionOf(database: Database): Promise<number> {
  const row = await database.readRow('select "version" from "directory_version" where "id" = 1', []);
  return Number(row?.version ?? 0);
}
