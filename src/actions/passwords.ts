/**
 * Forgot password, reset by link, and change password (issue 28; docs/decisions.md "Password reset links").
 *
 * A reset link holds a 256-bit random secret; only its SHA-256 is stored, with the account it
 * belongs to (the role is in the row, never in the URL). It works once, for RESET_TOKEN_MINUTES;
 * an account has at most MAX_LIVE_RESETS live links, each valid until it expires or one of them
 * is used (which voids the rest), and any new password voids them (issue 44). A forgot-password
 * request answers the same, at once, whether or not the account exists: the throttle (keyed by
 * the email asked for and the address, never by an account) is the only work done before the
 * answer, and the lookup, the link and its mail are written after it (`afterAnswer`).
 */
import { createHash, randomBytes } from "node:crypto";
import { checkPassword, hashPassword } from "../auth/passwords";
import { countPasswordAttempt, countResetRequest, beginLoginAttempt, loginSucceeded } from "../auth/throttle";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { changePasswordHash, findAdminByEmail, findDoctorByEmail, findPatientByEmail, resetPasswordHash, type AccountRow } from "../db/queries/accounts";
import { addPasswordReset, findPasswordReset, takePasswordReset, voidPasswordResets } from "../db/queries/password-resets";
import { recipientFrom } from "../db/queries/mail";
import { requireCodeIfOn } from "./second-factor";
import { deleteSessions } from "../db/queries/sessions";
import { endFeedWith } from "./sessions";
import { passwordChanged, passwordResetRequested, type Origin } from "../mail/security";
import { invalid } from "../domain/refusal";

export const RESET_SENT = "If an account exists for that email, a reset link is on its way.";
export const RESET_INVALID = "This reset link is not valid any more. Please ask for a new one.";
export const PASSWORD_RESET = "Your password is changed and you are signed in.";
export const PASSWORD_CHANGED = "Your password is changed. Every other device is signed out.";
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

const FIND = { patient: findPatientByEmail, doctor: findDoctorByEmail, admin: findAdminByEmail } as const;

/** Who asks, as the rules care: the address (limits, hash turns) and the coarse device name (mails). */
export type Asker = { address: string; device: string };

/** A reset link's secret as it appears in the URL: 32 random bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

// The work written after a forgot-password answer, so tests (and a stopping server) can wait for it.
const pending = new Set<Promise<void>>();

/**
 * A forgot-password request's work begins this long after its answer, give or take half (issue
 * 44, finding 1): never on the heels of the answer, where the very next request would wait for it.
 */
const RESOLVE_AFTER_MS = 40;

/** Ends the delay of each request whose work has not begun yet (for tests: see resetRequestsSettledNow). */
const releases = new Set<() => void>();

function afterAnswer(deps: Deps, work: () => Promise<void>): void {
  const delay = RESOLVE_AFTER_MS * (0.5 + Math.random());
  let release = () => undefined as void;
  const waited = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delay);
    release = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  releases.add(release);
  const done: Promise<void> = waited
    .then(() => void releases.delete(release))
    .then(work)
    .catch((error) => deps.observe.log.error({ err: error }, "password reset: writing the link failed"))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once every forgot-password request answered so far has written its link (or found no account). */
export async function resetRequestsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * resetRequestsSettled, with the work of the requests answered so far begun at once rather than
 * at the end of its delay: for a test that has done what it measures right after the answer and
 * only needs that work done (src/routes/api/reset-timing.test.ts).
 */
export async function resetRequestsSettledNow(): Promise<void> {
  while (pending.size > 0) {
    for (const release of releases) release();
    releases.clear();
    await Promise.all([...pending]);
  }
}

/**
 * A forgot-password request. Refused only by the throttle (429, the same for any email);
 * otherwise the caller answers RESET_SENT at once, and the link is made after the answer, in the
 * background. Every request does the same work there, whether the account exists, has its
 * MAX_LIVE_RESETS links already or is past its cap (issue 44): a lookup, a token, one insert that
 * stores a link only when it may, and the mail rendered (written only with a link).
 */
export async function requestPasswordReset(deps: Deps, role: Role, email: string, asker: Asker): Promise<void> {
  const allowance = await countResetRequest(deps, { role, email, address: asker.address });
  const origin: Origin = { device: asker.device, at: deps.now() };
  afterAnswer(deps, async () => {
    const account = await FIND[role](deps.database.db, email);
    const token = randomBytes(32).toString("base64url");
    const now = deps.now();
    await deps.database.write(async (tx) => {
      const link = { tokenHash: hashOf(token), role, createdAt: now, expiresAt: new Date(now.getTime() + deps.config.resetTokenMinutes * 60_000) };
      const stored = await addPasswordReset(tx, link, allowance === "send" ? account?.id : undefined);
      await passwordResetRequested(tx, deps, { role, id: account?.id ?? "", email }, token, origin, stored);
    });
  });
}

/** Whether a reset link's secret is, right now, a live link (for its page; says nothing of whose). */
export async function resetLinkIsLive(deps: Deps, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const row = await findPasswordReset(deps.database.db, hashOf(token));
  return row !== undefined && row.expiresAt.getTime() > deps.now().getTime();
}

/**
 * Uses a reset link: sets the new password, ends every session of the account (its token
 * version moves on; the new password revokes its device cookies) and voids any other link.
 * The account, to sign this browser in; RESET_INVALID (400) for a used, expired or unknown link.
 */
export async function resetPassword(deps: Deps, token: string, password: string, asker: Asker): Promise<{ role: Role; account: AccountRow }> {
  await countPasswordAttempt(deps, asker.address);
  if (!TOKEN_SHAPE.test(token)) throw invalid(RESET_INVALID);
  const passwordHash = await hashPassword(password, asker.address);
  const now = deps.now();
  return deps.database.write(async (tx) => {
    const link = await takePasswordReset(tx, hashOf(token));
    if (link === undefined || link.expiresAt.getTime() <= now.getTime()) throw invalid(RESET_INVALID);
    const account = await resetPasswordHash(tx, link.role, link.accountId, passwordHash);
    if (account === undefined) throw invalid(RESET_INVALID);
    deleteSessions(tx, link.role, link.accountId);
    endFeedWith(tx, link.role, link.accountId);
    voidPasswordResets(tx, link.role, link.accountId);
    await passwordChanged(tx, deps, recipientFrom(link.role, account), { device: asker.device, at: now }, "reset");
    return { role: link.role, account };
  });
}

/**
 * Changes the signed-in account's password: the current one is checked under the login throttle
 * (a wrong one counts as a failed login); every other session ends, this one stays; any reset
 * link is void. The account as it is now (its new hash, for the device cookie).
 */
export async function changePassword(
  deps: Deps,
  who: { role: Role; account: AccountRow; sessionId: string },
  input: { currentPassword: string; newPassword: string; code?: string },
  asker: Asker,
): Promise<AccountRow> {
  const { role, account } = who;
  const attempt = await beginLoginAttempt(deps, { role, email: account.email, address: asker.address });
  if (!(await checkPassword(account.passwordHash, input.currentPassword, asker.address))) throw invalid(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword, asker.address);
  // Every write is sent with the COMMIT (one round trip): nothing here reads the account back, it
  // is the one the session check read, with its new hash (accounts are never deleted).
  return deps.database.write(async (tx) => {
    // Issue 51: with two-factor on, its code too (a wrong one changes nothing, the password's attempt still counted).
    await requireCodeIfOn(deps, tx, role, account, input.code);
    loginSucceeded(tx, attempt);
    changePasswordHash(tx, role, account.id, passwordHash);
    deleteSessions(tx, role, account.id, who.sessionId);
    endFeedWith(tx, role, account.id);
    voidPasswordResets(tx, role, account.id);
    await passwordChanged(tx, deps, recipientFrom(role, account), { device: asker.device, at: deps.now() }, "change");
    return { ...account, passwordHash };
  });
}
