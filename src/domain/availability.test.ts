import { describe, expect, test } from "bun:test";
import { availabilityProblem, freeSlots, localDate, weekdayOf, withinHours, type Availability } from "./availability";
import { addDays } from "./time";

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => new Date(s);

describe("availabilityProblem", () => {
  const ok: Availability = { timeZone: "Europe/Berlin", weekly: [{ day: 1, start: "09:00", end: "12:00" }, { day: 1, start: "13:00", end: "24:00" }], daysOff: [{ from: "2026-12-24", to: "2026-12-26" }] };
  test("sound hours pass, with a range ending at 24:00", () => expect(availabilityProblem(ok)).toBeUndefined());
  test("an unknown zone names timeZone", () => expect(availabilityProblem({ ...ok, timeZone: "Mars/Olympus" })?.field).toBe("timeZone"));
  test("end before start names the range's end", () =>
    expect(availabilityProblem({ ...ok, weekly: [{ day: 2, start: "10:00", end: "09:00" }] })?.field).toBe("weekly[0].end"));
  test("overlapping ranges of one day name the later range", () =>
    expect(availabilityProblem({ ...ok, weekly: [{ day: 3, start: "09:00", end: "12:00" }, { day: 3, start: "11:30", end: "14:00" }] })?.field).toBe("weekly[1]"));
  test("touching ranges and the same hours on two days are fine", () =>
    expect(availabilityProblem({ ...ok, weekly: [{ day: 3, start: "09:00", end: "12:00" }, { day: 3, start: "12:00", end: "14:00" }, { day: 4, start: "09:00", end: "12:00" }] })).toBeUndefined());
  test("malformed times, days and dates are refused", () => {
    expect(availabilityProblem({ ...ok, weekly: [{ day: 8, start: "09:00", end: "10:00" }] })?.field).toBe("weekly[0].day");
    expect(availabilityProblem({ ...ok, weekly: [{ day: 1, start: "9:00", end: "10:00" }] })?.field).toBe("weekly[0].start");
    expect(availabilityProblem({ ...ok, weekly: [{ day: 1, start: "24:00", end: "24:00" }] })?.field).toBe("weekly[0].start");
    expect(availabilityProblem({ ...ok, daysOff: [{ from: "2026-02-30", to: "2026-03-01" }] })?.field).toBe("daysOff[0].from");
    expect(availabilityProblem({ ...ok, daysOff: [{ from: "2026-03-02", to: "2026-03-01" }] })?.field).toBe("daysOff[0].to");
  });
});

describe("calendar arithmetic", () => {
  test("addDays crosses months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
  test("weekdayOf: Monday is 1, Sunday 7", () => {
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-29")).toBe(7);
  });
  test("localDate reads the zone's calendar", () => {
    expect(localDate(at("2026-11-23T23:30:00Z").getTime(), "Europe/Berlin")).toBe("2026-11-24");
    expect(localDate(at("2026-11-23T23:30:00Z").getTime(), "America/New_York")).toBe("2026-11-23");
  });
});

const slotOptions = { consultMinutes: 30, noticeMinutes: 120 };

describe("freeSlots", () => {
  // Monday 23 November 2026, 06:00 in Berlin (05:00 UTC).
  const now = at("2026-11-23T05:00:00Z");
  const berlin: Availability = { timeZone: "Europe/Berlin", weekly: [{ day: 1, start: "09:00", end: "11:00" }, { day: 2, start: "09:00", end: "10:00" }], daysOff: [] };

  test("cuts each range into consultation-length slots, in UTC, in time order", () => {
    const slots = freeSlots(berlin, [], { ...slotOptions, now, days: 2 });
    expect(slots.map((s) => iso(s.start))).toEqual([
      "2026-11-23T08:00:00.000Z", "2026-11-23T08:30:00.000Z", "2026-11-23T09:00:00.000Z", "2026-11-23T09:30:00.000Z",
      "2026-11-24T08:00:00.000Z", "2026-11-24T08:30:00.000Z",
    ]);
    expect(slots[0]!.end - slots[0]!.start).toBe(30 * 60_000);
  });

  test("the notice window drops slots that start too soon", () => {
    const slots = freeSlots(berlin, [], { ...slotOptions, now: at("2026-11-23T06:15:00Z"), days: 1 });
    // 06:15 UTC + 2 h = 08:15 UTC: 08:00 is too soon, 08:30 is the first.
    expect(iso(slots[0]!.start)).toBe("2026-11-23T08:30:00.000Z");
  });

  test("a confirmed meeting removes every slot it overlaps, even off the grid", () => {
    const busy = [{ start: at("2026-11-23T08:45:00Z").getTime(), end: at("2026-11-23T09:15:00Z").getTime() }];
    const slots = freeSlots(berlin, busy, { ...slotOptions, now, days: 1 });
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-23T08:00:00.000Z", "2026-11-23T09:30:00.000Z"]);
  });

  test("days off remove whole local days", () => {
    const slots = freeSlots({ ...berlin, daysOff: [{ from: "2026-11-23", to: "2026-11-23" }] }, [], { ...slotOptions, now, days: 2 });
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-24T08:00:00.000Z", "2026-11-24T08:30:00.000Z"]);
  });

  test("days counts local dates from today in the doctor's zone; limit stops early", () => {
    expect(freeSlots(berlin, [], { ...slotOptions, now, days: 1 })).toHaveLength(4);
    expect(freeSlots(berlin, [], { ...slotOptions, now, days: 8 })).toHaveLength(6 + 4);
    expect(freeSlots(berlin, [], { ...slotOptions, now, days: 8, limit: 1 })).toHaveLength(1);
  });

  test("Europe/Berlin across the spring change: 09:00 local is 08:00 UTC before, 07:00 UTC after", () => {
    // Clocks go forward on Sunday 28 March 2027, 02:00 -> 03:00.
    const hours: Availability = { timeZone: "Europe/Berlin", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "09:30" })), daysOff: [] };
    const slots = freeSlots(hours, [], { ...slotOptions, now: at("2027-03-26T00:00:00Z"), days: 4 });
    expect(slots.map((s) => iso(s.start))).toEqual([
      "2027-03-26T08:00:00.000Z", "2027-03-27T08:00:00.000Z", "2027-03-28T07:00:00.000Z", "2027-03-29T07:00:00.000Z",
    ]);
  });

  test("America/New_York: a night range over the fall-back change holds an hour more", () => {
    // Clocks go back on Sunday 7 November 2027, 02:00 -> 01:00: 00:00-04:00 lasts five hours.
    const hours: Availability = { timeZone: "America/New_York", weekly: [{ day: 7, start: "00:00", end: "04:00" }], daysOff: [] };
    const slots = freeSlots(hours, [], { consultMinutes: 60, noticeMinutes: 0, now: at("2027-11-07T04:00:00Z"), days: 1 });
    expect(slots.map((s) => iso(s.start))).toEqual([
      "2027-11-07T04:00:00.000Z", "2027-11-07T05:00:00.000Z", "2027-11-07T06:00:00.000Z", "2027-11-07T07:00:00.000Z", "2027-11-07T08:00:00.000Z",
    ]);
  });

  test("America/New_York: the skipped spring hour gives a shorter range, never a slot in the gap", () => {
    // 14 March 2027: 02:00 -> 03:00. 01:00-04:00 lasts two hours.
    const hours: Availability = { timeZone: "America/New_York", weekly: [{ day: 7, start: "01:00", end: "04:00" }], daysOff: [] };
    const slots = freeSlots(hours, [], { consultMinutes: 60, noticeMinutes: 0, now: at("2027-03-14T05:00:00Z"), days: 1 });
    expect(slots.map((s) => iso(s.start))).toEqual(["2027-03-14T06:00:00.000Z", "2027-03-14T07:00:00.000Z"]);
  });

  test("a range ending at 24:00 runs to the next local midnight", () => {
    const hours: Availability = { timeZone: "UTC", weekly: [{ day: 1, start: "23:00", end: "24:00" }], daysOff: [] };
    const slots = freeSlots(hours, [], { ...slotOptions, now, days: 1 });
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-23T23:00:00.000Z", "2026-11-23T23:30:00.000Z"]);
  });
});

describe("withinHours", () => {
  const hours: Availability = { timeZone: "Europe/Berlin", weekly: [{ day: 1, start: "09:00", end: "11:00" }], daysOff: [{ from: "2026-11-30", to: "2026-11-30" }] };
  test("inside a range", () => expect(withinHours(hours, at("2026-11-23T08:00:00Z"), 30)).toBe(true));
  test("running past the range's end", () => expect(withinHours(hours, at("2026-11-23T09:45:00Z"), 30)).toBe(false));
  test("another weekday", () => expect(withinHours(hours, at("2026-11-24T08:00:00Z"), 30)).toBe(false));
  test("a day off", () => expect(withinHours(hours, at("2026-11-30T08:00:00Z"), 30)).toBe(false));
});
