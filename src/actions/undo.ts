/**
 * The doctor takes back their latest schedule, cancel or reschedule of an appointment within the
 * undo window (issue 39): in one transaction the appointment is put back as it was, the change's
 * mails (held until the window closes) are dropped and those it dropped wait again, and the undo
 * is recorded in the audit trail; a waitlist offer of the time it gives back is withdrawn. After the
 * window, with nothing to undo, or when the time it gives back has been given to another meeting
 * since (booked, scheduled or accepted from the waitlist), it is refused; so too (issue 51) when it
 * would break the patient's own rules: that person has booked this doctor again since (one open
 * appointment per doctor), or has another confirmed meeting at the time it gives back.
 */
import type { Deps } from "../config/deps";
import { recordAudit } from "../db/queries/audit";
import { undoMail } from "../db/queries/mail";
import { withdrawOffer } from "../db/queries/waitlist";
import { latestChange, restoreAppointment } from "../db/queries/undo";
import { findOverlap, type AppointmentRow } from "../db/queries/appointments";
import { conflict, notFound } from "../domain/refusal";
import { hasOpenAppointment } from "../db/queries/open-appointments";
import { together } from "../db/together";
import { fieldsOf, UNDO_MESSAGES, undoVerdict } from "../domain/undo";
import { keepAppointment, keepWaitlist } from "./stats";

/** Undoes doctor `doctorId`'s latest change of appointment `appointmentId`: the appointment as it is again. */
export function undoChange(deps: Deps, doctorId: string, appointmentId: string): Promise<AppointmentRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const found = await latestChange(tx, appointmentId, doctorId);
    if (found === undefined) throw notFound("Appointment");
    const verdict = undoVerdict(found.latest, doctorId, now, deps.config.undoSeconds);
    if (!verdict.ok) throw conflict(UNDO_MESSAGES[verdict.why]);
    const { previous, at } = verdict;
    // A time given back (a cancel or move undone) may have been booked, scheduled or offered since;
    // issue 51: the patient (that person) may have booked this doctor again, or filled that time.
    const appointment = found.appointment;
    const person = { patientId: appointment.patientId, forMemberId: appointment.forMemberId };
    const slot = previous.status === "confirmed" && previous.scheduledAt !== null && previous.endsAt !== null ? { start: new Date(previous.scheduledAt), end: new Date(previous.endsAt) } : undefined;
    const reopens = previous.status === "pending" || (slot !== undefined && slot.end > now);
    const [taken, openAgain, busy] = await together(() =>
      Promise.all([
        slot && findOverlap(tx, doctorId, slot, appointmentId),
        reopens ? hasOpenAppointment(tx, appointment.patientId, doctorId, now, appointment.forMemberId, appointmentId) : false,
        slot && findOverlap(tx, person, slot, appointmentId),
      ]),
    );
    if (taken) throw conflict(UNDO_MESSAGES.taken);
    if (openAgain) throw conflict(UNDO_MESSAGES.openAgain);
    if (busy) throw conflict(UNDO_MESSAGES.patientBusy);
    keepAppointment(tx, deps, appointment, await restoreAppointment(tx, appointmentId, previous));
    await undoMail(tx, appointmentId, at);
    // Issue 40: the meeting has its time again, so a waitlist offer of that time (its mail held with the change's) is taken back.
    if (previous.status === "confirmed" && previous.scheduledAt !== null) {
      const start = new Date(previous.scheduledAt);
      for (const entry of await withdrawOffer(tx, doctorId, start)) keepWaitlist(tx, deps, { ...entry, offerStart: start }, entry);
    }
    await recordAudit(tx, {
      at: now,
      actorRole: "doctor",
      actorId: doctorId,
      subject: "appointment",
      subjectId: appointmentId,
      action: "undo",
      fromStatus: found.appointment.status,
      toStatus: previous.status,
      reason: `undid ${found.latest!.action} of ${at.toISOString()}`,
    });
    return { ...found.appointment, ...fieldsOf(previous) };
  });
}
