/**
 * What patients and doctors do with appointments: book, schedule, cancel, give feedback. The
 * JSON API and the HTML forms both call these; each runs in one write transaction.
 */
import { isUniqueViolation } from "../db/client";
import { findDoctor, type PatientRow } from "../db/queries/accounts";
import {
  cancelAppointment as markCancelled,
  confirmAppointment,
  findOverlap,
  hasOpenAppointment,
  insertAppointment,
  insertFeedback,
  type AppointmentRow,
  type FeedbackRow,
} from "../db/queries/appointments";
import { recordAudit } from "../db/queries/audit";
import type { Deps } from "../config/deps";
import { consultationSlot } from "../domain/appointment";
import { MESSAGES, overlapMessage } from "../domain/messages";
import { conflict, notFound, Refusal } from "./refusal";
import { transitionAppointment, type Caller } from "./transition";

export type { Caller };

export const BOOKED = "Appointment request sent. The doctor will schedule it soon.";
export const SCHEDULED = "Appointment scheduled successfully";
export const CANCELLED = "Appointment cancelled successfully";
export const FEEDBACK_GIVEN = "Feedback submitted successfully!";

/** A patient asks an approved doctor for an appointment: one open request per doctor. */
export function bookAppointment(deps: Deps, patient: Pick<PatientRow, "id">, input: { doctorId: string; reason: string }): Promise<AppointmentRow> {
  return deps.database.write(async (tx) => {
    const doctor = await findDoctor(tx, input.doctorId);
    if (doctor === undefined || doctor.status !== "approved") throw notFound("Doctor");
    const now = deps.now();
    if (await hasOpenAppointment(tx, patient.id, input.doctorId, now)) {
      throw conflict("You already have an open appointment with this doctor");
    }
    const created = await insertAppointment(tx, {
      id: crypto.randomUUID(),
      patientId: patient.id,
      doctorId: input.doctorId,
      reason: input.reason,
      status: "pending",
      createdAt: now,
    });
    await recordAudit(tx, { at: now, actorRole: "patient", actorId: patient.id, subject: "appointment", subjectId: created.id, action: "book", toStatus: "pending" });
    return created;
  });
}

/** A meet link no one can guess: the configured prefix and 128 random bits. */
function newMeetLink(base: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${base}carebook-${Buffer.from(bytes).toString("base64url")}`;
}

export type ScheduleInput = { appointmentId: string; patientId: string; scheduledDateTime: Date };

/**
 * The doctor confirms a pending request for a future slot that overlaps none of their confirmed
 * ones. A patientId that is not the appointment's is not found, like another doctor's request.
 */
export async function scheduleAppointment(
  deps: Deps,
  doctorId: string,
  input: ScheduleInput,
  /** The zone the doctor reads times in, for the words a page shows. */
  zone = "UTC",
): Promise<{ scheduledAt: Date; meetLink: string }> {
  const meetLink = newMeetLink(deps.config.meetBaseUrl);
  const slot = consultationSlot(input.scheduledDateTime, deps.config.consultMinutes);
  await transitionAppointment(
    deps,
    { role: "doctor", id: doctorId },
    input.appointmentId,
    "schedule",
    async (tx, appointment, now) => {
      if (slot.start.getTime() <= now.getTime()) throw new Refusal("invalid", "scheduledDateTime must be in the future", undefined, MESSAGES.timeInPast);
      const overlap = await findOverlap(tx, doctorId, slot, appointment.id);
      if (overlap) {
        const words = overlap.start && overlap.end ? overlapMessage({ name: overlap.name, start: overlap.start, end: overlap.end }, zone) : undefined;
        throw new Refusal("conflict", "This time overlaps another confirmed appointment", undefined, words);
      }
      await confirmAppointment(tx, appointment.id, slot, meetLink);
      return { result: undefined, reason: `scheduled for ${slot.start.toISOString()}` };
    },
    (appointment) => appointment.patientId === input.patientId,
  );
  return { scheduledAt: slot.start, meetLink };
}

/** The appointment's patient or doctor cancels a pending or confirmed one, saying why. */
export function cancelAppointment(deps: Deps, caller: Caller, input: { appointmentId: string; reason: string }): Promise<void> {
  return transitionAppointment(deps, caller, input.appointmentId, "cancel", async (tx, appointment, now) => {
    await markCancelled(tx, appointment.id, caller.role, input.reason, now);
    return { result: undefined, reason: input.reason };
  });
}

/** The patient's feedback on a completed appointment, once. */
export function giveFeedback(deps: Deps, patientId: string, input: { appointmentId: string; message: string }): Promise<FeedbackRow> {
  return transitionAppointment(deps, { role: "patient", id: patientId }, input.appointmentId, "feedback", async (tx, appointment, now) => {
    try {
      const row = { id: crypto.randomUUID(), appointmentId: appointment.id, patientId, doctorId: appointment.doctorId, message: input.message, createdAt: now };
      return { result: await insertFeedback(tx, row) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("Feedback has already been given for this appointment");
      throw error;
    }
  });
}
