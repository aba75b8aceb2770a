/**
 * The server's page guard (SPEC §2): a protected page needs the session cookie of its role;
 * anyone else goes to /loginPatient, and a doctor who is not approved to /loginDoctor.
 */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Deps } from "../config/deps";
import { ADMIN_ACCOUNT, type Role } from "../domain/fields";
import { mustSetUpTwoFactor } from "../actions/two-factor";
import { readerZone, type ReaderZone } from "../domain/time";
import { cookieSession, type AccountOf } from "./session";
import { consentStateOf } from "../actions/consent";

declare module "hono" {
  interface ContextVariableMap {
    /** Issue 44: the signed-in reader has not accepted the consent notice in force (their pages ask at the top). */
    consentAsked: boolean | undefined;
    /** DEFAULT_TIME_ZONE (issue 52): a reader's zone until their account or browser gives one. */
    defaultZone: string | undefined;
  }
}

/** Sets every request's `defaultZone`: the deployment's DEFAULT_TIME_ZONE. */
export const withDefaultZone = (zone: string): MiddlewareHandler => (c, next) => {
  c.set("defaultZone", zone);
  return next();
};

function redirect(c: Context, to: string, status: 302 | 303 = 302): never {
  throw new HTTPException(status, { res: c.redirect(to, status) });
}

/** Where ADMIN_2FA_REQUIRED sends an admin's password-only session. */
export const SETUP_PAGE = `${ADMIN_ACCOUNT}#two-factor`;
const SETUP_POSTS = /^\/admin-dashboard\/account\/(two-factor\/(setup|enable)|sessions\/(logoutOthers|[^/]+\/logout))$/;
const openBeforeTwoFactor = (method: string, path: string) => (method === "GET" || method === "HEAD" ? path === ADMIN_ACCOUNT : SETUP_POSTS.test(path));

/** Admits only a cookie session of `role` (and an approved doctor) to the pages below it. */
export function requirePage(deps: Deps, role: Role): MiddlewareHandler {
  return async (c, next) => {
    const user = await cookieSession(c, deps);
    if (user === undefined || user.role !== role) redirect(c, "/loginPatient");
    if (user.role === "doctor" && user.account.status !== "approved") redirect(c, "/loginDoctor");
    // ADMIN_2FA_REQUIRED (issue 44): the account page, where two-factor is set up, is all that opens;
    // of its forms (issue 51), only the setup's and the sessions'.
    if (mustSetUpTwoFactor(deps, user) && !openBeforeTwoFactor(c.req.method, c.req.path)) redirect(c, SETUP_PAGE, c.req.method === "GET" ? 302 : 303);
    c.set("user", user);
    c.set("consentAsked", consentStateOf(deps, user.role, user.account).due);
    await next();
  };
}

/** The account requirePage admitted. */
export function pageAccount<R extends Role>(c: Context, role: R): AccountOf<R> {
  const user = c.get("user");
  if (user?.role !== role) redirect(c, "/loginPatient");
  return user.account as AccountOf<R>;
}

/** The zone this browser reported (the `tz` cookie), if it is a real one. */
export function reportedTimeZone(c: Context): string | undefined {
  // Any cookie a client sends must give a page: a malformed escape or zone reads as none.
  try {
    return decodeURIComponent(c.req.header("cookie")?.match(/(?:^|;\s*)tz=([^;]+)/)?.[1] ?? "") || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The viewer's zone and where it came from, as readerZone decides it (src/domain/time.ts): their
 * account's (a doctor without one: their hours'), else this browser's report, else the
 * deployment's DEFAULT_TIME_ZONE. Every page reads it here; the page says so when it is only the
 * default (ZoneNote).
 */
export function viewerZone(c: Context): ReaderZone {
  return readerZone(c.get("user")?.account, reportedTimeZone(c), c.get("defaultZone"));
}

/** The zone the viewer's times are shown in (viewerZone's). */
export const viewerTimeZone = (c: Context): string => viewerZone(c).zone;
