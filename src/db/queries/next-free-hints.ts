/**
 * The kept next-free hints of the directory (issue 57): which public doctors need theirs computed
 * (none yet, set to null by a trigger, reached by the booking notice), with what their free slots are made of
 * but the held offers (an offer that runs out frees its slot without a write, so a hint must not
 * count it); and the hints written back. Read and written in one transaction by the tick.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { doctorAvailability, doctors, nextFreeHintState } from "../schema";
import { HINT_GRAIN_MS, noneHint } from "../schema/accounts";
import { busyOf, placesOf, toSource, type SlotSource, type SourceRow } from "./availability";
import { publicWhere } from "./public-directory";

/**
 * A kept hint is either exact (a slot start: a whole minute, as hours are written) or says that
 * none is free before it (`noneBefore`: a whole minute and 1 ms), so SQL tells them apart by the
 * remainder alone (`isExact`). A slot start that is not a whole minute (a test's consultation of
 * 0.02 min) reads as "none before": the safe side, worked out again when it matters.
 */
export const noneBefore = (bound: number): number => Math.floor(bound / HINT_GRAIN_MS) * HINT_GRAIN_MS + 1;
const hintOfD = { nextFreeHint: sql.raw("d.next_free_hint") };
export const isExact = sql`not (${noneHint(hintOfD)})`;

/** Which hints need computing: unknown ones, those the booking notice has reached (before `fresh`), and "none before" ones up to `noneUntil`. */
export type Staleness = { fresh: number; noneUntil: number };

/**
 * The ids of the public doctors `where` keeps whose hint needs computing: three searches, two of
 * doctors_directory_next (its null entries, the range before `fresh`) and one of
 * doctors_directory_none (the "none before" ones of [fresh, noneUntil]). One `is null or <`
 * condition would walk the whole index when few are stale, which is most of the time.
 */
export const staleIds = ({ fresh, noneUntil }: Staleness, where: SQL = sql.join(publicWhere({}), sql` and `)) =>
  sql`select id from (select d.id from ${doctors} d indexed by doctors_directory_next where ${where} and d.next_free_hint is null)
    union all select id from (select d.id from ${doctors} d indexed by doctors_directory_next where ${where} and d.next_free_hint < ${fresh})
    union all select id from (select d.id from ${doctors} d indexed by doctors_directory_none where ${where}
      and d.next_free_hint >= ${fresh} and d.next_free_hint <= ${noneUntil} and ${noneHint(hintOfD)})`;

/** Up to `limit` public doctors whose hint needs computing, with their hours, confirmed meetings of [from, to) and places. */
export async function staleHintSources(tx: Tx, stale: Staleness, from: Date, to: Date, limit: number): Promise<SlotSource[]> {
  const rows = await tx.all<SourceRow>(sql`
    select d.id, d.status, h.time_zone, h.weekly, h.days_off, h.instant_booking,
      case when h.doctor_id is null then '[]' else ${busyOf(from, to)} end as busy, '[]' as held, ${placesOf} as places
    from (${staleIds(stale)} limit ${limit}) stale join ${doctors} d on d.id = stale.id left join ${doctorAvailability} h on h.doctor_id = d.id`);
  return rows.map(toSource);
}

/** Whether any public doctor's hint needs computing (a read, so an instance with nothing to do writes nothing). */
export async function anyStaleHint(r: Reader, stale: Staleness): Promise<boolean> {
  const rows = await r.all(sql`${staleIds(stale)} limit 1`);
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
