/** Password reset links (issue 28): stored by the hash of their secret only. */
import { and, eq, lt } from "drizzle-orm";
import type { Role } from "../../domain/fields";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { passwordResets } from "../schema";

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Stores a new link for the account, replacing (voiding) any earlier one; both sent with the COMMIT, in this order. */
export function replacePasswordReset(tx: Tx, row: PasswordResetRow): void {
  voidPasswordResets(tx, row.role, row.accountId);
  atCommit(tx, tx.insert(passwordResets).values(row));
}

/** Takes the link with this hash away (one use) and answers it, or undefined if none. */
export async function takePasswordReset(tx: Tx, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return tx.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).returning().get();
}

/** Voids the account's link, if any (a newer one, or the password changed); sent with the COMMIT. */
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
