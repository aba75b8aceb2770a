/**
 * Days the browser journeys type into date fields. Meeting times are at most two years ahead
 * (issue 44), so no fixed far date: a given weekday in the middle of next January, which is winter
 * in Europe (CET, no clock change near it), 11 to 13 months ahead, and the same weekday whatever
 * day the run starts (STYLE lesson 23: never plan from the hour the run starts).
 */
export type Day = { iso: string; year: number; dayOfMonth: number };

/** The first `weekday` (0 = Sunday) on or after 14 January of next year (UTC). */
export function nextJanuary(weekday: number): Day {
  const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 14));
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return { iso: day.toISOString().slice(0, 10), year: day.getUTCFullYear(), dayOfMonth: day.getUTCDate() };
}

/** The day after `day`. */
export function dayAfter(day: Day): Day {
  const next = new Date(`${day.iso}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { iso: next.toISOString().slice(0, 10), year: next.getUTCFullYear(), dayOfMonth: next.getUTCDate() };
}

export const WEDNESDAY = 3;
export const TUESDAY = 2;
