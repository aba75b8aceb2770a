/**
 * Taking a two-factor code (issue 44), shared by the sign-in's second step (./two-factor.ts) and,
 * since issue 51, by the password change and the erasure (./passwords.ts, ./erasure.ts), which
 * ask for a code as well as the password when two-factor sign-in is on, as turning it off does.
 */
import { createHash } from "node:crypto";
import { matchingStep } from "../auth/totp";
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import { findTwoFactor, takeRecoveryCode, takeStep, type TwoFactorRow } from "../db/queries/two-factor";
import type { Role } from "../domain/fields";
import { invalid } from "../domain/refusal";

export const WRONG_CODE = "The code is not correct";
/** Issue 51: a password change or an erasure without its code while two-factor sign-in is on. */
export const CODE_REQUIRED = "code is required: two-factor sign-in is on";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A recovery code as typed: case, spaces and dashes do not matter. */
export const recoveryKey = (code: string) => sha256(code.toLowerCase().replace(/[\s-]/g, ""));
export const isTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

/**
 * Takes `code` for the account in `tx`: a TOTP code of a step not taken yet (by `secret`, its
 * `lastStep` as read), or an unused recovery code (then used up). Whether it was right; the
 * conditional writes decide when two requests race.
 */
export async function takeCode(deps: Deps, tx: Tx, role: Role, accountId: string, row: TwoFactorRow | undefined, code: string): Promise<boolean> {
  if (row?.secret == null) return false;
  if (!isTotp(code)) return takeRecoveryCode(tx, role, accountId, recoveryKey(code));
  const step = matchingStep(row.secret, code.replace(/\s/g, ""), deps.now(), row.lastStep);
  return step !== undefined && (await takeStep(tx, role, accountId, step));
}

/**
 * Issue 51: with two-factor sign-in on for the account, `code` must be right (taken in `tx`, the
 * change's own transaction, so that a refusal changes nothing); without it, nothing is asked.
 */
export async function requireCodeIfOn(deps: Deps, tx: Tx, role: Role, account: { id: string; twoFactorAt: Date | null }, code: string | undefined): Promise<void> {
  if (account.twoFactorAt === null) return;
  if (code === undefined) throw invalid(CODE_REQUIRED);
  const row = await findTwoFactor(tx, role, account.id);
  if (!(await takeCode(deps, tx, role, account.id, row, code))) throw invalid(WRONG_CODE);
}
