/**
 * Issue 51 item 1: what the booking limits count. An account's open instant bookings (served by
 * appointments_patient_status_scheduled), its counted changes of the last day and a meeting's
 * moves by its patient (both from the audit trail: audit_events_actor_at, audit_events_subject_at).
 */
import { and, count, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Reader } from "../client";
import { appointments, auditEvents } from "../schema";
import { openAt } from "./open-appointments";

/** The account's open instant bookings: with `doctorId`, and in all (the holder's and every member's). */
export async function openInstantCounts(r: Reader, patientId: string, doctorId: string, now: Date): Promise<{ withDoctor: number; all: number }> {
  const row = await r
    .select({ all: count(), withDoctor: sql<number>`coalesce(sum(${appointments.doctorId} = ${doctorId}), 0)` })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.bookedInstantly, true), openAt(now)))
    .get();
  return { withDoctor: Number(row?.withDoctor ?? 0), all: Number(row?.all ?? 0) };
}

/**
 * The times of the account's newest counted changes after `since` (newest first, at most
 * `limit`): its instant bookings (a booking confirmed at once), its moves and its cancels.
 */
export async function recentChanges(r: Reader, patientId: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await r
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, patientId),
        gt(auditEvents.at, since),
        eq(auditEvents.actorRole, "patient"),
        eq(auditEvents.subject, "appointment"),
        or(inArray(auditEvents.action, ["reschedule", "cancel"]), and(eq(auditEvents.action, "book"), eq(auditEvents.toStatus, "confirmed"))),
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(limit)
    .all();
  return rows.map((row) => row.at);
}

/** How many times the patient has moved this meeting. */
export async function patientMoves(r: Reader, appointmentId: string): Promise<number> {
  const row = await r
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.subject, "appointment"), eq(auditEvents.subjectId, appointmentId), eq(auditEvents.action, "reschedule"), eq(auditEvents.actorRole, "patient")))
    .get();
  return row?.n ?? 0;
}
