/**
 * The waitlist's rules (issue 40 item 5), pure: the last day a patient can come and the instant
 * it ends in the doctor's zone, the default and the bounds of that day, and the sentences the
 * API says. The use cases are src/actions/waitlist.ts.
 */
import { SLOT_DAYS } from "./availability";
import { addDays, dateInZone, dayStart } from "./time";

/** Without `until`, a patient waits this many days (in the doctor's zone). */
export const WAITLIST_DEFAULT_DAYS = 14;
/** `until` at most this many days ahead: as far as the free slots are read (SLOT_DAYS.max). */
export const WAITLIST_MAX_DAYS = SLOT_DAYS.max;

export const WAITLIST_JOINED = "You are on the waitlist: you will be offered a freed time";
export const WAITLIST_LEFT = "You left the waitlist";
export const WAITLIST_DECLINED = "Offer declined: the time goes to the next patient waiting";
export const WAITLIST_NOT_INSTANT = "The waitlist is only for doctors with instant booking";
export const WAITLIST_ALREADY = "You are already on this doctor's waitlist";
export const WAITLIST_NO_OFFER = "This entry has no offer open: it may have run out";
export const UNTIL_PAST = "until must be today or later in the doctor's time zone";
export const UNTIL_FAR = `until must be at most ${WAITLIST_MAX_DAYS} days ahead`;
export const UNTIL_SHAPE = "until must be a date such as 2026-12-24";

const DAY_MS = 24 * 3_600_000;

/**
 * The waiting's last day and when it ends (the next midnight in `zone`), or why it is refused:
 * `until` defaults to WAITLIST_DEFAULT_DAYS from `now`; it may be today but not before, and not
 * past WAITLIST_MAX_DAYS.
 */
export function waitingUntil(until: string | undefined, zone: string, now: Date): { until: string; endsBy: Date } | { refused: string } {
  const today = dateInZone(now, zone);
  const last = until ?? dateInZone(now.getTime() + WAITLIST_DEFAULT_DAYS * DAY_MS, zone);
  if (last < today) return { refused: UNTIL_PAST };
  if (last > dateInZone(now.getTime() + WAITLIST_MAX_DAYS * DAY_MS, zone)) return { refused: UNTIL_FAR };
  const endsBy = dayStart(addDays(last, 1), zone);
  if (endsBy === undefined) return { refused: UNTIL_SHAPE };
  return { until: last, endsBy };
}

/** When an offer made at `now` runs out. */
export const offerExpiry = (now: Date, holdMinutes: number) => new Date(now.getTime() + Math.round(holdMinutes * 60_000));
