/** The fixed reference tests plan times from (STYLE lesson 23): never the hour the run starts. */

/** The next Monday 00:00 UTC at least a day after `now`. */
export function nextMonday(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}
