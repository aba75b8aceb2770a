/**
 * Abuse limits of SERVER-RULES §3 (docs/decisions.md, "Login and signup throttles"). Failed
 * logins are counted per account (role and email): from an untrusted client, LOGIN_FAILURE_LIMIT
 * per address and ten times that across all addresses, plus ten times the limit per address
 * across accounts; from a trusted device (a valid device cookie for that account, see device.ts)
 * only that device's own failures count, so guesses from elsewhere never lock the owner out.
 * Every login and signup attempt also counts against AUTH_ATTEMPTS_PER_MINUTE per address, and
 * signups against SIGNUP_LIMIT per address an hour. Refusals are Refusal("too_many") → 429.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import type { Reader, Tx } from "../db/client";
import {
  clearEvents,
  countEventsEach,
  deleteEvents,
  oldestEvent,
  recordEvents,
  type AuthEventKind,
  type Recorded,
  type EventKeys,
} from "../db/queries/throttle";
import type { Deps } from "../config/deps";
import { Refusal } from "../domain/refusal";
import type { Throttle } from "../observe/metrics";
import { fullWindow, noteAttempt } from "./attempt-window";
import { networkOf } from "./network";

export const LOGIN_WINDOW_MS = 15 * 60_000;
const SIGNUP_WINDOW_MS = 60 * 60_000;
const ATTEMPT_WINDOW_MS = 60_000;
/** All addresses together, per account; and one address across accounts. */
export const WIDE_FACTOR = 10;

/** The comma-separated entries of a forwarding header, trimmed, empty ones dropped. */
const entries = (header: string | undefined) => (header ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "");

/**
 * The client's address. With TRUST_PROXY = n proxies in front, each proxy appends the address it
 * saw to X-Forwarded-For, so the entry n from the right is the one our outermost proxy wrote;
 * everything left of it came from the client and is never believed. Without proxies, or when the
 * header has fewer entries than proxies, the socket's address. Counted by network (./network.ts):
 * an IPv6 client per /64, an IPv4-mapped IPv6 address as the IPv4 address it maps.
 */
export function clientAddress(c: Context, deps: Deps): string {
  return networkOf(rawClientAddress(c, deps));
}

function rawClientAddress(c: Context, deps: Deps): string {
  const hops = deps.config.trustProxy;
  if (hops > 0) {
    const forwarded = entries(c.req.header("x-forwarded-for"));
    const entry = forwarded[forwarded.length - hops];
    if (entry !== undefined) return entry;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket: app.request() in tests
  }
}

/** The scheme the client used, as the trusted proxy reports it (X-Forwarded-Proto); undefined without TRUST_PROXY. */
export function forwardedProto(c: Context, deps: Deps): string | undefined {
  const hops = deps.config.trustProxy;
  if (hops === 0) return undefined;
  const proto = entries(c.req.header("x-forwarded-proto"));
  // A proxy that sets the header leaves one entry; proxies that append leave one per hop.
  return (proto.length === 1 ? proto[0] : proto[proto.length - hops])?.toLowerCase();
}

export type Limit = { kind: AuthEventKind; keys: EventKeys; limit: number; windowMs: number; message: string };

/** Which throttle refused, by the refusal (for the metrics: carebook_auth_refusals_total). */
const refusedBy = new WeakMap<Refusal, Throttle>();
const THROTTLES: Partial<Record<AuthEventKind, Throttle>> = {
  auth_attempt: "attempts_per_minute",
  login_ip: "address",
  login_device: "device",
  signup_ip: "signups_per_hour",
};

/** Refuses with 429 and Retry-After (when the oldest counted event leaves the window) once `limit` is used. */
export async function assertUnder(deps: Deps, r: Reader, limit: Limit): Promise<void> {
  const refusal = await firstRefusal(deps, r, [limit]);
  if (refusal !== undefined) throw refusal.refusal;
}

/** The refusal of the first of `limits` that is used up, all counted in one read (one round trip). */
async function firstRefusal(deps: Deps, r: Reader, limits: Limit[]): Promise<{ limit: Limit; refusal: Refusal } | undefined> {
  const now = deps.now();
  const sinceOf = (limit: Limit) => new Date(now.getTime() - limit.windowMs);
  const used = await countEventsEach(r, limits.map((l) => ({ kind: l.kind, keys: l.keys, since: sinceOf(l) })));
  const limit = limits.find((l, i) => used[i]! >= l.limit);
  if (limit === undefined) return undefined;
  const { kind, keys, windowMs, message } = limit;
  const oldest = (await oldestEvent(r, kind, keys, sinceOf(limit))) ?? now;
  const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  const refusal = new Refusal("too_many", message, retryAfter);
  const throttle = kind === "login_fail" ? ("prefix" in keys ? "account" : "account_from_address") : THROTTLES[kind];
  if (throttle !== undefined) refusedBy.set(refusal, throttle);
  return { limit, refusal };
}

/** Counts a login's or signup's refusal by its throttle in the metrics, and passes the error on. */
async function counted<T>(deps: Deps, action: "login" | "signup", attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const throttle = error instanceof Refusal ? refusedBy.get(error) : undefined;
    if (throttle !== undefined) deps.observe.metrics.authRefused(action, throttle);
    throw error;
  }
}

const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again later.";
const TOO_MANY_ATTEMPTS = "Too many attempts from this address. Please wait a minute and try again.";

/**
 * Refuses at once, before any transaction, an address that this process alone has seen reach
 * the per-minute limit (src/auth/attempt-window.ts): a flood's refusals cost no write.
 */
function refuseFlood(deps: Deps, address: string): void {
  const retryAfter = fullWindow(deps.database, address, deps.now().getTime(), ATTEMPT_WINDOW_MS, deps.config.authAttemptsPerMinute);
  if (retryAfter === undefined) return;
  const refusal = new Refusal("too_many", TOO_MANY_ATTEMPTS, retryAfter);
  refusedBy.set(refusal, "attempts_per_minute");
  throw refusal;
}

/**
 * Checks the per-minute limit on every login and signup attempt from `address`, then `limits`, in
 * one read, and refuses at the first used up; otherwise records the attempt and `events` in one
 * insert (sent with the COMMIT). Returns `events` as recorded (to take back later).
 */
async function checkAndCount(deps: Deps, tx: Tx, address: string, limits: Limit[], events: { kind: AuthEventKind; key: string }[]): Promise<Recorded> {
  const attempts: Limit = { kind: "auth_attempt", keys: { key: address }, limit: deps.config.authAttemptsPerMinute, windowMs: ATTEMPT_WINDOW_MS, message: TOO_MANY_ATTEMPTS };
  const refused = await firstRefusal(deps, tx, [attempts, ...limits]);
  const now = deps.now();
  // The attempt counts once its own limit passes, even if a later limit refuses. Remembered before
  // the commit: a transaction that then fails only makes a refusal come early by one.
  if (refused?.limit !== attempts) noteAttempt(deps.database, address, now.getTime());
  if (refused !== undefined) throw refused.refusal;
  recordEvents(tx, [{ kind: "auth_attempt", key: address }, ...events], now);
  return { events, at: now };
}

/** Who tries to log in to which account; `deviceId` when the client holds a valid device cookie for it. */
export type LoginAttemptOf = { role: string; email: string; address: string; deviceId?: string };
/** A login attempt counted in advance as a failure; see beginLoginAttempt. */
export type LoginAttempt = LoginAttemptOf & { recorded: Recorded };

/**
 * Refuses a login attempt past any limit, and otherwise counts it as a failure, in one write
 * transaction: checking and counting together stop a burst of parallel guesses from all passing
 * the check before any is recorded. A successful login then calls loginSucceeded.
 */
export function beginLoginAttempt(deps: Deps, who: LoginAttemptOf): Promise<LoginAttempt> {
  return counted(deps, "login", () => loginAttempt(deps, who));
}

async function loginAttempt(deps: Deps, who: LoginAttemptOf): Promise<LoginAttempt> {
  const limit = deps.config.loginFailureLimit;
  const login = (kind: AuthEventKind, keys: EventKeys, max: number): Limit => ({ kind, keys, limit: max, windowMs: LOGIN_WINDOW_MS, message: TOO_MANY_LOGINS });
  refuseFlood(deps, who.address);
  return deps.database.write(async (tx) => {
    if (who.deviceId !== undefined) {
      // A trusted device answers for its own failures only.
      const device = { kind: "login_device", key: who.deviceId } as const;
      const recorded = await checkAndCount(deps, tx, who.address, [login(device.kind, { key: device.key }, limit)], [device]);
      return { ...who, recorded };
    }
    const account = `${who.role} ${who.email}`;
    const limits = [
      login("login_fail", { key: `${account} ${who.address}` }, limit),
      login("login_fail", { prefix: account }, limit * WIDE_FACTOR),
      login("login_ip", { key: who.address }, limit * WIDE_FACTOR),
    ];
    const recorded = await checkAndCount(deps, tx, who.address, limits, [
      { kind: "login_fail", key: `${account} ${who.address}` },
      { kind: "login_ip", key: who.address },
    ]);
    return { ...who, recorded };
  });
}

/**
 * A successful login takes this attempt back and forgets the failures of that role and email
 * from this client only: its device when trusted, otherwise its address. Other roles, other
 * emails, other clients keep theirs. Sent with the COMMIT of `tx`, the transaction that begins
 * the session (one round trip for both).
 */
export function loginSucceeded(tx: Tx, attempt: LoginAttempt): void {
  if (attempt.deviceId !== undefined) clearEvents(tx, attempt.recorded, "login_device", attempt.deviceId);
  else clearEvents(tx, attempt.recorded, "login_fail", `${attempt.role} ${attempt.email} ${attempt.address}`);
}

/**
 * Refuses a signup from an address past SIGNUP_LIMIT (or the per-minute attempt limit), and
 * otherwise counts it, in one write transaction (so parallel signups cannot all pass). A signup
 * refused as a taken email (409) stays counted: otherwise emails could be probed without limit.
 * Returns the events to take back with signupFailed when the server itself failed.
 */
export function beginSignup(deps: Deps, address: string): Promise<Recorded> {
  return counted(deps, "signup", () => signupAttempt(deps, address));
}

async function signupAttempt(deps: Deps, address: string): Promise<Recorded> {
  refuseFlood(deps, address);
  const signups: Limit = {
    kind: "signup_ip",
    keys: { key: address },
    limit: deps.config.signupLimit,
    windowMs: SIGNUP_WINDOW_MS,
    message: "Too many signups from this address. Please try again later.",
  };
  return deps.database.write((tx) => checkAndCount(deps, tx, address, [signups], [{ kind: "signup_ip", key: address }]));
}

/** Takes back a signup's count (only for a failure of the server, never for a refusal). */
export function signupFailed(deps: Deps, recorded: Recorded): Promise<void> {
  return deps.database.write(async (tx) => deleteEvents(tx, recorded));
}

const TOO_MANY_RESETS = "Too many password reset requests. Please try again later.";

/** What a forgot-password request that passes its limits may do: send a link, or (past the account's cap) nothing. */
export type ResetAllowance = "send" | "silent";

/**
 * A forgot-password request (issue 28; issue 44, finding 4). Limited per account (role and email,
 * whether an account exists or not, so the limit tells nothing) and address: LOGIN_FAILURE_LIMIT
 * in the login window, then 429 for that address only; ten times that per address across
 * accounts; the per-minute attempt limit. Across all addresses an account has a cap of ten times
 * the limit: past it the request is counted and answered as any other, but sends nothing
 * ("silent"), so no one elsewhere can turn the owner's own requests into refusals.
 * Checked and counted in one write; never taken back.
 */
export function countResetRequest(deps: Deps, who: { role: string; email: string; address: string }): Promise<ResetAllowance> {
  const limit = deps.config.loginFailureLimit;
  const reset = (kind: AuthEventKind, keys: { key: string }, max: number): Limit => ({ kind, keys, limit: max, windowMs: LOGIN_WINDOW_MS, message: TOO_MANY_RESETS });
  const account = `${who.role} ${who.email}`;
  const fromHere = `${account} ${who.address}`;
  refuseFlood(deps, who.address);
  return deps.database.write(async (tx) => {
    // The account's count from every address: read apart, as it never refuses.
    const since = new Date(deps.now().getTime() - LOGIN_WINDOW_MS);
    const [everywhere] = await countEventsEach(tx, [{ kind: "reset_account", keys: { prefix: account }, since }]);
    const limits = [reset("reset_account", { key: fromHere }, limit), reset("reset_ip", { key: who.address }, limit * WIDE_FACTOR)];
    await checkAndCount(deps, tx, who.address, limits, [
      { kind: "reset_account", key: fromHere },
      { kind: "reset_ip", key: who.address },
    ]);
    return everywhere! >= limit * WIDE_FACTOR ? "silent" : "send";
  });
}

/** A reset link's use, or a password change, under the per-minute attempt limit of its address (each costs a password hash). */
export function countPasswordAttempt(deps: Deps, address: string): Promise<void> {
  refuseFlood(deps, address);
  return deps.database.write(async (tx) => {
    await checkAndCount(deps, tx, address, [], []);
  });
}
