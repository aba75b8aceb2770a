/**
 * Issue 41's reviews: the rules of a rating given after a real visit, the doctor's one answer and
 * the admin's hiding, and how a published review names its writer. Pure.
 */
import { ERASED_NAME, FORMER } from "./erasure";

/** A rating is a whole number of stars from 1 to 5. */
export const RATING = { min: 1, max: 5 } as const;
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** Length limits of the doctor's answer and the admin's reason for hiding. */
export const REVIEW_LIMITS = {
  reply: { min: 1, max: 600 },
  hideReason: { min: 1, max: 500 },
} as const;

/** Where the doctor's meetings page posts its answer form, and the target a refusal of it names. */
export const REPLY_PATH = "/doctor-dashboard/doctor-Meetings/reply";
export const replyTarget = (appointmentId: string) => `reply:${appointmentId}`;

/** The API's refusals (exact words; src/domain/messages.ts gives them page words). */
export const REVIEW_MESSAGES = {
  ratingRange: "rating must be a whole number from 1 to 5",
  notFound: "Review not found",
  replied: "This review has already been answered",
  alreadyHidden: "This review is already hidden",
  notHidden: "This review is not hidden",
  hideReasonRequired: "reason is required when hidden is true",
  replySaved: "Reply saved",
  hidden: "Review hidden",
  shown: "Review shown again",
} as const;

/**
 * How a published review names its writer: the first name and the last name's initial
 * ("Pat Patient" → "Pat P."); a single name stays as it is. Initials count code points, so a
 * name in Devanagari keeps its first letter whole.
 */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter((p) => p !== "");
  if (parts.length === 0) return "";
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const initial = Array.from(parts[parts.length - 1]!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}

/** A review's author as others read it: reviewerName, or `former` for an erased patient (issue 44), who keeps no name. */
export const reviewAuthor = (fullName: string, former: string = FORMER.patient): string => (fullName === ERASED_NAME ? former : reviewerName(fullName));

/**
 * What a change of a review does to its doctor's visible count and total: a rating counts while
 * it exists and its review is not hidden (an unpublished rating cannot be hidden, so it counts).
 */
/** Issue 51: whether a rating counts: not hidden by the admin, and not of a visit marked a no-show. */
export const ratingCounts = (hidden: boolean, attended: boolean | null): boolean => !hidden && attended !== false;

export function ratingDelta(rating: number | null, visibleBefore: boolean, visibleAfter: boolean): { count: number; total: number } {
  if (rating === null || visibleBefore === visibleAfter) return { count: 0, total: 0 };
  const sign = visibleAfter ? 1 : -1;
  return { count: sign, total: sign * rating };
}
