/**
 * Two-factor sign-in (issue 44, item 10; RFC 6238 codes, src/auth/totp.ts). Setting it up keeps a
 * new secret waiting; the first right code turns it on and gives ten one-use recovery codes. From
 * then on a right password opens a short-lived challenge instead of a session, and the challenge
 * with a right code (or an unused recovery code) gives what the login would have.
 *
 * A code is checked under the login throttle, counted like a password: wrong codes lock the
 * account from that client as wrong passwords do. A right password with two-factor on is NOT
 * taken back from the throttle (only the code's success clears the failures), so someone who
 * knows the password cannot reset the count of their code guesses by logging in again.
 * Issue 51: wrong codes also count per challenge (the 5th voids it and mails the owner) and per
 * account whatever the address (10 hold code sign-in, recovery codes still work).
 */
import { randomBytes } from "node:crypto";
import { isTotp, recoveryKey, sha256, takeCode, WRONG_CODE } from "./second-factor";

export { WRONG_CODE };
import { checkPassword } from "../auth/passwords";
import { countPasswordAttempt, loginSucceeded } from "../auth/throttle";
import { base32Encode, matchingStep, newTotpSecret, otpauthUrl } from "../auth/totp";
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import { findAccount, type AccountRow } from "../db/queries/accounts";
import {
  countWrongCode,
  findChallenge,
  holdCodes,
  recordWrongCode,
  findTwoFactor,
  insertChallenge,
  savePendingSecret,
  takeChallenge,
  turnOffTwoFactor,
  turnOnTwoFactor,
  type TwoFactorRow,
} from "../db/queries/two-factor";
import { recipientFrom } from "../db/queries/mail";
import { deleteSessions } from "../db/queries/sessions";
import { codeGuessed } from "../mail/security";
import { together } from "../db/together";
import type { Role } from "../domain/fields";
import { conflict, invalid, Refusal } from "../domain/refusal";
import { beginSignInAttempt, logIn, type Client, type LoggedIn } from "./accounts";
import type { Asker } from "./passwords";

export const TWO_FACTOR_ON = "Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.";
export const TWO_FACTOR_OFF = "Two-factor sign-in is off.";
export const ALREADY_ON = "Two-factor sign-in is already on";
export const NOT_ON = "Two-factor sign-in is not on";
export const NO_SETUP = "Set up two-factor sign-in first";
export const CHALLENGE_GONE = "This sign-in has expired. Please log in again.";
export const WRONG_PASSWORD = "Your password is not correct";
/** Issue 51: the 5th wrong code on one challenge ends it. */
export const CODES_VOIDED = "Too many wrong codes: this sign-in has ended. Please log in again.";
/** Issue 51: the account's code sign-in is held (recovery codes still work). */
export const codesHeld = (minutes: number) => `Too many wrong codes for this account: sign in with a recovery code, or try again in ${minutes} minutes.`;
/** The admin API's refusal while ADMIN_2FA_REQUIRED waits for the admin's setup. */
export const SETUP_REQUIRED = "Two-factor sign-in must be set up first";

/** How long a login's challenge waits for its code. */
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODES = 10;
/** Issue 51: wrong codes that void one challenge; that hold the account's code sign-in (since its last hold, within a day), and the first hold. */
export const WRONG_CODES_PER_CHALLENGE = 5;
export const WRONG_CODES_PER_ACCOUNT = 10;
const WRONG_CODES_WINDOW_MS = 24 * 3600_000;
const FIRST_HOLD_MS = 15 * 60_000;
const ISSUER = "Carebook";

type Who = { role: Role; account: AccountRow };

/** 60 random bits as three groups of four base32 letters ("abcd-efgh-ijkl"): a SHA-256 keeps it safe, no slow hash needed. */
const newRecoveryCode = () => base32Encode(randomBytes(8)).slice(0, 12).toLowerCase().replace(/(.{4})(?=.)/g, "$1-");

/** Whether two-factor sign-in is on for the account (the mark on its row). */
export const twoFactorIsOn = (account: { twoFactorAt: Date | null }): boolean => account.twoFactorAt !== null;

/** Whether ADMIN_2FA_REQUIRED holds this session back until its owner sets two-factor up. */
export const mustSetUpTwoFactor = (deps: Deps, who: { role: Role; account: { twoFactorAt: Date | null } }): boolean =>
  who.role === "admin" && deps.config.admin2faRequired && !twoFactorIsOn(who.account);

/** What the profile's section shows: on or off, and a setup's waiting secret (with its URL for the QR code). */
export type TwoFactorState = { on: boolean; pending?: { secret: string; otpauthUrl: string } };

export async function twoFactorState(deps: Deps, { role, account }: Who): Promise<TwoFactorState> {
  if (twoFactorIsOn(account)) return { on: true };
  const row = await findTwoFactor(deps.database.db, role, account.id);
  const secret = row?.pendingSecret ?? undefined;
  return { on: false, ...(secret !== undefined && { pending: { secret, otpauthUrl: otpauthUrl(ISSUER, account.email, secret) } }) };
}

/** Begins a setup: a new secret (20 random bytes) waits for its first code, replacing any waiting one. */
export async function setUpTwoFactor(deps: Deps, { role, account }: Who): Promise<{ secret: string; otpauthUrl: string }> {
  if (twoFactorIsOn(account)) throw conflict(ALREADY_ON);
  const secret = newTotpSecret();
  await deps.database.write(async (tx) => savePendingSecret(tx, role, account.id, secret));
  return { secret, otpauthUrl: otpauthUrl(ISSUER, account.email, secret) };
}

/** Turns two-factor on with the waiting secret's right code (and, `endOthers`, ends every other session); the recovery codes, shown this once. */
export async function enableTwoFactor(deps: Deps, { role, account, sessionId }: Who & { sessionId?: string }, code: string, asker: Asker, endOthers = false): Promise<string[]> {
  if (twoFactorIsOn(account)) throw conflict(ALREADY_ON);
  await countPasswordAttempt(deps, asker.address);
  const pending = (await findTwoFactor(deps.database.db, role, account.id))?.pendingSecret ?? null;
  if (pending === null) throw conflict(NO_SETUP);
  const now = deps.now();
  const step = matchingStep(pending, code.replace(/\s/g, ""), now);
  if (step === undefined) throw invalid(WRONG_CODE);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await deps.database.write(async (tx) => {
    turnOnTwoFactor(tx, role, account.id, pending, step, codes.map(recoveryKey), now);
    // Issue 51: asked, every other session ends with it (one signed in with the password alone).
    if (endOthers && sessionId !== undefined) deleteSessions(tx, role, account.id, sessionId);
  });
  return codes;
}

/** Turns two-factor off; the password and a right code (or a recovery code) are both asked. */
export async function disableTwoFactor(deps: Deps, { role, account }: Who, input: { password: string; code: string }, client: Client): Promise<void> {
  if (!twoFactorIsOn(account)) throw conflict(NOT_ON);
  const attempt = await beginSignInAttempt(deps, role, account.email, account, client);
  if (!(await checkPassword(account.passwordHash, input.password, client.address))) throw invalid(WRONG_PASSWORD);
  const row = await findTwoFactor(deps.database.db, role, account.id);
  await deps.database.write(async (tx) => {
    if (!(await takeCode(deps, tx, role, account.id, row, input.code))) throw invalid(WRONG_CODE);
    loginSucceeded(tx, attempt);
    turnOffTwoFactor(tx, role, account.id);
  });
}

/** A login's first step: signed in (two-factor off), or the challenge the code must come with. */
export type FirstStep<A> = ({ kind: "signedIn" } & LoggedIn<A>) | { kind: "challenge"; challenge: string };

/** Checks the password (src/actions/accounts.ts); with two-factor on, answers a challenge instead of the account. */
export async function logInFirstStep<R extends Role>(deps: Deps, role: R, credentials: { email: string; password: string }, client: Client) {
  return secondFactorOrSession(deps, role, await logIn(deps, role, credentials, client));
}

/**
 * What follows a login's first factor (a password, or a code sent by SMS, issue 55): the session's
 * account, or, with two-factor sign-in on, a challenge for POST /api/auth/2fa/verify.
 */
export async function secondFactorOrSession<A extends AccountRow>(deps: Deps, role: Role, loggedIn: LoggedIn<A>) {
  if (!twoFactorIsOn(loggedIn.account)) return { kind: "signedIn", ...loggedIn } as const;
  const challenge = randomBytes(32).toString("base64url");
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  await deps.database.write(async (tx) => insertChallenge(tx, { tokenHash: sha256(challenge), role, accountId: loggedIn.account.id, expiresAt }, now));
  return { kind: "challenge", challenge } as const;
}

/** The challenge's account and its two-factor row, if the challenge is live (and of `role`, when one is asked). */
async function challengedAccount(deps: Deps, challenge: string, role?: Role) {
  const db = deps.database.db;
  const row = await findChallenge(db, sha256(challenge));
  if (row === undefined || row.expiresAt <= deps.now() || (role !== undefined && row.role !== role)) return undefined;
  // Both in one round trip (issue 43).
  const [account, twoFactor] = await together(() => Promise.all([findAccount(db, row.role, row.accountId), findTwoFactor(db, row.role, row.accountId)]));
  return account === undefined || !twoFactorIsOn(account) ? undefined : { role: row.role, account, twoFactor };
}

/** Whether a login's challenge still waits for its code (issue 51: the login page asks the password again once it is void). */
export async function challengeIsLive(deps: Deps, challenge: string, role?: Role): Promise<boolean> {
  return (await challengedAccount(deps, challenge, role)) !== undefined;
}

/**
 * A login's second step: the challenge and a code. The account (and its role) signed in, with the
 * throttle's take-back for the session's transaction, as logIn gives; the challenge is used up.
 * `role`: the login page's, which must be the challenge's.
 */
export async function verifyTwoFactor(deps: Deps, input: { challenge: string; code: string }, client: Client, role?: Role): Promise<LoggedIn<AccountRow> & { role: Role }> {
  const who = await challengedAccount(deps, input.challenge, role);
  if (who === undefined) throw new Refusal("unauthenticated", CHALLENGE_GONE);
  const attempt = await beginSignInAttempt(deps, who.role, who.account.email, who.account, client);
  // Issue 51: while the account's code sign-in is held, an app's code is not even checked (a recovery code is).
  const heldUntil = who.twoFactor?.codesHeldUntil ?? null;
  const now = deps.now();
  if (heldUntil !== null && heldUntil > now && isTotp(input.code)) {
    const seconds = Math.ceil((heldUntil.getTime() - now.getTime()) / 1000);
    throw new Refusal("too_many", codesHeld(Math.ceil(seconds / 60)), seconds);
  }
  const tokenHash = sha256(input.challenge);
  // A wrong code is written (counted) before it is refused: the transaction must commit.
  const outcome = await deps.database.write(async (tx) => {
    if (!(await takeCode(deps, tx, who.role, who.account.id, who.twoFactor, input.code))) return wrongCodeTaken(tx, deps, who, tokenHash, now);
    // Two posts of one right code: only one takes the challenge.
    if (!(await takeChallenge(tx, tokenHash))) return CHALLENGE_GONE;
    return undefined;
  });
  if (outcome !== undefined) throw new Refusal("unauthenticated", outcome);
  return { role: who.role, account: who.account, succeeded: (tx) => loginSucceeded(tx, attempt) };
}

/**
 * Issue 51: counts a wrong code for the challenge and for the account, whatever the address. The
 * challenge's 5th voids it and mails the owner (once: the challenge is gone); the account's 10th
 * since its last hold (within 24 hours) holds its code sign-in, 15 minutes doubling with each hold
 * in a row (a day without one starts again). The message to refuse with.
 */
async function wrongCodeTaken(tx: Tx, deps: Deps, who: { role: Role; account: AccountRow; twoFactor: TwoFactorRow | undefined }, tokenHash: string, now: Date): Promise<string> {
  const dayAgo = new Date(now.getTime() - WRONG_CODES_WINDOW_MS);
  const lastHold = who.twoFactor?.lastHoldAt ?? null;
  const recentHold = lastHold !== null && lastHold > dayAgo;
  const since = recentHold ? lastHold : dayAgo;
  const [onChallenge, onAccount] = await together(() => Promise.all([countWrongCode(tx, tokenHash), recordWrongCode(tx, who.role, who.account.id, now, since, dayAgo)]));
  if (onAccount >= WRONG_CODES_PER_ACCOUNT) {
    const holds = (recentHold ? (who.twoFactor?.codeHolds ?? 0) : 0) + 1;
    holdCodes(tx, who.role, who.account.id, new Date(now.getTime() + FIRST_HOLD_MS * 2 ** (holds - 1)), holds, now);
  }
  if (onChallenge < WRONG_CODES_PER_CHALLENGE) return WRONG_CODE;
  if (onChallenge === WRONG_CODES_PER_CHALLENGE) {
    await takeChallenge(tx, tokenHash);
    await codeGuessed(tx, deps, recipientFrom(who.role, who.account));
  }
  return CODES_VOIDED;
}
