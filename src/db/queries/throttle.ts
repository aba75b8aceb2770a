/** Counted auth events behind the login and signup limits. */
import { and, count, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { authEvents } from "../schema";
import { atCommit } from "../at-commit";

export type AuthEventKind = (typeof authEvents.$inferSelect)["kind"];

/**
 * Which events a limit counts: one key, or every key that starts with `prefix` followed by a
 * space (e.g. all addresses of one account, "role email "). Keys hold no control characters, so
 * the range [prefix + " ", prefix + "!") is exactly those keys, and it uses the index.
 */
export type EventKeys = { key: string } | { prefix: string };

function matching(kind: AuthEventKind, keys: EventKeys, since: Date): SQL | undefined {
  const key =
    "key" in keys ? eq(authEvents.key, keys.key) : and(gte(authEvents.key, `${keys.prefix} `), lt(authEvents.key, `${keys.prefix}!`));
  return and(eq(authEvents.kind, kind), key, gte(authEvents.at, since));
}

/** How many `kind` events for `keys` happened at or after `since`. */
export async function countEvents(r: Reader, kind: AuthEventKind, keys: EventKeys, since: Date): Promise<number> {
  const row = await r.select({ n: count() }).from(authEvents).where(matching(kind, keys, since)).get();
  return row?.n ?? 0;
}

/** Several counts of `countEvents` in one statement (one round trip), in the order given. */
export async function countEventsEach(r: Reader, counts: { kind: AuthEventKind; keys: EventKeys; since: Date }[]): Promise<number[]> {
  if (counts.length === 0) return [];
  const columns = counts.map((c, i) => sql`(select count(*) from ${authEvents} where ${matching(c.kind, c.keys, c.since)}) as ${sql.identifier(`n${i}`)}`);
  const row = await r.get<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  return counts.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}

/** The oldest `kind` event for `keys` since `since`: when it leaves the window, a slot frees up. */
export async function oldestEvent(r: Reader, kind: AuthEventKind, keys: EventKeys, since: Date): Promise<Date | undefined> {
  const row = await r
    .select({ at: authEvents.at })
    .from(authEvents)
    .where(matching(kind, keys, since))
    .orderBy(authEvents.at)
    .limit(1)
    .get();
  return row?.at;
}

/**
 * Records events in one statement, sent with `tx`'s COMMIT (src/db/at-commit.ts): the limits
 * were read in the same write transaction, so no other attempt counts in between.
 */
export function recordEvents(tx: Tx, events: { kind: AuthEventKind; key: string }[], at: Date): void {
  if (events.length === 0) return;
  atCommit(tx, tx.insert(authEvents).values(events.map((e) => ({ ...e, at }))));
}

/** Events recorded together, to take back later: which ones, and when. */
export type Recorded = { events: { kind: AuthEventKind; key: string }[]; at: Date };

/** One event of each of `recorded` (events alike are interchangeable for the counts). */
function oneOfEach({ events, at }: Recorded): SQL {
  const ids = events.map((e) => sql`(select ${authEvents.id} from ${authEvents} where ${and(eq(authEvents.kind, e.kind), eq(authEvents.key, e.key), eq(authEvents.at, at))} limit 1)`);
  return sql`${authEvents.id} in (${sql.join(ids, sql`, `)})`;
}

/** Takes back events an attempt recorded (it turned out not to count); sent with the COMMIT. */
export function deleteEvents(tx: Tx, recorded: Recorded): void {
  if (recorded.events.length === 0) return;
  atCommit(tx, tx.delete(authEvents).where(oneOfEach(recorded)));
}

/** Takes back `recorded` and forgets every `kind` event for one key, in one statement sent with the COMMIT. */
export function clearEvents(tx: Tx, recorded: Recorded, kind: AuthEventKind, key: string): void {
  const byKey = and(eq(authEvents.kind, kind), eq(authEvents.key, key));
  atCommit(tx, tx.delete(authEvents).where(recorded.events.length === 0 ? byKey : or(oneOfEach(recorded), byKey)));
}

/**
 * Issue 51: forgets every event keyed by the account ("role email ...": failed logins, reset
 * requests), for its erasure; sent with the COMMIT.
 */
export function forgetAccountEvents(tx: Tx, role: string, email: string): void {
  const prefix = `${role} ${email}`;
  atCommit(tx, tx.delete(authEvents).where(and(inArray(authEvents.kind, ["login_fail", "reset_account"]), gte(authEvents.key, `${prefix} `), lt(authEvents.key, `${prefix}!`))));
}
