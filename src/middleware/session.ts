/**
 * The one session check. The API reads the bearer header, pages read the HttpOnly cookie; both go
 * through resolveSession, which verifies the token and re-reads the account, so a logged-out token
 * or a blocked doctor loses access at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { issueToken, readToken } from "../auth/tokens";
import type { AdminRow, DoctorRow, PatientRow } from "../db/queries/accounts";
import { sessionAccount } from "../db/queries/sessions";
import { beginSession, noteSeen } from "../actions/sessions";
import { deviceName } from "../domain/user-agent";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { ApiError } from "../http/errors";
import { hostCookie } from "../http/https";
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

/** The Authorization header's bearer token, valid or not. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Guards protected API routes: the bearer token must name an account of `role`, and a doctor
 * must be approved (unless `anyStatus`, for the doctor's own status check). It runs before any
 * input validation, so a caller without the right to ask learns nothing about the input rules.
 */
export function requireRole(deps: Deps, role: Role, options: { anyStatus?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined) throw new ApiError(401, "Authentication required");
    const user = await resolveSession(deps, token);
    if (user === undefined) throw new ApiError(401, "Invalid or expired token");
    if (user.role !== role) throw new ApiError(403, `This action is only for ${role}s`);
    if (user.role === "doctor" && user.account.status !== "approved" && !options.anyStatus) {
      throw new ApiError(403, `Your account status is: ${user.account.status}`);
    }
    c.set("user", user);
    await next();
  };
}

/** Guards the calls open to every signed-in role and doctor status (issue 28: password, sessions). */
export function requireSignedIn(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined) throw new ApiError(401, "Authentication required");
    const user = await resolveSession(deps, token);
    if (user === undefined) throw new ApiError(401, "Invalid or expired token");
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

const COOKIE = "carebook_session";
const SECURE_COOKIE = "__Host-carebook_session";

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
) {
  const trusted = newTrustedDevice(c, deps, role, account);
  const sid = await beginSession(deps, role, account.id, deviceName(c.req.header("user-agent")), trusted.save);
  const token = await issueToken(deps.keys, { sub: account.id, role, ver: account.tokenVersion, sid });
  const name = hostCookie(c, COOKIE);
  setCookie(c, name, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: name === SECURE_COOKIE,
    maxAge: Math.round(deps.config.tokenTtlHours * 3600),
  });
  trusted.setCookie();
  return token;
}

export function endSessionCookie(c: Context): void {
  deleteCookie(c, COOKIE, { path: "/" });
  deleteCookie(c, SECURE_COOKIE, { path: "/", secure: true });
}

/** Whether the request carries a session cookie at all (not whether it is valid): a cheap test. */
export function hasSessionCookie(c: Context): boolean {
  return /(?:^|;\s*)(?:__Host-)?carebook_session=/.test(c.req.header("cookie") ?? "");
}

/** The token the pages' cookie holds, valid or not: the `__Host-` one, or (on http only) the plain one. */
export function sessionCookieToken(c: Context): string | undefined {
  return getCookie(c, SECURE_COOKIE) ?? (hostCookie(c, COOKIE) === COOKIE ? getCookie(c, COOKIE) : undefined);
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
