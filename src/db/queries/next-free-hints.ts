/**
 * The kept next-free hints of the directory (issue 57): which public doctors need theirs computed
 * (none yet, set to null by a trigger, or already past), with what their free slots are made of
 * but the held offers (an offer that runs out frees its slot without a write, so a hint must not
 * count it); and the hints written back. Read and written in one transaction by the tick.
 */
import { sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { doctorAvailability, doctors, nextFreeHintState } from "../schema";
import { busyOf, placesOf, toSource, type SlotSource, type SourceRow } from "./availability";

/**
 * The ids of the public doctors whose hint is unknown, then of those whose hint is before `now`:
 * two searches of doctors_directory_next (its null entries, then the range before `now`), each
 * stopping at the caller's limit. One `is null or <` condition would walk the whole index when
 * few are stale, which is most of the time.
 */
const staleIds = (now: Date) => {
  const isPublic = sql`d.status = 'approved' and d.registration_number is not null and d.registration_council is not null`;
  return sql`select id from (select d.id from ${doctors} d indexed by doctors_directory_next where ${isPublic} and d.next_free_hint is null)
    union all select id from (select d.id from ${doctors} d indexed by doctors_directory_next where ${isPublic} and d.next_free_hint < ${now.getTime()})`;
};

/** Up to `limit` public doctors whose hint is unknown or before `now`, with their hours, confirmed meetings of [from, to) and places. */
export async function staleHintSources(tx: Tx, now: Date, from: Date, to: Date, limit: number): Promise<SlotSource[]> {
  const rows = await tx.all<SourceRow>(sql`
    select d.id, d.status, h.time_zone, h.weekly, h.days_off, h.instant_booking,
      case when h.doctor_id is null then '[]' else ${busyOf(from, to)} end as busy, '[]' as held, ${placesOf} as places
    from (${staleIds(now)} limit ${limit}) stale join ${doctors} d on d.id = stale.id left join ${doctorAvailability} h on h.doctor_id = d.id`);
  return rows.map(toSource);
}

/** Whether any public doctor's hint is unknown or before `now` (a read, so an instance with nothing to do writes nothing). */
export async function anyStaleHint(r: Reader, now: Date): Promise<boolean> {
  const rows = await r.all(sql`${staleIds(now)} limit 1`);
  return rows.length > 0;
}

/** The settings the kept hints were computed with (undefined: not recorded, so not known). */
export async function hintSettings(r: Reader): Promise<string | undefined> {
  return (await r.select({ settings: nextFreeHintState.settings }).from(nextFreeHintState).get())?.settings;
}

/** Forgets every kept hint (the tick computes them again) and records `settings` as theirs from now on. */
export async function clearHints(tx: Tx, settings: string): Promise<void> {
  await tx.run(sql`update ${doctors} set next_free_hint = null where next_free_hint is not null`);
  await tx.insert(nextFreeHintState).values({ id: 1, settings }).onConflictDoUpdate({ target: nextFreeHintState.id, set: { settings } });
}

/** Writes the hints worked out in the same transaction. */
export async function saveHints(tx: Tx, hints: { id: string; hint: number }[]): Promise<void> {
  for (const { id, hint } of hints) await tx.run(sql`update ${doctors} set next_free_hint = ${hint} where id = ${id}`);
}
