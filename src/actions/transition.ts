/**
 * The one way an appointment changes state: in one write transaction, find the
 * caller's own appointment (not found otherwise, exactly as a missing one), ask the state machine
 * (a conflict if refused), make the change, and record it in the audit trail.
 */
import type { Tx } from "../db/client";
import { findOwnAppointment, type AppointmentRow } from "../db/queries/appointments";
import { recordAudit } from "../db/queries/audit";
import type { Deps } from "../config/deps";
import { applyAppointmentAction, type AppointmentAction, type AppointmentStatus } from "../domain/appointment";
import { conflict, notFound } from "../domain/refusal";
import { beforeOf, UNDOABLE } from "../domain/undo";

export type Caller = { role: "patient" | "doctor"; id: string };
type Found = AppointmentRow & { effective: AppointmentStatus };
/** A transition's change: its result, the reason the audit trail keeps, and what runs after the audit (its mails). */
export type Change<T> = (tx: Tx, appointment: Found, now: Date) => Promise<{ result: T; reason?: string; after?: (tx: Tx) => Promise<void> }>;

/**
 * Runs `action` on appointment `id` for `caller`. `change` makes the change and returns its
 * result and the reason the audit trail keeps, and may return `after`, run in the same
 * transaction once the audit trail has the change (the mails it causes); `matches` can refuse
 * an appointment as not found.
 */
export function transitionAppointment<T>(deps: Deps, ...args: TransitionArgs<T>): Promise<T> {
  return deps.database.write((tx) => transitionIn(tx, deps, ...args));
}

/** What names a transition: who, which appointment, the action, its change, and which appointments it may touch. */
type TransitionArgs<T> = [caller: Caller, id: string, action: AppointmentAction, change: Change<T>, matches?: (appointment: Found) => boolean];

/** transitionAppointment inside a transaction already open (an erasure cancels each open appointment in its own). */
export async function transitionIn<T>(tx: Tx, deps: Deps, ...[caller, id, action, change, matches = () => true]: TransitionArgs<T>): Promise<T> {
  const now = deps.now();
  const owner = caller.role === "patient" ? { patientId: caller.id } : { doctorId: caller.id };
  const appointment = await findOwnAppointment(tx, id, owner, now);
  if (appointment === undefined || !matches(appointment)) throw notFound("Appointment");
  const step = applyAppointmentAction(appointment.effective, action, caller.role);
  if (!step.ok) throw conflict(step.reason);
  const { result, reason, after } = await change(tx, appointment, now);
  recordAudit(tx, {
    at: now,
    actorRole: caller.role,
    actorId: caller.id,
    subject: "appointment",
    subjectId: appointment.id,
    action,
    fromStatus: appointment.effective,
    toStatus: step.to,
    reason: reason ?? null,
    // The doctor's schedule, cancel or reschedule can be undone for a while (issue 39): what it changed.
    previous: caller.role === "doctor" && (UNDOABLE as readonly string[]).includes(action) ? beforeOf(appointment) : null,
  });
  await after?.(tx);
  return result;
}
