/**
 * Issue 51 item 1: a doctor's free times cannot be hoarded by one account (the holder and their
 * family members together). The limits' numbers are settings (INSTANT_PER_DOCTOR,
 * INSTANT_PER_ACCOUNT, PATIENT_CHANGES_PER_DAY); a meeting's moves by its patient are fixed.
 */

/** How many times a patient may move one meeting (the doctor's moves do not count). */
export const PATIENT_MOVES_PER_MEETING = 3;
/** The window of the daily count of an account's instant bookings, moves and cancels: the last 24 hours. */
export const CHANGES_WINDOW_MS = 24 * 3600_000;

export const instantPerDoctorMessage = (limit: number) =>
  `Your account already holds ${limit} instant bookings with this doctor, the most it may: send preferredTimes to ask the doctor for a time instead`;
export const instantPerAccountMessage = (limit: number) =>
  `Your account already holds ${limit} instant bookings, the most it may: send preferredTimes to ask the doctor for a time instead`;
export const changesPerDayMessage = (limit: number) => `Your account has made ${limit} bookings, moves and cancels today, the most it may: try again later`;
export const movesPerMeetingMessage = (limit: number = PATIENT_MOVES_PER_MEETING) =>
  `This appointment has been moved ${limit} times, the most a patient may: cancel it or contact the doctor`;

/**
 * Given the times of an account's most recent counted changes (newest first, at most `limit`),
 * the seconds until one more is allowed, or undefined when it is allowed now: the `limit`-th
 * newest must leave the window first.
 */
export function changesRetryAfter(recent: readonly Date[], limit: number, now: Date): number | undefined {
  if (recent.length < limit) return undefined;
  const leaving = recent[limit - 1]!;
  const wait = leaving.getTime() + CHANGES_WINDOW_MS - now.getTime();
  return wait <= 0 ? undefined : Math.max(1, Math.ceil(wait / 1000));
}
