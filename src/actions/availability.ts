/**
 * A doctor's hours and the free slots they leave (issue 26): set and read the hours, list a
 * doctor's free slots, a doctor's next free time (the directory's cards, ./directory.ts), and check a
 * patient's preferred times against the free slots (inside the booking's transaction).
 */
import type { Reader } from "../db/client";
import { readAvailability, saveAvailability, slotSource, slotSourcesFor, type KeptPlace, type SlotSource } from "../db/queries/availability";
import { listPlaces } from "../db/queries/places";
import type { Deps } from "../config/deps";
import { availabilityProblem, freeSlots, normalized, SLOT_DAYS, type Availability, type Interval, type NextFree, type Slot } from "../domain/availability";
import { invalid, notFound } from "../domain/refusal";
import { setAccountTimeZone } from "../db/queries/accounts";
import { canonicalZone } from "../domain/zones";

export const HOURS_SAVED = "Hours saved successfully";
/** The end of the refusal of a range at a place that is not the doctor's (issue 54), after its field. */
export const PLACE_NOT_YOURS = "is not one of your places";
export const PREFERRED_NOT_FREE = "preferredTimes must be free times of this doctor: one of them is not (or no longer) free, please choose again";

const DAY_MS = 24 * 3_600_000;

/** The doctor's hours, or null before any are set. */
export async function getAvailability(deps: Deps, doctorId: string): Promise<Availability | null> {
  return (await readAvailability(deps.database.db, doctorId)) ?? null;
}

/**
 * Replaces the doctor's hours (checked again here: the form and the API share this rule). Their
 * zone is the doctor's one zone (issue 52): the account's too, the zone of every time they read.
 */
export async function setAvailability(deps: Deps, doctorId: string, input: Availability): Promise<Availability> {
  const problem = availabilityProblem(input);
  if (problem !== undefined) throw invalid(problem.message);
  const hours = normalized(input);
  await deps.database.write(async (tx) => {
    // Issue 54: each range's place is one the doctor keeps (another doctor's, or unknown: 400).
    if (input.weekly.some((r) => r.placeId !== undefined)) {
      const kept = new Set((await listPlaces(tx, doctorId)).map((p) => p.id));
      const i = input.weekly.findIndex((r) => r.placeId !== undefined && !kept.has(r.placeId));
      if (i >= 0) throw invalid(`weekly[${i}].placeId ${PLACE_NOT_YOURS}`);
    }
    await saveAvailability(tx, doctorId, hours, deps.now());
    await setAccountTimeZone(tx, "doctor", doctorId, canonicalZone(hours.timeZone), false);
  });
  return hours;
}

/**
 * The free slots a source leaves from `now` over `days` local days (none without hours). A range
 * at a place the doctor no longer keeps (issue 54) offers none.
 */
export function slotsOf(deps: Deps, source: SlotSource, now: Date, days: number, limit?: number): Slot[] {
  if (source.availability === undefined) return [];
  const { consultMinutes, bookingNoticeMinutes } = deps.config;
  const kept = new Set(source.places.map((p) => p.id));
  const weekly = source.availability.weekly.filter((r) => r.placeId === undefined || kept.has(r.placeId));
  return freeSlots({ ...source.availability, weekly }, source.busy, { now, days, consultMinutes, noticeMinutes: bookingNoticeMinutes, limit });
}

/** The window of instants `days` local days can cover in any zone: a day either side. */
export const windowOf = (now: Date, days: number) => ({ from: now, to: new Date(now.getTime() + (days + 1) * DAY_MS) });

export type DoctorSlots = { timeZone: string | null; slots: Slot[]; availability: Availability | null; places: KeptPlace[] };

/**
 * An approved doctor's free slots over the next `days` local days (their zone's), in time order;
 * the zone is null and the list empty for a doctor "by request". Not found: unknown or not approved.
 */
export async function doctorFreeSlots(deps: Deps, doctorId: string, days: number = SLOT_DAYS.default, r: Reader = deps.database.db, limit?: number): Promise<DoctorSlots> {
  const now = deps.now();
  const { from, to } = windowOf(now, days);
  const source = await slotSource(r, doctorId, from, to);
  if (source === undefined || source.status !== "approved") throw notFound("Doctor");
  return { timeZone: source.availability?.timeZone ?? null, slots: slotsOf(deps, source, now, days, limit), availability: source.availability ?? null, places: source.places };
}


/** The first `limit` free slots of each of the doctors `ids` within `days`, by doctor (one query; a doctor without hours or not approved has none). */
export async function freeSlotsOfDoctors(deps: Deps, ids: readonly string[], days: number, limit: number, r: Reader = deps.database.db): Promise<Map<string, Interval[]>> {
  const now = deps.now();
  const { from, to } = windowOf(now, days);
  const sources = await slotSourcesFor(r, ids, from, to);
  return new Map(sources.map((source) => [source.doctorId, slotsOf(deps, source, now, days, limit)]));
}

/** A source's next free slot start within `days`, and whether it books at once; undefined for none. */
export function nextFreeOf(deps: Deps, source: SlotSource, now: Date, days: number): NextFree | undefined {
  const [first] = slotsOf(deps, source, now, days, 1);
  return first === undefined ? undefined : { start: first.start, instant: source.availability?.instantBooking === true };
}

/**
 * Refuses (400) preferred times that are not starts of the doctor's free slots; read inside the
 * booking's transaction. The first preferred slot, and the doctor's kept places (issue 54: it
 * gives the request its visit), or undefined without preferred times.
 */
export async function checkPreferredTimes(deps: Deps, r: Reader, doctorId: string, preferred: Date[]): Promise<{ first: Slot; places: KeptPlace[] } | undefined> {
  if (preferred.length === 0) return undefined;
  const { slots, places } = await doctorFreeSlots(deps, doctorId, SLOT_DAYS.max, r);
  const byStart = new Map(slots.map((s) => [s.start, s]));
  if (!preferred.every((p) => byStart.has(p.getTime()))) throw invalid(PREFERRED_NOT_FREE);
  return { first: byStart.get(preferred[0]!.getTime())!, places };
}
