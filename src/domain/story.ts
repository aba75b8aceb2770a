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
  const past = items.filter((a) => a.status === "completed" || a.status === "noshow" || a.status === "cancelled").sort((a, b) => endedAt(b) - endedAt(a));
  return { upcoming, pending, past };
}

/** What people read an appointment's state as (src/i18n/<lang>/states.ts names each), the same on both sides and in mails. */
export type StoryState = "requested" | "scheduled" | "moved" | "declined" | "withdrawn" | "cancelled" | "completed" | "missed";

type Stated = { status: AppointmentStatus; scheduledAt: string | null; rescheduled?: unknown; cancelled?: { by: string } | null };

/**
 * The state of `a`: a request never scheduled that ended is declined (by the doctor) or
 * withdrawn (by the patient); a meeting that ended, or a request Carebook ended when it blocked
 * the doctor, was cancelled (by whom: `a.cancelled.by`); a confirmed one the doctor moved is moved.
 */
export function storyState(a: Stated): StoryState {
  switch (a.status) {
    case "pending":
      return "requested";
    case "confirmed":
      return a.rescheduled ? "moved" : "scheduled";
    case "completed":
      return "completed";
    case "noshow":
      return "missed";
    case "cancelled":
      if (a.scheduledAt !== null || a.cancelled?.by === "admin") return "cancelled";
      return a.cancelled?.by === "patient" ? "withdrawn" : "declined";
  }
}
