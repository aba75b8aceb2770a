import { describe, expect, test } from "bun:test";
import { dateInZone, formatDateTime, formatTime, isTimeZone, zonedInstant, readerZone } from "./time";
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
