/**
 * This process's own memory of recent login and signup attempts per address, in front of the
 * database count (src/auth/throttle.ts). The attempts it remembers are a subset of those the
 * database counts, so when they alone reach the per-minute limit the database would refuse too:
 * a flood from one address is then refused without a write transaction, and cannot hold up
 * everyone else's writes. It never admits anything by itself; the database check still decides.
 */
import { setBounded } from "../domain/bounded";

/** Addresses remembered at most; the oldest are forgotten first (they only make refusals cheaper). */
const MAX_ADDRESSES = 10_000;
/** Per database (one per app; tests run several in one process). */
const scopes = new WeakMap<object, Map<string, number[]>>();

function seenIn(scope: object): Map<string, number[]> {
  let seen = scopes.get(scope);
  if (seen === undefined) scopes.set(scope, (seen = new Map()));
  return seen;
}

/** The attempts of `address` within `windowMs` before `now`, oldest first. */
function recent(seen: Map<string, number[]>, address: string, now: number, windowMs: number): number[] {
  const times = (seen.get(address) ?? []).filter((t) => t > now - windowMs);
  if (times.length === 0) seen.delete(address);
  else seen.set(address, times);
  return times;
}

/** Seconds until a slot frees, when this process alone has seen `limit` attempts in the window; otherwise undefined. */
export function fullWindow(scope: object, address: string, now: number, windowMs: number, limit: number): number | undefined {
  const times = recent(seenIn(scope), address, now, windowMs);
  if (times.length < limit) return undefined;
  return Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000));
}

/** Remembers one counted attempt. */
export function noteAttempt(scope: object, address: string, now: number): void {
  const seen = seenIn(scope);
  const times = seen.get(address);
  if (times === undefined) setBounded(seen, MAX_ADDRESSES, address, [now]);
  else times.push(now);
}
