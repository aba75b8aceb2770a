/** Counted auth events behind the login and signup limits. */
import { and, count, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
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

/** Records events and returns their ids, in the order given. */
export async function recordEvents(tx: Tx, events: { kind: AuthEventKind; key: string }[], at: Date): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .insert(authEvents)
    .values(events.map((e) => ({ ...e, at })))
    .returning({ id: authEvents.id })
    .all();
  return rows.map((r) => r.id);
}

/** Forgets single events by id (an attempt that turned out not to count). */
export async function deleteEvents(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(authEvents).where(inArray(authEvents.id, ids));
}

/** Forgets every `kind` event for one key. */
export async function clearEvents(tx: Tx, kind: AuthEventKind, key: string): Promise<void> {
  await tx.delete(authEvents).where(and(eq(authEvents.kind, kind), eq(authEvents.key, key)));
}

/** Forgets events older than `before`; nothing counts them any more. */
export async function pruneEvents(tx: Tx, before: Date): Promise<void> {
  await tx.delete(authEvents).where(lt(authEvents.at, before));
}
