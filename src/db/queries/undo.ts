/** The doctor's undo (issue 39): the latest change of an appointment, and putting it back as it was. */
import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../client";
import { appointments, auditEvents } from "../schema";
import { fieldsOf, type AppointmentBefore, type LatestChange } from "../../domain/undo";
import { countedColumns, type AppointmentRow, type CountedRow } from "./appointments";

/**
 * Doctor `doctorId`'s appointment `id` (undefined: none of theirs) and its latest audit event,
 * in one statement (on audit_events_subject_at).
 */
export async function latestChange(tx: Tx, id: string, doctorId: string): Promise<{ appointment: AppointmentRow; latest?: LatestChange } | undefined> {
  const rows = await tx
    .select({
      appointment: appointments,
      action: auditEvents.action,
      actorRole: auditEvents.actorRole,
      actorId: auditEvents.actorId,
      at: auditEvents.at,
      previous: auditEvents.previous,
    })
    .from(appointments)
    .leftJoin(auditEvents, and(eq(auditEvents.subject, "appointment"), eq(auditEvents.subjectId, appointments.id)))
    .where(and(eq(appointments.id, id), eq(appointments.doctorId, doctorId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  const row = rows[0];
  if (row === undefined) return undefined;
  const { appointment, action, actorRole, actorId, at, previous } = row;
  return { appointment, latest: action === null || at === null ? undefined : { action, actorRole: actorRole!, actorId: actorId!, at, previous } };
}

/** Puts appointment `id` back as `before` says it was. */
export async function restoreAppointment(tx: Tx, id: string, before: AppointmentBefore): Promise<CountedRow> {
  // An undone schedule (back to pending) takes its confirmation back too (issue 58's counts).
  const confirmed = before.status === "pending" ? { confirmedAt: null } : {};
  return (await tx
    .update(appointments)
    .set({ ...fieldsOf(before), ...confirmed })
    .where(eq(appointments.id, id))
    .returning(countedColumns)
    .get())!;
}
