/** Two-factor sign-in (issue 44): the secrets, the recovery codes, a login's pending challenge. */
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Role } from "../../domain/fields";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { admins, doctors, loginChallenges, patients, recoveryCodes, twoFactor, wrongCodes } from "../schema";

export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

const accounts = { patient: patients, doctor: doctors, admin: admins } as const;
const ofAccount = (role: Role, accountId: string) => and(eq(twoFactor.role, role), eq(twoFactor.accountId, accountId));
const codesOf = (role: Role, accountId: string) => and(eq(recoveryCodes.role, role), eq(recoveryCodes.accountId, accountId));

/** The account's two-factor row, if it ever began a setup. */
export function findTwoFactor(r: Reader, role: Role, accountId: string): Promise<TwoFactorRow | undefined> {
  return r.select().from(twoFactor).where(ofAccount(role, accountId)).get();
}

/** Keeps `secret` waiting for its first code (a new setup replaces an older waiting one); sent with the COMMIT. */
export function savePendingSecret(tx: Tx, role: Role, accountId: string, secret: string): void {
  atCommit(
    tx,
    tx
      .insert(twoFactor)
      .values({ role, accountId, pendingSecret: secret })
      .onConflictDoUpdate({ target: [twoFactor.role, twoFactor.accountId], set: { pendingSecret: secret } }),
  );
}

/**
 * Turns two-factor on with the waiting secret, its first code's step taken, and the new codes'
 * hashes in place of any old ones; sent with the COMMIT.
 */
export function turnOnTwoFactor(tx: Tx, role: Role, accountId: string, secret: string, step: number, codeHashes: string[], at: Date): void {
  const table = accounts[role];
  atCommit(tx, tx.update(twoFactor).set({ secret, pendingSecret: null, lastStep: step }).where(ofAccount(role, accountId)));
  atCommit(tx, tx.update(table).set({ twoFactorAt: at }).where(eq(table.id, accountId)));
  atCommit(tx, tx.delete(recoveryCodes).where(codesOf(role, accountId)));
  atCommit(tx, tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ role, accountId, codeHash }))));
}

/** Turns two-factor off: the secret, the codes and the account's mark go; sent with the COMMIT. */
export function turnOffTwoFactor(tx: Tx, role: Role, accountId: string): void {
  const table = accounts[role];
  atCommit(tx, tx.delete(twoFactor).where(ofAccount(role, accountId)));
  atCommit(tx, tx.delete(recoveryCodes).where(codesOf(role, accountId)));
  atCommit(tx, tx.update(table).set({ twoFactorAt: null }).where(eq(table.id, accountId)));
}

/**
 * Takes the TOTP step `step` for the account unless it (or a later one) was taken already:
 * whether this call took it. One statement, so two requests with the same code cannot both win.
 */
export async function takeStep(tx: Tx, role: Role, accountId: string, step: number): Promise<boolean> {
  const result = await tx
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(ofAccount(role, accountId), lt(twoFactor.lastStep, step)));
  return result.rowsAffected > 0;
}

/** Takes (deletes) a recovery code by its hash: whether it was there. */
export async function takeRecoveryCode(tx: Tx, role: Role, accountId: string, codeHash: string): Promise<boolean> {
  const result = await tx.delete(recoveryCodes).where(and(codesOf(role, accountId), eq(recoveryCodes.codeHash, codeHash)));
  return result.rowsAffected > 0;
}

/** How many unused recovery codes the account has. */
export async function recoveryCodesLeft(r: Reader, role: Role, accountId: string): Promise<number> {
  const row = await r.select({ n: sql<number>`count(*)` }).from(recoveryCodes).where(codesOf(role, accountId)).get();
  return Number(row?.n ?? 0);
}

/** Stores a login's challenge, and drops every expired one (there are few: each lives minutes); sent with the COMMIT. */
export function insertChallenge(tx: Tx, row: typeof loginChallenges.$inferInsert, now: Date): void {
  atCommit(tx, tx.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now)));
  atCommit(tx, tx.insert(loginChallenges).values(row));
}

/** The challenge with this hash, if any (expired or not: the caller compares with its clock). */
export function findChallenge(r: Reader, tokenHash: string): Promise<LoginChallengeRow | undefined> {
  return r.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).get();
}

/** Takes a challenge away (its code was right); whether it was still there. */
export async function takeChallenge(tx: Tx, tokenHash: string): Promise<boolean> {
  const result = await tx.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
  return result.rowsAffected > 0;
}

/**
 * Issue 51: a wrong code on the challenge with this hash: its count of wrong codes, one more (0
 * when the challenge is gone). The caller voids it at the limit.
 */
export async function countWrongCode(tx: Tx, tokenHash: string): Promise<number> {
  const row = await tx
    .update(loginChallenges)
    .set({ wrongCodes: sql`${loginChallenges.wrongCodes} + 1` })
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .returning({ wrongCodes: loginChallenges.wrongCodes })
    .get();
  return row?.wrongCodes ?? 0;
}

/**
 * Issue 51: records a wrong code for the account at `now` (and drops those older than `keepFrom`,
 * of every account; both sent with the COMMIT); how many it has after `since`, this one included.
 */
export async function recordWrongCode(tx: Tx, role: Role, accountId: string, now: Date, since: Date, keepFrom: Date): Promise<number> {
  const row = await tx
    .select({ n: count() })
    .from(wrongCodes)
    .where(and(eq(wrongCodes.role, role), eq(wrongCodes.accountId, accountId), gt(wrongCodes.at, since)))
    .get();
  atCommit(tx, tx.delete(wrongCodes).where(lt(wrongCodes.at, keepFrom)));
  atCommit(tx, tx.insert(wrongCodes).values({ role, accountId, at: now }));
  return (row?.n ?? 0) + 1;
}

/** Issue 51: holds the account's code sign-in until `until` (the `holds`-th hold in a row, begun `now`); sent with the COMMIT. */
export function holdCodes(tx: Tx, role: Role, accountId: string, until: Date, holds: number, now: Date): void {
  atCommit(tx, tx.update(twoFactor).set({ codesHeldUntil: until, codeHolds: holds, lastHoldAt: now }).where(ofAccount(role, accountId)));
}
