/**
 * The doctor's undo (issue 39): a schedule, cancel or reschedule by the doctor can be taken back
 * for a short window (UNDO_SECONDS); the patient's mail about it waits as long. The audit event
 * of the change keeps the appointment as it was before (`AppointmentBefore`); an undo puts that
 * back. These are the rules, without the database.
 */
import type { AppointmentStatus } from "./appointment";

/** The doctor's changes that can be undone. */
export const UNDOABLE = ["schedule", "cancel", "reschedule"] as const;

/** The appointment's own fields as they were before an undoable change (times as epoch ms). */
export type AppointmentBefore = {
  status: AppointmentStatus;
  scheduledAt: number | null;
  endsAt: number | null;
  meetLink: string | null;
  cancelledBy: "patient" | "doctor" | "admin" | null;
  cancelReason: string | null;
  cancelledAt: number | null;
  rescheduledFrom: number | null;
  rescheduleReason: string | null;
  /** Who moved it last (issue 40); absent in snapshots kept before that (the doctor then). */
  rescheduledBy?: "patient" | "doctor" | null;
  /** Where it was (issue 54: a move or a schedule may change it); absent in snapshots kept before that (left as it is). */
  visitType?: "video" | "clinic";
  placeId?: string | null;
};

/** The API's words for an undo (the pages say them in their language: src/domain/messages.ts). */
export const UNDO_MESSAGES = {
  undone: "Change undone",
  nothing: "There is nothing to undo for this appointment",
  closed: "The time to undo this has passed",
  taken: "This time has been given to another appointment since, so the change cannot be undone",
  // Issue 51: the patient's own rules hold over an undo.
  openAgain: "The patient has booked with you again since, so the change cannot be undone",
  patientBusy: "The patient has another appointment at that time since, so the change cannot be undone",
} as const;

/** The latest change of an appointment, as the audit trail has it. */
export type LatestChange = { action: string; actorRole: string; actorId: string; at: Date; previous: AppointmentBefore | null };

/** Whether `doctorId` may undo `latest` at `now`: the change, or why not (nothing to undo, or too late). */
export function undoVerdict(
  latest: LatestChange | undefined,
  doctorId: string,
  now: Date,
  seconds: number,
): { ok: true; previous: AppointmentBefore; at: Date } | { ok: false; why: "nothing" | "closed" } {
  if (latest === undefined || latest.previous === null || latest.actorRole !== "doctor" || latest.actorId !== doctorId) return { ok: false, why: "nothing" };
  if (!(UNDOABLE as readonly string[]).includes(latest.action)) return { ok: false, why: "nothing" };
  if (now.getTime() >= undoUntil(latest.at, seconds).getTime()) return { ok: false, why: "closed" };
  return { ok: true, previous: latest.previous, at: latest.at };
}

/** When the undo window of a change made at `at` closes (and its mail may go). */
export const undoUntil = (at: Date, seconds: number): Date => new Date(at.getTime() + seconds * 1000);

/** The snapshot kept with a change: the appointment row's fields as they are now. */
export function beforeOf(row: {
  status: AppointmentStatus;
  scheduledAt: Date | null;
  endsAt: Date | null;
  meetLink: string | null;
  cancelledBy: "patient" | "doctor" | "admin" | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  rescheduledFrom: Date | null;
  rescheduleReason: string | null;
  rescheduledBy: "patient" | "doctor" | null;
  visitType?: "video" | "clinic";
  placeId?: string | null;
}): AppointmentBefore {
  const ms = (d: Date | null) => (d === null ? null : d.getTime());
  return {
    status: row.status,
    scheduledAt: ms(row.scheduledAt),
    endsAt: ms(row.endsAt),
    meetLink: row.meetLink,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    cancelledAt: ms(row.cancelledAt),
    rescheduledFrom: ms(row.rescheduledFrom),
    rescheduleReason: row.rescheduleReason,
    rescheduledBy: row.rescheduledBy,
    ...(row.visitType === undefined ? {} : { visitType: row.visitType, placeId: row.placeId ?? null }),
  };
}

/** The snapshot as the appointment row's fields again (times as dates). */
export function fieldsOf(before: AppointmentBefore) {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    ...before,
    scheduledAt: date(before.scheduledAt),
    endsAt: date(before.endsAt),
    cancelledAt: date(before.cancelledAt),
    rescheduledFrom: date(before.rescheduledFrom),
    rescheduledBy: before.rescheduledBy ?? null,
  };
}
