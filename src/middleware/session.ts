/**
 * The one session check. The API reads the bearer header, pages read the HttpOnly cookie (both
 * carriers in src/http/session-token.ts); both go through resolveSession, which verifies the token
 * and re-reads the account, so a logged-out token or a blocked doctor loses access at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { issueToken, readToken } from "../auth/tokens";
import type { AdminRow, DoctorRow, PatientRow } from "../db/queries/accounts";
import { sessionAccount } from "../db/queries/sessions";
import { beginSession, noteSeen } from "../actions/sessions";
import { mustSetUpTwoFactor, SETUP_REQUIRED } from "../actions/two-factor";
import { HTTPException } from "hono/http-exception";
import { deviceName } from "../domain/user-agent";
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import type { Role } from "../domain/fields";
import { ApiError } from "../http/errors";
import { bearerToken, sessionCookieToken, setSessionCookie } from "../http/session-token";
import { newTrustedDevice } from "./device";

/** Who is signed in, and the directory version their request's account read saw (src/db/queries/directory.ts). */
export type SessionUser = (
  | { role: "patient"; account: PatientRow }
  | { role: "doctor"; account: DoctorRow }
  | { role: "admin"; account: AdminRow }
) & { directoryVersion: number; sessionId: string };
export type AccountOf<R extends Role> = Extract<SessionUser, { role: R }>["account"];

declare module "hono" {
  interface ContextVariableMap {
    user: SessionUser | undefined;
  }
}

/** The signed-in user a token names, or undefined for a bad, expired or revoked token. */
export async function resolveSession(deps: Deps, token: string): Promise<SessionUser | undefined> {
  const claims = await readToken(deps.keys, token);
  if (claims?.sid === undefined) return undefined;
  // One statement: the account, the directory version, and the token's session row.
  const read = await sessionAccount(deps.database, claims.role, claims.sub, claims.sid);
  if (read === undefined || read.account.tokenVersion !== claims.ver || read.lastSeenAt === undefined) return undefined;
  await noteSeen(deps, claims.sid, read.lastSeenAt);
  return { role: claims.role, account: read.account, directoryVersion: read.directoryVersion, sessionId: claims.sid } as SessionUser;
}

/** Bearer sessions already read, by request: two guards on one route (a role's and a call's) read once. */
const readFor = new WeakMap<Request, { token: string; user: Promise<SessionUser | undefined> }>();

/** The session of this request's bearer token, read once per request. */
function requestSession(c: Context, deps: Deps, token: string): Promise<SessionUser | undefined> {
  const known = readFor.get(c.req.raw);
  if (known?.token === token) return known.user;
  const user = resolveSession(deps, token);
  readFor.set(c.req.raw, { token, user });
  return user;
}

/**
 * Guards protected API routes: the bearer token must name an account of `role` (or of one of
 * the roles listed), and a doctor must be approved (unless `anyStatus`, for the doctor's own
 * status check). It runs before any input validation, so a caller without the right to ask
 * learns nothing about the input rules.
 */
export function requireRole(deps: Deps, role: Role | readonly Role[], options: { anyStatus?: boolean } = {}): MiddlewareHandler {
  const roles: readonly Role[] = typeof role === "string" ? [role] : role;
  const only = `This action is only for ${roles.map((r) => `${r}s`).join(" and ")}`;
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined) throw new ApiError(401, "Authentication required");
    const user = await requestSession(c, deps, token);
    if (user === undefined) throw new ApiError(401, "Invalid or expired token");
    if (!roles.includes(user.role)) throw new ApiError(403, only);
    if (user.role === "doctor" && user.account.status !== "approved" && !options.anyStatus) {
      throw new ApiError(403, `Your account status is: ${user.account.status}`);
    }
    // ADMIN_2FA_REQUIRED (issue 44): the admin's calls wait until two-factor is on (the setup calls
    // need only a session: requireSignedIn).
    if (mustSetUpTwoFactor(deps, user)) throw setupRequired(c);
    c.set("user", user);
    await next();
  };
}

/** ADMIN_2FA_REQUIRED's refusal (issue 44): 403 with `twoFactorSetupRequired: true`. */
export const setupRequired = (c: Context) => new HTTPException(403, { res: c.json({ message: SETUP_REQUIRED, twoFactorSetupRequired: true }, 403) });

/**
 * Guards the calls open to every signed-in role and doctor status (issue 28: password, sessions).
 * Issue 51: under ADMIN_2FA_REQUIRED an admin without two-factor yet passes only where
 * `beforeTwoFactor` says so (the setup, listing and ending sessions): elsewhere 403.
 */
export function requireSignedIn(deps: Deps, options: { beforeTwoFactor?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined) throw new ApiError(401, "Authentication required");
    const user = await requestSession(c, deps, token);
    if (user === undefined) throw new ApiError(401, "Invalid or expired token");
    if (!options.beforeTwoFactor && mustSetUpTwoFactor(deps, user)) throw setupRequired(c);
    c.set("user", user);
    await next();
  };
}

/** The session requireSignedIn (or a page guard) admitted. */
export function signedInUser(c: Context): SessionUser {
  const user = c.get("user");
  if (user === undefined) throw new ApiError(401, "Authentication required");
  return user;
}

/** The account that requireRole admitted; a handler's first line. */
export function signedIn<R extends Role>(c: Context, role: R): AccountOf<R> {
  const user = c.get("user");
  if (user?.role !== role) throw new ApiError(401, "Authentication required");
  return user.account as AccountOf<R>;
}

/**
 * Begins a session (a row of its own, named by the token's `sid`), issues its token and sets the
 * same token as the pages' session cookie; the browser becomes a trusted device for the account
 * (src/middleware/device.ts).
 */
export async function startSession(
  c: Context,
  deps: Deps,
  role: Role,
  account: { id: string; email: string; tokenVersion: number; passwordHash: string },
  /** More writes for the session's transaction (a login's take-back from the throttle). */
  also?: (tx: Tx) => void,
) {
  const trusted = newTrustedDevice(c, deps, role, account);
  const sid = await beginSession(deps, role, account.id, deviceName(c.req.header("user-agent")), (tx) => {
    trusted.save(tx);
    also?.(tx);
  });
  const token = await issueToken(deps.keys, { sub: account.id, role, ver: account.tokenVersion, sid });
  setSessionCookie(c, token, Math.round(deps.config.tokenTtlHours * 3600));
  trusted.setCookie();
  return token;
}

/** The session named by the pages' cookie, if any. */
export async function cookieSession(c: Context, deps: Deps): Promise<SessionUser | undefined> {
  const token = sessionCookieToken(c);
  return token === undefined ? undefined : resolveSession(deps, token);
}

/** The bearer token's session, if it is a valid one (for logout, which must work with any token). */
export async function bearerSession(c: Context, deps: Deps): Promise<SessionUser | undefined> {
  const token = bearerToken(c);
  return token === undefined ? undefined : resolveSession(deps, token);
}
