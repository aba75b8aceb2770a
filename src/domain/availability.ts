/**
 * A doctor's hours and the free slots they leave (issue 26). Pure: the hours are wall-clock times
 * in the doctor's own zone, turned into instants day by day (src/domain/time.ts), so a slot is
 * always where the doctor's clock says it is, across daylight-saving changes.
 */
import { addDays, instantOnDay, isTimeZone, wallClock, zonedInstant } from "./time";

/**
 * One range of a weekday: `day` 1 (Monday) to 7 (Sunday), `start`/`end` "HH:MM" (end may be
 * "24:00"); `placeId` (issue 54): at that place of the doctor's, in person; absent, by video.
 */
export type WeeklyRange = { day: number; start: string; end: string; placeId?: string };
/** Days off: inclusive "YYYY-MM-DD" dates in the doctor's zone. */
export type DaysOff = { from: string; to: string };
/**
 * A doctor's hours; `instantBooking` (issue 40, false when absent): a patient's tap on a free
 * time books it, confirmed, instead of sending a request.
 */
export type Availability = { timeZone: string; weekly: WeeklyRange[]; daysOff: DaysOff[]; instantBooking?: boolean };
/** A doctor's next free slot start, and whether a patient can book it at once (issue 40). */
export type NextFree = { start: number; instant: boolean };
/** A busy or free interval, in ms since the epoch, half-open [start, end). */
export type Interval = { start: number; end: number };
/** A free slot: an interval, and the place of the range it is in (issue 54; absent: by video). */
export type Slot = Interval & { placeId?: string };

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const MAX_RANGES = 42;
/** A booking names at most three preferred times, each the start of a free slot. */
export const MAX_PREFERRED = 3;
export const MAX_DAYS_OFF = 100;
/** The API's window of free slots, in days: from 1 to 31, 14 unless asked. */
export const SLOT_DAYS = { min: 1, max: 31, default: 14 };

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of an "HH:MM" (24:00 is 1440), or NaN when malformed. */
export function minutesOf(time: string): number {
  if (!HHMM.test(time)) return NaN;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Whether `date` is a real "YYYY-MM-DD". */
export function isDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** What is wrong with hours, naming the field, or undefined when they are sound. */
export function availabilityProblem(a: Availability): { field: string; message: string } | undefined {
  if (!isTimeZone(a.timeZone)) return { field: "timeZone", message: "timeZone must be a known IANA time zone, e.g. Europe/Berlin" };
  for (const [i, r] of a.weekly.entries()) {
    const field = `weekly[${i}]`;
    if (!Number.isInteger(r.day) || r.day < 1 || r.day > 7) return { field: `${field}.day`, message: `${field}.day must be 1 (Monday) to 7 (Sunday)` };
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    if (Number.isNaN(start) || start === 1440) return { field: `${field}.start`, message: `${field}.start must be a time HH:MM` };
    if (Number.isNaN(end)) return { field: `${field}.end`, message: `${field}.end must be a time HH:MM (or 24:00)` };
    if (end <= start) return { field: `${field}.end`, message: `${field}.end must be after its start` };
  }
  for (let day = 1; day <= 7; day++) {
    const ranges = a.weekly.map((r, i) => ({ i, start: minutesOf(r.start), end: minutesOf(r.end), day: r.day })).filter((r) => r.day === day);
    ranges.sort((x, y) => x.start - y.start);
    for (let k = 1; k < ranges.length; k++) {
      if (ranges[k]!.start < ranges[k - 1]!.end) {
        return { field: `weekly[${ranges[k]!.i}]`, message: `weekly[${ranges[k]!.i}] overlaps another range on ${WEEKDAYS[day - 1]}` };
      }
    }
  }
  for (const [i, d] of a.daysOff.entries()) {
    const field = `daysOff[${i}]`;
    if (!isDate(d.from)) return { field: `${field}.from`, message: `${field}.from must be a date YYYY-MM-DD` };
    if (!isDate(d.to)) return { field: `${field}.to`, message: `${field}.to must be a date YYYY-MM-DD` };
    if (d.to < d.from) return { field: `${field}.to`, message: `${field}.to must not be before its from` };
  }
  return undefined;
}

/** The same hours in a stable order: by weekday and start; days off by date. */
export function normalized(a: Availability): Availability {
  return {
    timeZone: a.timeZone,
    weekly: [...a.weekly].sort((x, y) => x.day - y.day || minutesOf(x.start) - minutesOf(y.start)),
    daysOff: [...a.daysOff].sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0)),
    instantBooking: a.instantBooking === true,
  };
}

/** The date in `zone` at `instant`, "YYYY-MM-DD". */
export function localDate(instant: number, zone: string): string {
  const w = wallClock(zone, instant);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** 1 (Monday) to 7 (Sunday) for a "YYYY-MM-DD". */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function isDayOff(date: string, daysOff: DaysOff[]): boolean {
  return daysOff.some((d) => d.from <= date && date <= d.to);
}

/** The instants a weekly range covers on `date` in `zone`: [start, end). */
export function rangeOn(date: string, range: WeeklyRange, zone: string): Interval | undefined {
  const start = instantOnDay(date, range.start, zone);
  const end = instantOnDay(date, range.end, zone);
  if (start === undefined || end === undefined || end.getTime() <= start.getTime()) return undefined;
  return { start: start.getTime(), end: end.getTime() };
}

export type SlotOptions = {
  now: Date;
  /** Local days of the doctor's zone, today first. */
  days: number;
  consultMinutes: number;
  noticeMinutes: number;
  /** Stop after this many slots (e.g. 1 for "the next free time"). */
  limit?: number;
};

/** The first start a slot may have at `now` with a booking notice of `noticeMinutes`. */
export const earliestStart = (now: Date, noticeMinutes: number): number => now.getTime() + Math.round(noticeMinutes * 60_000);

/**
 * Every consultation-length slot inside the weekly hours of the `days` local dates from today in
 * the doctor's zone, outside days off, overlapping no `busy` interval (confirmed meetings, any
 * order), starting at least the notice after `now`; in time order. Each range is cut into slots
 * from its start in real time, so a range over a clock change holds as many slots as it lasts.
 */
export function freeSlots(a: Availability, busy: Interval[], options: SlotOptions): Slot[] {
  const length = Math.round(options.consultMinutes * 60_000);
  if (length <= 0) return [];
  const earliest = earliestStart(options.now, options.noticeMinutes);
  const taken = [...busy].sort((x, y) => x.start - y.start);
  const byDay = normalized(a).weekly;
  const limit = options.limit ?? Infinity;
  const today = localDate(options.now.getTime(), a.timeZone);
  const slots: Slot[] = [];
  let b = 0;
  for (let i = 0; i < options.days; i++) {
    const date = addDays(today, i);
    if (isDayOff(date, a.daysOff)) continue;
    const weekday = weekdayOf(date);
    for (const range of byDay) {
      if (range.day !== weekday) continue;
      const span = rangeOn(date, range, a.timeZone);
      if (span === undefined) continue;
      for (let start = span.start; start + length <= span.end; start += length) {
        if (start < earliest) continue;
        const end = start + length;
        // Busy intervals are sorted by start and slots only move forward: skip those already over.
        while (b < taken.length && taken[b]!.end <= start) b++;
        let clash = false;
        for (let k = b; k < taken.length && taken[k]!.start < end; k++) {
          if (taken[k]!.end > start) {
            clash = true;
            break;
          }
        }
        if (clash) continue;
        slots.push(range.placeId === undefined ? { start, end } : { start, end, placeId: range.placeId });
        if (slots.length >= limit) return slots;
      }
    }
  }
  return slots;
}

/** Whether a consultation [start, start + minutes) lies inside the doctor's hours on a working day. */
export function withinHours(a: Availability, start: Date, consultMinutes: number): boolean {
  const from = start.getTime();
  const to = from + Math.round(consultMinutes * 60_000);
  const date = localDate(from, a.timeZone);
  if (isDayOff(date, a.daysOff)) return false;
  const weekday = weekdayOf(date);
  return a.weekly.some((range) => {
    if (range.day !== weekday) return false;
    const span = rangeOn(date, range, a.timeZone);
    return span !== undefined && span.start <= from && to <= span.end;
  });
}

/** Why a time is outside the hours (whyOutside), with the hours' zone. */
export type OutsideWhy = ({ dayOff: string } | { weekday: number; ranges: WeeklyRange[] }) & { zone: string };
/** A time asked about before it is scheduled (issue 39): whose request, when (ISO), and, at the second question, why it is outside the hours. */
/** Issue 54: `placeId`, the place the doctor chose (or "video"), carried through the question. */
export type ScheduleQuestion = { appointmentId: string; patientId: string; name: string; at: string; why?: OutsideWhy; placeId?: string };

/**
 * Why a time is not within the doctor's hours (issue 39: the second confirmation names it): a
 * day off (its date in the hours' zone), or that weekday's ranges; undefined when it is within.
 */
export function whyOutside(a: Availability, start: Date, consultMinutes: number): { dayOff: string } | { weekday: number; ranges: WeeklyRange[] } | undefined {
  if (withinHours(a, start, consultMinutes)) return undefined;
  const date = localDate(start.getTime(), a.timeZone);
  if (isDayOff(date, a.daysOff)) return { dayOff: date };
  // No weekly hours: "by request" (the form's every day left empty), every time the doctor's to
  // choose; a doctor who saved only their zone there is asked nothing more (issue 52).
  if (a.weekly.length === 0) return undefined;
  const weekday = weekdayOf(date);
  return { weekday, ranges: a.weekly.filter((r) => r.day === weekday) };
}

/**
 * Until when free slots computed at `now` stay true by the clock alone: until the first falls
 * inside the notice window, and at most an hour (new days come into the window).
 */
export function slotsHoldUntil(slots: Interval[], noticeMinutes: number, now: Date): number {
  const cap = now.getTime() + 3_600_000;
  return slots.length === 0 ? cap : Math.min(cap, slots[0]!.start - Math.round(noticeMinutes * 60_000) + 1);
}
