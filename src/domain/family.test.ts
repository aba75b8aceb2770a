/** Issue 42's pure rules: whole years of age, one more on each birthday; a birth date in the future only when it has begun nowhere. */
import { expect, test } from "bun:test";
import { ageOn, isFutureBirth } from "./family";

test("age in whole years: one more on the birthday, not the day before; a 29 February birthday counts from 1 March", () => {
  expect(ageOn("2020-05-14", "2026-05-13")).toBe(5);
  expect(ageOn("2020-05-14", "2026-05-14")).toBe(6);
  expect(ageOn("2020-05-14", "2026-12-31")).toBe(6);
  expect(ageOn("2020-02-29", "2027-02-28")).toBe(6);
  expect(ageOn("2020-02-29", "2027-03-01")).toBe(7);
  expect(ageOn("2026-11-30", "2026-11-30")).toBe(0);
  expect(ageOn("1900-01-01", "2026-06-01")).toBe(126);
});

test("a date of birth is in the future only once no zone has reached it (UTC+14 first)", () => {
  // 2026-11-30 09:59 UTC is 23:59 on the 30th in Kiritimati; at 10:00 the 1st of December begins there.
  expect(isFutureBirth("2026-12-01", new Date("2026-11-30T09:59:00Z"))).toBe(true);
  expect(isFutureBirth("2026-12-01", new Date("2026-11-30T10:00:00Z"))).toBe(false);
  expect(isFutureBirth("2026-11-30", new Date("2026-11-30T00:00:00Z"))).toBe(false);
  expect(isFutureBirth("2026-12-02", new Date("2026-11-30T23:00:00Z"))).toBe(true);
});
