/**
 * The story of each appointment as the meetings pages tell it (issue 27): upcoming meetings
 * first (the next at the top), then requests waiting for the doctor, then "Past and cancelled"
 * (completed ones, and those cancelled in the last HISTORY_DAYS days), newest first.
 */
import type { AppointmentStatus } from "./appointment";

/** How long a cancelled appointment stays on the meetings pages. */
export const HISTORY_DAYS = 90;

/** The earliest cancellation the meetings pages still show at `now`. */
export const historySince = (now: Date) => new Date(now.getTime() - HISTORY_DAYS * 24 * 60 * 60 * 1000);

type Told = { status: AppointmentStatus; createdAt: string; scheduledAt: string | null; cancelled?: { at: string } | null };

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);
/** When a past item last moved: its cancellation, else its meeting. */
const endedAt = (a: Told) => (a.status === "cancelled" ? time(a.cancelled?.at) : time(a.scheduledAt));

/** The three sections of a meetings page, each in the order it is read. */
export function storySections<T extends Told>(items: readonly T[]): { upcoming: T[]; pending: T[]; past: T[] } {
  const upcoming = items.filter((a) => a.status === "confirmed").sort((a, b) => time(a.scheduledAt) - time(b.scheduledAt));
  const pending = items.filter((a) => a.status === "pending").sort((a, b) => time(a.createdAt) - time(b.createdAt));
  const past = items.filter((a) => a.status === "completed" || a.status === "cancelled").sort((a, b) => endedAt(b) - endedAt(a));
  return { upcoming, pending, past };
}
