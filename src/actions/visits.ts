/**
 * Where an appointment is (issue 54): by video, or in person at one of the doctor's places. The
 * rules the booking, the scheduling and the moves share: a slot's visit is its range's; a time the
 * doctor gives takes the visit of the range it falls in, and outside every range keeps the one it
 * had; a place named by the doctor must be one they keep.
 */
import type { KeptPlace } from "../db/queries/availability";
import type { Availability, Slot } from "../domain/availability";
import { localDate, minutesOf, weekdayOf } from "../domain/availability";
import { invalid } from "../domain/refusal";
import { wallClock } from "../domain/time";

export type VisitColumns = { visitType: "video" | "clinic"; placeId: string | null };
export const VIDEO_COLUMNS: VisitColumns = { visitType: "video", placeId: null };

export const PLACE_NOT_KEPT = "placeId is not one of your places";
export const PLACE_NEEDED = "placeId is required: this request is for an appointment at a clinic, so choose one of your places";

/** The columns of a free slot's visit. */
export const visitOfSlot = (slot: Slot): VisitColumns => (slot.placeId === undefined ? VIDEO_COLUMNS : { visitType: "clinic", placeId: slot.placeId });

/**
 * The visit of the weekly range `start` falls in (its wall clock in the hours' zone), or undefined
 * outside every range; a range at a place no longer kept counts as none.
 */
export function rangeVisitAt(hours: Availability | undefined, start: Date, kept: readonly KeptPlace[]): VisitColumns | undefined {
  if (hours === undefined) return undefined;
  const date = localDate(start.getTime(), hours.timeZone);
  const clock = wallClock(hours.timeZone, start.getTime());
  const minute = clock.hour * 60 + clock.minute;
  const day = weekdayOf(date);
  const range = hours.weekly.find((r) => r.day === day && minutesOf(r.start) <= minute && minute < minutesOf(r.end));
  if (range === undefined) return undefined;
  if (range.placeId === undefined) return VIDEO_COLUMNS;
  return kept.some((p) => p.id === range.placeId) ? { visitType: "clinic", placeId: range.placeId } : undefined;
}

/**
 * The visit a doctor's time gives an appointment: the place they name (one they keep: else 400),
 * else the range the time falls in, else the visit it had; a clinic visit with no place yet needs
 * one named when the doctor keeps any (400), and becomes video when they keep none.
 */
export function scheduledVisit(had: VisitColumns, named: string | undefined, hours: Availability | undefined, start: Date, kept: readonly KeptPlace[]): VisitColumns {
  if (named !== undefined) return namedVisit(named, kept);
  const visit = rangeVisitAt(hours, start, kept) ?? had;
  if (visit.visitType === "clinic" && (visit.placeId === null || !kept.some((p) => p.id === visit.placeId))) {
    if (kept.length > 0) throw invalid(PLACE_NEEDED);
    return VIDEO_COLUMNS;
  }
  return visit;
}

/** The value of `placeId` that asks for a video call whatever the time's hours (the forms' "Video call"). */
export const VIDEO_CHOICE = "video";

/** The visit the doctor chose (an explicit choice wins over the hours): "video", or a place they keep (else 400). */
export function namedVisit(named: string, kept: readonly KeptPlace[]): VisitColumns {
  if (named === VIDEO_CHOICE) return VIDEO_COLUMNS;
  if (!kept.some((p) => p.id === named)) throw invalid(PLACE_NOT_KEPT);
  return { visitType: "clinic", placeId: named };
}

/**
 * The visit a moved appointment's new time gives (issue 54): the range it falls in; undefined
 * outside every range (the appointment keeps the visit it had).
 */
export const movedVisit = (hours: Availability | undefined, start: Date, kept: readonly KeptPlace[]): VisitColumns | undefined => rangeVisitAt(hours, start, kept);
