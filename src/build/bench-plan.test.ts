/**
 * Issue 45: the benchmarks plan their data from a fixed reference (bench/plan.ts), so they pass on
 * any day and at any hour. The clock is moved here: every half hour of a week, the midnights of
 * the doctor's zone and of UTC, and the weeks of Europe/Berlin's 2026 clock changes, in a zone
 * without daylight saving (Asia/Kolkata), one with it (Europe/Berlin) and UTC.
 */
import { describe, expect, test } from "bun:test";
import { planFrom, planningWeek, slotsRowMeetings, NOTICE_MINUTES, SLOTS_ROW } from "../../bench/plan";
import { freeSlots, localDate, weekdayOf } from "../domain/availability";
import { wallClock } from "../domain/time";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOTICE = NOTICE_MINUTES * MIN;

/** `count` instants `step` apart from `from`. */
const every = (from: string, step: number, count: number) => Array.from({ length: count }, (_, i) => Date.parse(from) + i * step);

const EDGES = [
  "2026-11-29T22:59:00Z", // Sunday 23:59 in Berlin
  "2026-11-29T18:29:00Z", // Sunday 23:59 in Kolkata
  "2026-11-29T21:59:59.999Z", // Berlin's Monday 00:00 comes just within the notice...
  "2026-11-29T22:00:00.000Z", // ...and just beyond it
  "2026-11-29T23:59:59.999Z", // just before midnight UTC
  "2026-11-30T00:00:00.000Z", // midnight UTC
  "2026-11-30T00:00:00.001Z", // just after
].map((at) => Date.parse(at));
/** Every half hour of an ordinary week, and every half hour of the weeks of Berlin's 2026 clock changes. */
const NOWS = [
  ...EDGES,
  ...every("2026-11-23T00:00:00Z", 30 * MIN, 7 * 48),
  ...every("2026-03-23T00:00:00Z", 30 * MIN, 8 * 48), // spring forward, Sunday 29 March at 02:00
  ...every("2026-10-19T00:00:00Z", 30 * MIN, 8 * 48), // fall back, Sunday 25 October at 03:00
];
const ZONES = ["UTC", "Europe/Berlin", "Asia/Kolkata"];
const iso = (t: number) => new Date(t).toISOString();

describe("the planning week", () => {
  test.each(ZONES)("in %s: a Monday 00:00 beyond the notice, the first one; its past in the 8 days before now", (zone) => {
    for (const now of NOWS) {
      const week = planningWeek(now, zone);
      const where = `${zone} at ${iso(now)}`;
      expect(week.start, where).toBeGreaterThanOrEqual(now + NOTICE);
      expect(week.at(-7), where).toBeLessThan(now + NOTICE); // the first such Monday
      expect(weekdayOf(localDate(week.start, zone)), where).toBe(1);
      const clock = wallClock(zone, week.start);
      expect([clock.hour, clock.minute], where).toEqual([0, 0]);
      // Recent: bench:calendar's past meetings, up to 18 days before it, stay in the feed's 30 days.
      expect(week.past, where).toBeLessThan(now - 20 * HOUR);
      expect(week.past, where).toBeGreaterThan(now - 9 * DAY);
    }
  });

  test.each(ZONES)("in %s without a weekday: the next midnight beyond the notice", (zone) => {
    for (const now of NOWS) {
      const plan = planFrom(now, zone);
      const where = `${zone} at ${iso(now)}`;
      expect(plan.start, where).toBeGreaterThanOrEqual(now + NOTICE);
      expect(plan.at(-1), where).toBeLessThan(now + NOTICE);
      expect(wallClock(zone, plan.start).hour, where).toBe(0);
      expect(plan.past, where).toBeLessThan(now - 20 * HOUR);
    }
  });

  test("a time of day lands on the wall clock of the zone, across a clock change", () => {
    const week = planningWeek(Date.parse("2026-03-25T12:00:00Z"), "Europe/Berlin");
    expect(week.date).toBe("2026-03-30");
    expect(iso(week.at(-1, "10:00"))).toBe("2026-03-29T08:00:00.000Z"); // CEST, after the change
    expect(iso(week.at(-2, "10:00"))).toBe("2026-03-28T09:00:00.000Z"); // CET, before it
  });

  test("a notice of 20 hours or more is refused (it would leave no sure past)", () => {
    expect(() => planFrom(0, "UTC", { noticeMinutes: 20 * 60 })).toThrow(/notice/);
  });
});

describe("the slots row (bench:signed-in)", () => {
  const { hours, meetings, consultMinutes } = SLOTS_ROW;
  test("its 200 meetings are all among the free slots the server answers at that moment, whatever the moment", () => {
    for (const now of NOWS) {
      const planned = slotsRowMeetings(now);
      expect(planned.length).toBe(meetings);
      // What the server answers at `now` (its 14 local days, the notice), with none of them taken yet.
      const open = new Set(freeSlots(hours, [], { now: new Date(now), days: 14, consultMinutes, noticeMinutes: NOTICE_MINUTES }).map((s) => s.start));
      const outside = planned.filter((start) => !open.has(start));
      expect(outside.map(iso), `at ${iso(now)}`).toEqual([]);
    }
  });

  test("the plan is fixed for a day: the same meetings all day long in the doctor's zone", () => {
    // Wednesday 25 November 2026 in Berlin, from 00:00 to 21:59 (after 22:00 the notice reaches midnight).
    const day = every("2026-11-24T23:00:00Z", HOUR, 22).map((now) => slotsRowMeetings(now));
    for (const plan of day) expect(plan).toEqual(day[0]!);
    expect(iso(day[0]![0]!)).toBe("2026-11-26T07:00:00.000Z"); // Thursday 08:00 in Berlin
  });
});
