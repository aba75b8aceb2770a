/**
 * The rule "one open appointment per doctor" (docs/decisions.md), per person since issue 42: the
 * SQL that finds a person's open appointments, served by appointments_patient_status_scheduled.
 */
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import type { Reader } from "../client";
import { appointments } from "../schema";

/** Open at `now`: pending, or confirmed and not yet over (docs/decisions.md "One open appointment per doctor"). */
export const openAt = (now: Date) => or(eq(appointments.status, "pending"), and(eq(appointments.status, "confirmed"), gt(appointments.endsAt, now)));

/**
 * Whether this person already has an open request with this doctor: the account holder
 * (`forMemberId` null), or one of their family members (issue 42: the rule holds per person);
 * `exceptId`: other than this one (issue 51: the doctor's undo of a cancel).
 */
export async function hasOpenAppointment(r: Reader, patientId: string, doctorId: string, now: Date, forMemberId: string | null = null, exceptId?: string): Promise<boolean> {
  return (await openAppointmentWith(r, patientId, doctorId, now, forMemberId, exceptId)) !== undefined;
}

/** The open appointment hasOpenAppointment finds: its id, and when it stops being open by the clock (a confirmed one's end). */
export async function openAppointmentWith(r: Reader, patientId: string, doctorId: string, now: Date, forMemberId: string | null = null, exceptId?: string): Promise<{ id: string; endsAt: Date | null } | undefined> {
  return r
    .select({ id: appointments.id, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.doctorId, doctorId),
        forMemberId === null ? isNull(appointments.forMemberId) : eq(appointments.forMemberId, forMemberId),
        openAt(now),
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
      ),
    )
    .get();
}

/** Whether a family member of the patient's has an open appointment with any doctor (issue 42: not removed then). */
export async function hasOpenForMember(r: Reader, patientId: string, memberId: string, now: Date): Promise<boolean> {
  const row = await r
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.forMemberId, memberId), openAt(now)))
    .get();
  return row !== undefined;
}
