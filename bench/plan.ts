/**
 * The fixed reference every benchmark plans its times from (STYLE lesson 23, issue 45): not the
 * hour a run starts, but the first midnight in the doctor's zone at least the booking notice
 * after `now` (for a planning week, the first such Monday). A time planned on day 0 or later of
 * the plan is in the future and beyond the notice whatever the day and hour of the run; `now` is
 * a parameter so that src/build/bench-plan.test.ts can move the clock across a week, across
 * midnights and across daylight-saving changes.
 */
import { freeSlots, localDate, weekdayOf, type Availability } from "../src/domain/availability";
import { addDays, zonedInstant } from "../src/domain/time";

/** The app's default BOOKING_NOTICE_MINUTES (src/config/env.ts), which the bench's servers keep. */
export const NOTICE_MINUTES = 120;

export type Plan = {
  zone: string;
  /** The reference's date in `zone`, "YYYY-MM-DD". */
  date: string;
  /** The reference: 00:00 of `date` in `zone`, in ms. */
  start: number;
  /** 00:00 of a day before the reference that is always in the past: for what has already happened. */
  past: number;
  /** The instant clocks in `zone` show `time` (default 00:00) on day `day` of the plan (0 is `date`). */
  at(day: number, time?: string): number;
};

function instant(date: string, time: string, zone: string): number {
  const at = zonedInstant(date, time, zone);
  if (at === undefined) throw new Error(`plan: no instant for ${date} ${time} in ${zone}`);
  return at.getTime();
}

/**
 * The first 00:00 in `zone` at least `noticeMinutes` after `now` (ms), on `weekday` (1 Monday
 * to 7 Sunday) when given: at most a day after now + notice, or a week with a weekday.
 */
export function planFrom(now: number, zone: string, options: { weekday?: number; noticeMinutes?: number } = {}): Plan {
  const notice = options.noticeMinutes ?? NOTICE_MINUTES;
  // The reference is under notice + 25 h ahead (a week more with a weekday); a notice under 20 h
  // keeps day -2 (-8) at least a day behind now, through a clock change.
  if (notice >= 20 * 60) throw new Error("plan: a notice of 20 hours or more leaves no sure past");
  const earliest = now + notice * 60_000;
  let date = localDate(earliest, zone);
  if (instant(date, "00:00", zone) < earliest) date = addDays(date, 1);
  if (options.weekday !== undefined) date = addDays(date, (options.weekday - weekdayOf(date) + 7) % 7);
  const at = (day: number, time = "00:00") => instant(addDays(date, day), time, zone);
  return { zone, date, start: at(0), past: at(options.weekday === undefined ? -2 : -8), at };
}

/** The planning week: from the first Monday 00:00 in `zone` beyond the notice after `now`. */
export function planningWeek(now: number, zone = "UTC"): Plan {
  return planFrom(now, zone, { weekday: 1 });
}

/** Issue 26's slots row: its doctor's hours, and how many confirmed meetings it holds among them. */
export const SLOTS_ROW = {
  hours: { timeZone: "Europe/Berlin", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" })), daysOff: [] } satisfies Availability,
  meetings: 200,
  consultMinutes: 30,
};

/**
 * The slots row's confirmed meetings (their starts, ms): 7 of every 10 slots of the doctor's hours
 * from the plan's first day. They must all lie in the 14 local days of free slots the server
 * answers from today, so the plan starts at the next midnight beyond the notice (day 1 or 2 of
 * that window), not on a Monday, and the meetings fill at most 12 days: 7 of 10 of 24 slots a
 * day take 284 slots, under 12 days' 288.
 */
export function slotsRowMeetings(now: number): number[] {
  const { hours, meetings, consultMinutes } = SLOTS_ROW;
  const plan = planFrom(now, hours.timeZone);
  const slots = freeSlots(hours, [], { now: new Date(plan.start), days: 12, consultMinutes, noticeMinutes: 0 });
  const taken = slots.filter((_, i) => i % 10 < 7).slice(0, meetings).map((s) => s.start);
  if (taken.length !== meetings) throw new Error(`slots row: only ${taken.length} slots to fill from ${plan.date}`);
  return taken;
}
