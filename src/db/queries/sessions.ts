/**
 * The read every signed-in request makes, through a statement prepared once (Database.readRow):
 * the account a token names, with the directory's version and the token's session row (when it
 * was last seen; null once ended) in the same statement. And the session rows themselves.
 */
import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database, Reader, Tx } from "../client";
import type { Role } from "../../domain/fields";
import { admins, doctors, patients, sessions } from "../schema";
import type { AccountRow } from "./accounts";
import { atCommit } from "../at-commit";

const DIRECTORY_VERSION = '(select "version" from "directory_version" where "id" = 1) as "directory_version"';

/**
 * A reader of one `table` row by id, mapped by drizzle's own column definitions, and the
 * directory version read by the same statement (one read per request instead of two for the
 * pages and answers kept per directory version; src/db/queries/directory.ts).
 */
function rowById<T extends SQLiteTable>(table: T, role: Role, read: Record<string, string> = {}) {
  const columns = Object.entries(getTableColumns(table));
  const name = getTableName(table);
  const session = `(select "last_seen_at" from "sessions" where "id" = ? and "role" = '${role}' and "account_id" = "${name}"."id") as "session_seen"`;
  const statement = `select ${columns.map(([, c]) => read[c.name] ?? `"${c.name}"`).join(", ")}, ${DIRECTORY_VERSION}, ${session} from "${name}" where "id" = ?`;
  return async (database: Database, id: string, sessionId: string): Promise<SessionRead<T["$inferSelect"]> | undefined> => {
    const row = await database.readRow(statement, [sessionId, id]);
    if (row === undefined) return undefined;
    const account: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      account[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    const seen = row.session_seen;
    return {
      account: account as T["$inferSelect"],
      directoryVersion: Number(row.directory_version ?? 0),
      lastSeenAt: seen === null || seen === undefined ? undefined : new Date(Number(seen)),
    };
  };
}

/** The account, the directory version, and when the session was last seen (undefined: no such session any more). */
export type SessionRead<A = AccountRow> = { account: A; directoryVersion: number; lastSeenAt: Date | undefined };

/**
 * A doctor who never chose a zone reads the zone of their hours (issue 52): the account's zone as
 * every page of theirs reads it (src/domain/time.ts, readerZone). Mails read it the same way
 * (src/db/queries/mail.ts).
 */
export const DOCTOR_ZONE_SQL = `coalesce("doctors"."time_zone", (select "time_zone" from "doctor_availability" where "doctor_id" = "doctors"."id"))`;

const byRole = {
  patient: rowById(patients, "patient"),
  doctor: rowById(doctors, "doctor", { time_zone: `${DOCTOR_ZONE_SQL} as "time_zone"` }),
  admin: rowById(admins, "admin"),
};

/**
 * The account a session names, read fresh on every request (logout, blocking and an ended
 * session take effect at once), with the directory version and the session row as that same
 * read saw them.
 */
export function sessionAccount(database: Database, role: Role, id: string, sessionId: string): Promise<SessionRead | undefined> {
  return byRole[role](database, id, sessionId);
}

export type SessionRow = typeof sessions.$inferSelect;

/** Writes a new session row, sent with the COMMIT (src/db/at-commit.ts). */
export function insertSession(tx: Tx, row: SessionRow): void {
  atCommit(tx, tx.insert(sessions).values(row));
}

/** Moves a session's last-seen time on (at most every few minutes: see src/middleware/session.ts); sent with the COMMIT. */
export function touchSession(tx: Tx, id: string, at: Date): void {
  atCommit(tx, tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)));
}

const ofAccount = (role: Role, accountId: string) => and(eq(sessions.role, role), eq(sessions.accountId, accountId));

/** The account's sessions begun since `since` (older ones have expired with their token), newest first. */
export function accountSessions(r: Reader, role: Role, accountId: string, since: Date): Promise<SessionRow[]> {
  return r
    .select()
    .from(sessions)
    .where(and(ofAccount(role, accountId), gte(sessions.createdAt, since)))
    .orderBy(desc(sessions.createdAt))
    .all();
}

/** Ends one session of the account; whether there was one. */
export async function deleteSession(tx: Tx, role: Role, accountId: string, id: string): Promise<boolean> {
  const gone = await tx.delete(sessions).where(and(ofAccount(role, accountId), eq(sessions.id, id))).returning({ id: sessions.id });
  return gone.length > 0;
}

/** Ends every session of the account but `keep` (every one when undefined); sent with the COMMIT. */
export function deleteSessions(tx: Tx, role: Role, accountId: string, keep?: string): void {
  atCommit(tx, tx.delete(sessions).where(keep === undefined ? ofAccount(role, accountId) : and(ofAccount(role, accountId), ne(sessions.id, keep))));
}

/** Drops every session begun before `before` (their tokens have expired). */
export async function pruneSessions(tx: Tx, before: Date): Promise<void> {
  await tx.delete(sessions).where(sql`${sessions.createdAt} < ${before.getTime()}`);
}

/** The patients' directory version (see schema/directory.ts). */
export async function directoryVersionOf(database: Database): Promise<number> {
  const row = await database.readRow('select "version" from "directory_version" where "id" = 1', []);
  return Number(row?.version ?? 0);
}
