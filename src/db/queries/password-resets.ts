/** Password reset links (issue 28): stored by the hash of their secret only. */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Role } from "../../domain/fields";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { passwordResets } from "../schema";

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** How many live links an account may have at once (issue 44): a request past them sends nothing. */
export const MAX_LIVE_RESETS = 3;

/**
 * Stores a new link for the account unless it has MAX_LIVE_RESETS live ones already; whether it
 * did. Earlier links stay valid. One statement: the count and the insert cannot be split by a
 * parallel request. With `account` undefined (no such account) the same statement runs and
 * inserts nothing, so a request for an unknown email does the same work (issue 44, finding 1).
 */
export async function addPasswordReset(tx: Tx, row: Omit<PasswordResetRow, "accountId">, account: string | undefined): Promise<boolean> {
  const t = passwordResets;
  const result = await tx.run(sql`
    insert into ${t} (${sql.identifier(t.tokenHash.name)}, ${sql.identifier(t.role.name)}, ${sql.identifier(t.accountId.name)}, ${sql.identifier(t.createdAt.name)}, ${sql.identifier(t.expiresAt.name)})
    select ${row.tokenHash}, ${row.role}, ${account ?? ""}, ${row.createdAt.getTime()}, ${row.expiresAt.getTime()}
    where ${account === undefined ? 0 : 1}
      and (select count(*) from ${t} where ${t.role} = ${row.role} and ${t.accountId} = ${account ?? ""} and ${t.expiresAt} > ${row.createdAt.getTime()}) < ${MAX_LIVE_RESETS}`);
  return result.rowsAffected > 0;
}

/** Takes the link with this hash away (one use) and answers it, or undefined if none. */
export async function takePasswordReset(tx: Tx, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return tx.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).returning().get();
}

/** Voids every link of the account (one was used, or the password changed); sent with the COMMIT. */
export function voidPasswordResets(tx: Tx, role: Role, accountId: string): void {
  atCommit(tx, tx.delete(passwordResets).where(and(eq(passwordResets.role, role), eq(passwordResets.accountId, accountId))));
}

/** The link with this hash, if any (its page asks before showing the form). */
export function findPasswordReset(r: Reader, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return r.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get();
}

/** Drops the links past their time. */
export async function pruneExpiredResets(tx: Tx, now: Date): Promise<void> {
  await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
}
