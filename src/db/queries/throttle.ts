/** Counted auth events behind the login and signup limits. */
import { and, count, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { authEvents } from "../schema";

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

/** Records events (in one statement) and returns them with their ids. */
export async function recordEvents(tx: Tx, events: { kind: AuthEventKind; key: string }[], at: Date): Promise<{ id: number; kind: AuthEventKind }[]> {
  if (events.length === 0) return [];
  return tx
    .insert(authEvents)
    .values(events.map((e) => ({ ...e, at })))
    .returning({ id: authEvents.id, kind: authEvents.kind })
    .all();
}

/** Forgets single events by id (an attempt that turned out not to count). */
export async function deleteEvents(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(authEvents).where(inArray(authEvents.id, ids));
}

/** Forgets single events by id and every `kind` event for one key, in one statement. */
export async function clearEvents(tx: Tx, ids: number[], kind: AuthEventKind, key: string): Promise<void> {
  const byKey = and(eq(authEvents.kind, kind), eq(authEvents.key, key));
  await tx.delete(authEvents).where(ids.length === 0 ? byKey : or(inArray(authEvents.id, ids), byKey));
}

/** Forgets events older than `before`; nothing counts them any more. */
export async function pruneEvents(tx: Tx, before: Date): Promise<void> {
  await tx.delete(authEvents).where(lt(authEvents.at, before));
}
