import { describe, expect, test } from "bun:test";
import { dateInZone, dayStart, formatDateTime, formatTime, isTimeZone, offsetSegments, weeklyInZone, zonedInstant, readerZone } from "./time";
import { dayBounds, dayGaps } from "./day";
import { freeSlots, rangeOn } from "./availability";
import { COMMON_ZONES, zoneLabel } from "./zones";

describe("zones", () => {
  test("every common zone is a real zone with a name for people", () => {
    for (const { zone, label } of COMMON_ZONES) {
      expect(isTimeZone(zone)).toBe(true);
      expect(label).toMatch(/^[^()]+ \([^()]+\)$/);
    }
    expect(zoneLabel("Asia/Kolkata")).toBe("India Standard Time (Kolkata)");
    // What Chrome reports in India is the old name of the same zone.
    expect(zoneLabel("Asia/Calcutta")).toBe("India Standard Time (Kolkata)");
    expect(zoneLabel("Europe/Vienna")).toMatch(/\(Vienna\)$/);
    expect(zoneLabel("Not/AZone")).toBe("Coordinated Universal Time (UTC)");
  });

  test("readerZone: the account's own zone, else the browser's report, else the deployment's default, whatever the language; never anyone else's", () => {
    expect(readerZone({ timeZone: "Asia/Kolkata" }, "Europe/Paris", "UTC")).toEqual({ zone: "Asia/Kolkata", from: "account" });
    expect(readerZone({ timeZone: null }, "Europe/Paris", "UTC")).toEqual({ zone: "Europe/Paris", from: "browser" });
    expect(readerZone(undefined, "Asia/Kolkata", "UTC")).toEqual({ zone: "Asia/Kolkata", from: "browser" });
    // Nothing known (no script has run, nothing chosen): the default zone, India's unless configured (issue 52).
    expect(readerZone({ timeZone: null }, undefined)).toEqual({ zone: "Asia/Kolkata", from: "default" });
    expect(readerZone(undefined, undefined, "Europe/Paris")).toEqual({ zone: "Europe/Paris", from: "default" });
    // Nonsense in the account, the cookie or the default counts as nothing.
    expect(readerZone({ timeZone: "Mars/Base" }, "nonsense", "UTC")).toEqual({ zone: "UTC", from: "default" });
    expect(readerZone({ timeZone: "Mars/Base" }, "nonsense", "Mars/Base")).toEqual({ zone: "Asia/Kolkata", from: "default" });
  });
});

describe("formatting", () => {
  const at = new Date("2030-01-15T05:00:00Z");
  test("times are shown as clocks in the zone show them", () => {
    expect(formatDateTime(at, "Asia/Kolkata")).toBe("Tue, 15 Jan 2030, 10:30 IST");
    expect(formatDateTime(at, "Asia/Calcutta")).toBe("Tue, 15 Jan 2030, 10:30 IST");
    expect(formatDateTime(at.toISOString(), "Europe/Paris")).toBe("Tue, 15 Jan 2030, 06:00 CET");
    expect(formatTime(at, "Asia/Kolkata")).toBe("10:30");
    expect(dateInZone(new Date("2030-01-15T20:00:00Z"), "Pacific/Auckland")).toBe("2030-01-16");
  });

  test("a date and a time typed in a zone are the instant clocks there show them", () => {
    expect(zonedInstant("2030-01-15", "10:30", "Asia/Kolkata")?.toISOString()).toBe("2030-01-15T05:00:00.000Z");
    expect(zonedInstant("2030-07-15", "10:30", "Europe/Paris")?.toISOString()).toBe("2030-07-15T08:30:00.000Z");
    expect(zonedInstant("2030-02-30", "10:30", "UTC")).toBeUndefined();
    expect(zonedInstant("2030-01-15", "25:00", "UTC")).toBeUndefined();
  });
});

describe("a day's first instant (issue 57)", () => {
  test("midnight where there is one; where a clock change skips midnight (Santiago, 6 Sep 2026), the end of the skipped hour", () => {
    expect(dayStart("2026-12-05", "Asia/Kolkata")!.toISOString()).toBe("2026-12-04T18:30:00.000Z");
    expect(dayStart("2027-03-14", "America/New_York")!.toISOString()).toBe("2027-03-14T05:00:00.000Z");
    // 00:00 to 01:00 does not happen there that night: the day begins at 01:00 (-03), 04:00 UTC.
    expect(zonedInstant("2026-09-06", "00:00", "America/Santiago")!.toISOString()).toBe("2026-09-06T03:00:00.000Z");
    expect(dateInZone("2026-09-06T03:00:00Z", "America/Santiago")).toBe("2026-09-05");
    expect(dayStart("2026-09-06", "America/Santiago")!.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    // The doctor's day there lasts 23 hours, from its first instant; the day before ends where it begins.
    const day = dayBounds("2026-09-06", "America/Santiago")!;
    expect([day.from.toISOString(), (day.to.getTime() - day.from.getTime()) / 3_600_000]).toEqual(["2026-09-06T04:00:00.000Z", 23]);
    expect(dayBounds("2026-09-05", "America/Santiago")!.to.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(dayStart("2026-02-30", "UTC")).toBeUndefined();
  });

  test("hours on both sides of a skipped midnight (Santiago, Saturday 5 and Sunday 6 September 2026) meet, never overlap", () => {
    // Saturday 22:00-24:00 (-04) and Sunday 00:00-02:00: Sunday begins at 01:00 (-03), 04:00 UTC.
    const a = { timeZone: "America/Santiago", weekly: [{ day: 6, start: "22:00", end: "24:00" }, { day: 7, start: "00:00", end: "02:00" }], daysOff: [] };
    const iso = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const saturday = rangeOn("2026-09-05", a.weekly[0]!, a.timeZone)!;
    const sunday = rangeOn("2026-09-06", a.weekly[1]!, a.timeZone)!;
    expect([iso(saturday.start), iso(saturday.end), iso(sunday.start), iso(sunday.end)]).toEqual(["02:00", "04:00", "04:00", "05:00"]);
    const slots = freeSlots(a, [], { now: new Date("2026-09-05T12:00:00Z"), days: 2, consultMinutes: 30, noticeMinutes: 0 }).map((s) => iso(s.start));
    expect(slots).toEqual(["02:00", "02:30", "03:00", "03:30", "04:00", "04:30"]);
    expect(dayGaps(a, "2026-09-06", [], new Set()).map((g) => iso(g.start))).toEqual(["04:00"]);
    // Read in UTC (both Sunday there), Sunday's range starts where Saturday's ends.
    expect(weeklyInZone(a.weekly, a.timeZone, "UTC", Date.parse("2026-09-05T12:00:00Z"))).toEqual([
      { day: 7, start: "02:00", end: "04:00" },
      { day: 7, start: "04:00", end: "05:00" },
    ]);
  });

  test("a period's offsets: one where none changes, each change at its instant", () => {
    const at = (iso: string) => Date.parse(iso);
    expect(offsetSegments("Asia/Kolkata", at("2026-01-01T00:00Z"), at("2027-01-01T00:00Z"))).toEqual([{ from: at("2026-01-01T00:00Z"), offset: 19_800_000 }]);
    expect(offsetSegments("America/New_York", at("2026-03-01T05:00Z"), at("2026-12-01T05:00Z"))).toEqual([
      { from: at("2026-03-01T05:00Z"), offset: -5 * 3_600_000 },
      { from: at("2026-03-08T07:00Z"), offset: -4 * 3_600_000 },
      { from: at("2026-11-01T06:00Z"), offset: -5 * 3_600_000 },
    ]);
    // Lord Howe Island moves its clocks by half an hour.
    expect(offsetSegments("Australia/Lord_Howe", at("2026-09-20T00:00Z"), at("2026-10-10T00:00Z")).map((s) => s.offset / 60_000)).toEqual([630, 660]);
  });
});
