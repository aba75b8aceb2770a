/**
 * The server's page guard (SPEC §2): a protected page needs the session cookie of its role;
 * anyone else goes to /loginPatient, and a doctor who is not approved to /loginDoctor.
 */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { zoneOf } from "../domain/time";
import { cookieSession, type AccountOf } from "./session";

function redirect(c: Context, to: string): never {
  throw new HTTPException(302, { res: c.redirect(to, 302) });
}

/** Admits only a cookie session of `role` (and an approved doctor) to the pages below it. */
export function requirePage(deps: Deps, role: Role): MiddlewareHandler {
  return async (c, next) => {
    const user = await cookieSession(c, deps);
    if (user === undefined || user.role !== role) redirect(c, "/loginPatient");
    if (user.role === "doctor" && user.account.status !== "approved") redirect(c, "/loginDoctor");
    c.set("user", user);
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
 * The zone the viewer's pages show times in: their account's (chosen on the profile, or reported
 * by a browser with script), else this browser's report, else `fallback` (src/domain/time.ts, zoneOf).
 */
export function viewerTimeZone(c: Context, fallback = "UTC"): string {
  return zoneOf(c.get("user")?.account, reportedTimeZone(c), fallback);
}
