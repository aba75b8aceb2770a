/**
 * The appointment state machine of SERVER-RULES §4, as data plus pure functions.
 * No HTTP, no SQL: the routes call these inside a transaction and map a refusal to 409.
 */

/** "noshow" (issue 40): a confirmed meeting the doctor marked as missed by the patient; never stored, derived. */
export const APPOINTMENT_STATUSES = ["pending", "confirmed", "completed", "cancelled", "noshow"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type AppointmentAction = "schedule" | "reschedule" | "cancel" | "complete" | "feedback" | "attended" | "noshow";
export type AppointmentActor = "patient" | "doctor" | "server";

type Rule = { from: readonly AppointmentStatus[]; to: AppointmentStatus; by: readonly AppointmentActor[] };

/** Every allowed transition. Anything not listed here is refused. */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentAction, Rule>> = {
  schedule: { from: ["pending"], to: "confirmed", by: ["doctor"] },
  // Moving a confirmed meeting to another time (issue 26; the patient too, issue 40); that it has
  // not started (and, for the patient, the change window) is checked by time.
  reschedule: { from: ["confirmed"], to: "confirmed", by: ["doctor", "patient"] },
  cancel: { from: ["pending", "confirmed"], to: "cancelled", by: ["doctor", "patient"] },
  complete: { from: ["confirmed"], to: "completed", by: ["server"] },
  // Feedback does not move the appointment; it is allowed only once it is completed.
  feedback: { from: ["completed"], to: "completed", by: ["patient"] },
  // The doctor's mark of attendance (issue 40), and its undo by marking again; when is checked by time.
  attended: { from: ["confirmed", "completed", "noshow"], to: "completed", by: ["doctor"] },
  noshow: { from: ["confirmed", "completed", "noshow"], to: "noshow", by: ["doctor"] },
};

export type TransitionResult =
  | { ok: true; to: AppointmentStatus }
  | { ok: false; reason: string };

/** Applies the transition table: may `actor` perform `action` on an appointment in `status`? */
export function applyAppointmentAction(
  status: AppointmentStatus,
  action: AppointmentAction,
  actor: AppointmentActor,
): TransitionResult {
  const rule = APPOINTMENT_TRANSITIONS[action];
  if (!rule.by.includes(actor)) return { ok: false, reason: `A ${actor} cannot ${action} an appointment` };
  if (!rule.from.includes(status)) return { ok: false, reason: refusal(action, status) };
  return { ok: true, to: rule.to };
}

function refusal(action: AppointmentAction, status: AppointmentStatus): string {
  switch (action) {
    case "schedule":
      return `Only a pending appointment can be scheduled; this one is ${status}`;
    case "reschedule":
      return `Only a confirmed appointment can be rescheduled; this one is ${status}`;
    case "cancel":
      return `Only a pending or confirmed appointment can be cancelled; this one is ${status}`;
    case "complete":
      return `Only a confirmed appointment can be completed; this one is ${status}`;
    case "feedback":
      return `Feedback can be given only on a completed appointment; this one is ${status}`;
    case "attended":
    case "noshow":
      return `Attendance can be marked only on a confirmed appointment; this one is ${status}`;
  }
}

/**
 * The status a reader sees. A confirmed appointment is completed once its slot has ended
 * (`endsAt`, fixed when it was scheduled): the server's "complete" transition happens by time,
 * so every read derives it and none can see a stale status. One the doctor marked as missed
 * (`attended` false, issue 40) is "noshow" from the mark on.
 */
export function effectiveStatus(stored: AppointmentStatus, endsAt: Date | null, now: Date, attended: boolean | null = null): AppointmentStatus {
  if (stored === "confirmed" && attended === false) return "noshow";
  if (stored === "confirmed" && endsAt !== null && endsAt.getTime() <= now.getTime()) {
    return applyAppointmentAction(stored, "complete", "server").ok ? "completed" : stored;
  }
  return stored;
}

/**
 * When the first of these appointments' statuses (as derived at `now`) changes by the clock alone,
 * in ms since the epoch: the end of the earliest confirmed one; Infinity when none will.
 */
export function nextStatusChange(items: Iterable<{ status: AppointmentStatus; endsAt: Date | null }>, now: Date): number {
  let next = Infinity;
  for (const { status, endsAt } of items) {
    if (status === "confirmed" && endsAt !== null && endsAt.getTime() > now.getTime()) next = Math.min(next, endsAt.getTime());
  }
  return next;
}

/** Issue 40's change window: said to a patient who tries to change a meeting too close to its start. */
export const CHANGE_TOO_LATE = "This appointment starts too soon to change online: contact the doctor";

/** The last instant a patient can change a meeting starting at `start` online (CHANGE_NOTICE_MINUTES before it). */
export function changeUntil(start: Date | string | number, changeNoticeMinutes: number): number {
  return new Date(start).getTime() - Math.round(changeNoticeMinutes * 60_000);
}

/** Whether, at `now`, a patient's change (cancel or move) of a meeting starting at `start` is too late (issue 40). */
export function tooLateToChange(start: Date, now: Date, changeNoticeMinutes: number): boolean {
  return now.getTime() > changeUntil(start, changeNoticeMinutes);
}

/** How long after a meeting's end the doctor can still mark (or change) its attendance. */
export const ATTENDANCE_DAYS = 7;

/** Why the doctor cannot mark a meeting's attendance at `now` (before its start, or 7 days after its end), or null. */
export function attendanceRefusal(start: Date, end: Date, now: Date): string | null {
  if (now.getTime() < start.getTime()) return ATTENDANCE_TOO_EARLY;
  if (now.getTime() > end.getTime() + ATTENDANCE_DAYS * 24 * 3_600_000) return ATTENDANCE_TOO_LATE;
  return null;
}
export const ATTENDANCE_TOO_EARLY = "This appointment has not started: attendance can be marked from its start";
export const ATTENDANCE_TOO_LATE = "Attendance can be marked only until 7 days after the appointment";

export type Slot = { start: Date; end: Date };

/** The slot a consultation starting at `start` occupies: [start, start + minutes). */
export function consultationSlot(start: Date, consultMinutes: number): Slot {
  return { start, end: new Date(start.getTime() + Math.round(consultMinutes * 60_000)) };
}

/** Half-open intervals overlap when each starts before the other ends. */
export function slotsOverlap(a: Slot, b: Slot): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** How far ahead a meeting may be set (issue 44): two years; a typed year 2206 is refused, not kept. */
export const MAX_AHEAD_MS = 2 * 366 * 24 * 3600_000;

/** Whether a meeting starting at `start` is further ahead of `now` than MAX_AHEAD_MS. */
export const tooFar = (start: Date, now: Date): boolean => start.getTime() - now.getTime() > MAX_AHEAD_MS;
