/**
 * The doctor's day (issue 54 item 6): a local date's bounds in the doctor's zone, and the free
 * gaps of that day's hours once its confirmed appointments are taken out. Pure.
 */
import { isDate, isDayOff, normalized, rangeOn, type Availability, type Interval, type Slot } from "./availability";
import { addDays, dayStart } from "./time";

/** The JSON API's word for a date that is not a real YYYY-MM-DD. */
export const DAY_DATE_INVALID = "date must be a date YYYY-MM-DD";

/** [from, to): the instants of `date` in `zone` (a day over a clock change lasts as long as it does). */
export function dayBounds(date: string, zone: string): { from: Date; to: Date } | undefined {
  if (!isDate(date)) return undefined;
  const from = dayStart(date, zone);
  const to = dayStart(addDays(date, 1), zone);
  return from === undefined || to === undefined ? undefined : { from, to };
}

/**
 * The free parts of the weekly ranges of `date` (none on a day off), each as long as it lasts,
 * with its range's place; ranges at a place not among `kept` (removed) offer none. In time order.
 */
export function dayGaps(a: Availability | undefined, date: string, busy: readonly Interval[], kept: ReadonlySet<string>): Slot[] {
  if (a === undefined || isDayOff(date, a.daysOff)) return [];
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  const taken = [...busy].sort((x, y) => x.start - y.start);
  const gaps: Slot[] = [];
  for (const range of normalized(a).weekly) {
    if (range.day !== weekday || (range.placeId !== undefined && !kept.has(range.placeId))) continue;
    const span = rangeOn(date, range, a.timeZone);
    if (span === undefined) continue;
    let start = span.start;
    for (const b of taken) {
      if (b.end <= start || b.start >= span.end) continue;
      if (b.start > start) gaps.push(withPlace({ start, end: b.start }, range.placeId));
      start = Math.max(start, b.end);
    }
    if (start < span.end) gaps.push(withPlace({ start, end: span.end }, range.placeId));
  }
  return gaps.sort((x, y) => x.start - y.start);
}

const withPlace = (i: Interval, placeId: string | undefined): Slot => (placeId === undefined ? i : { ...i, placeId });
