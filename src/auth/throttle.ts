/**
 * Abuse limits of SERVER-RULES §3: failed logins per email (and ten times as many per client
 * address) in 15 minutes, signups per address in an hour. Refusals are 429 with Retry-After.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import { countEvents, oldestEvent, recordEvents, clearEvents, type AuthEventKind } from "../db/queries/throttle";
import type { Deps } from "../deps";
import { ApiError } from "../http/errors";

const LOGIN_WINDOW_MS = 15 * 60_000;
const SIGNUP_WINDOW_MS = 60 * 60_000;
const PER_ADDRESS_FACTOR = 10;

/** The client's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is set. */
export function clientAddress(c: Context, deps: Deps): string {
  if (deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket: app.request() in tests
  }
}

async function assertUnder(deps: Deps, kind: AuthEventKind, key: string, limit: number, windowMs: number, message: string) {
  const now = deps.now();
  const since = new Date(now.getTime() - windowMs);
  const used = await countEvents(deps.database.db, kind, key, since);
  if (used < limit) return;
  const oldest = (await oldestEvent(deps.database.db, kind, key, since)) ?? now;
  const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  throw new ApiError(429, message, { "Retry-After": String(retryAfter) });
}

const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again later.";

/** Refuses a login attempt for an email or address that has failed too often. */
export async function assertLoginAllowed(deps: Deps, email: string, address: string): Promise<void> {
  const limit = deps.config.loginFailureLimit;
  await assertUnder(deps, "login_email", email, limit, LOGIN_WINDOW_MS, TOO_MANY_LOGINS);
  await assertUnder(deps, "login_ip", address, limit * PER_ADDRESS_FACTOR, LOGIN_WINDOW_MS, TOO_MANY_LOGINS);
}

export function recordLoginFailure(deps: Deps, email: string, address: string): Promise<void> {
  return deps.database.write((tx) =>
    recordEvents(tx, [{ kind: "login_email", key: email }, { kind: "login_ip", key: address }], deps.now()),
  );
}

/** A successful login forgets that email's failures. */
export function clearLoginFailures(deps: Deps, email: string): Promise<void> {
  return deps.database.write((tx) => clearEvents(tx, "login_email", email));
}

export async function assertSignupAllowed(deps: Deps, address: string): Promise<void> {
  await assertUnder(deps, "signup_ip", address, deps.config.signupLimit, SIGNUP_WINDOW_MS, "Too many signups from this address. Please try again later.");
}

export function recordSignup(deps: Deps, address: string): Promise<void> {
  return deps.database.write((tx) => recordEvents(tx, [{ kind: "signup_ip", key: address }], deps.now()));
}
