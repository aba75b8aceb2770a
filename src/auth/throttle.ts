/**
 * Abuse limits of SERVER-RULES §3: failed logins per email (and ten times as many per client
 * address) in 15 minutes, signups per address in an hour. Refusals are 429 with Retry-After.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import type { Reader } from "../db/client";
import { clearEvents, countEvents, deleteEvents, oldestEvent, recordEvents, type AuthEventKind } from "../db/queries/throttle";
import type { Deps } from "../deps";
import { Refusal } from "../actions/refusal";

export const LOGIN_WINDOW_MS = 15 * 60_000;
const SIGNUP_WINDOW_MS = 60 * 60_000;
export const PER_ADDRESS_FACTOR = 10;

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

/** Throws 429 with Retry-After when `key` already has `limit` `kind` events in the window. */
export async function assertUnder(
  deps: Deps,
  r: Reader,
  kind: AuthEventKind,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
) {
  const now = deps.now();
  const since = new Date(now.getTime() - windowMs);
  const used = await countEvents(r, kind, key, since);
  if (used < limit) return;
  const oldest = (await oldestEvent(r, kind, key, since)) ?? now;
  const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  throw new Refusal("too_many", message, retryAfter);
}

const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again later.";

/** A login attempt counted in advance; see beginLoginAttempt. */
export type LoginAttempt = { email: string; eventIds: number[] };

/**
 * Refuses a login attempt for an email or address that has failed too often, and otherwise
 * counts this attempt as a failure, in one write transaction. Checking and counting together is
 * what stops a burst of parallel guesses from all passing the check before any is recorded.
 * A successful login then calls loginSucceeded, which takes the attempt back.
 */
export function beginLoginAttempt(deps: Deps, email: string, address: string): Promise<LoginAttempt> {
  const limit = deps.config.loginFailureLimit;
  return deps.database.write(async (tx) => {
    await assertUnder(deps, tx, "login_email", email, limit, LOGIN_WINDOW_MS, TOO_MANY_LOGINS);
    await assertUnder(deps, tx, "login_ip", address, limit * PER_ADDRESS_FACTOR, LOGIN_WINDOW_MS, TOO_MANY_LOGINS);
    const eventIds = await recordEvents(tx, [{ kind: "login_email", key: email }, { kind: "login_ip", key: address }], deps.now());
    return { email, eventIds };
  });
}

/** A successful login forgets that email's failures and no longer counts this attempt against the address. */
export function loginSucceeded(deps: Deps, attempt: LoginAttempt): Promise<void> {
  return deps.database.write(async (tx) => {
    await clearEvents(tx, "login_email", attempt.email);
    await deleteEvents(tx, attempt.eventIds);
  });
}

/**
 * Refuses a signup from an address past SIGNUP_LIMIT, and otherwise counts it, in one write
 * transaction (so parallel signups cannot all pass). Returns the event to take back with
 * signupFailed when the signup does not happen after all (e.g. the email is taken).
 */
export function beginSignup(deps: Deps, address: string): Promise<number[]> {
  return deps.database.write(async (tx) => {
    await assertUnder(
      deps,
      tx,
      "signup_ip",
      address,
      deps.config.signupLimit,
      SIGNUP_WINDOW_MS,
      "Too many signups from this address. Please try again later.",
    );
    return recordEvents(tx, [{ kind: "signup_ip", key: address }], deps.now());
  });
}

export function signupFailed(deps: Deps, eventIds: number[]): Promise<void> {
  return deps.database.write((tx) => deleteEvents(tx, eventIds));
}
