/**
 * The reads every signed-in request makes, through statements prepared once (Database.readRow):
 * the account a token names, and the directory's version.
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import type { Role } from "../../domain/fields";
import { admins, doctors, patients } from "../schema";
import type { AccountRow } from "./accounts";

/** A reader of one `table` row by id, mapped by drizzle's own column definitions. */
function rowById<T extends SQLiteTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const sql = `select ${columns.map(([, c]) => `"${c.name}"`).join(", ")} from "${getTableName(table)}" where "id" = ?`;
  return async (database: Database, id: string): Promise<T["$inferSelect"] | undefined> => {
    const row = await database.readRow(sql, [id]);
    if (row === undefined) return undefined;
    const mapped = columns.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    });
    return Object.fromEntries(mapped) as T["$inferSelect"];
  };
}

const byRole = { patient: rowById(patients), doctor: rowById(doctors), admin: rowById(admins) };

/** The account a session names, read fresh on every request (logout and blocking take effect at once). */
export function sessionAccount(database: Database, role: Role, id: string): Promise<AccountRow | undefined> {
  return byRole[role](database, id);
}

/** The patients' directory version (see schema/directory.ts). */
export async function directoryVersionOf(database: Database): Promise<number> {
  const row = await database.readRow('select "version" from "directory_version" where "id" = 1', []);
  return Number(row?.version ?? 0);
}
