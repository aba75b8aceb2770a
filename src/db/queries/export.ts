/**
 * The reads of an account's data export (issue 44): one statement a section, each on an index,
 * sent together by the use case (src/actions/export.ts). What a section holds of another account
 * is only what its owner's own pages already show: a patient's appointments name their doctor; a
 * doctor's name the patient (and the family member) by name only, never by email or id.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Reader } from "../client";
import { appointments, auditEvents, doctors, feedback, mailOutbox, patients, waitlist } from "../schema";
import type { MailRole } from "./mail";
import { meetingColumns } from "./appointments";

export type Side = "patient" | "doctor";
const ownerOf = (side: Side) => (side === "patient" ? appointments.patientId : appointments.doctorId);

/** The side's appointments, oldest first, each with the other side as its owner sees it. */
export function exportAppointments(r: Reader, side: Side, id: string) {
  return r
    .select({
      ...meetingColumns,
      preferredTimes: appointments.preferredTimes,
      attended: appointments.attended,
      cancelledBy: appointments.cancelledBy,
      cancelReason: appointments.cancelReason,
      cancelledAt: appointments.cancelledAt,
      rescheduledFrom: appointments.rescheduledFrom,
      rescheduleReason: appointments.rescheduleReason,
      rescheduledBy: appointments.rescheduledBy,
      forName: appointments.forName,
      forRelation: appointments.forRelation,
      forAge: appointments.forAge,
      doctorName: doctors.name,
      doctorSpecialization: doctors.specialization,
      patientName: patients.name,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(eq(ownerOf(side), id))
    .orderBy(asc(appointments.createdAt), asc(appointments.id))
    .all();
}
export type ExportedAppointment = Awaited<ReturnType<typeof exportAppointments>>[number];

/** The story of every appointment of the side (the audit trail's events about them), oldest first. */
export function exportStory(r: Reader, side: Side, id: string) {
  const own = r.select({ id: appointments.id }).from(appointments).where(eq(ownerOf(side), id));
  return r
    .select({ appointmentId: auditEvents.subjectId, at: auditEvents.at, action: auditEvents.action, by: auditEvents.actorRole, from: auditEvents.fromStatus, to: auditEvents.toStatus, reason: auditEvents.reason })
    .from(auditEvents)
    .where(and(eq(auditEvents.subject, "appointment"), inArray(auditEvents.subjectId, own)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .all();
}

/** The feedback the patient gave, or the doctor received, oldest first. */
export function exportFeedback(r: Reader, side: Side, id: string) {
  return r
    .select({
      appointmentId: feedback.appointmentId,
      message: feedback.message,
      rating: feedback.rating,
      published: feedback.published,
      replyText: feedback.replyText,
      repliedAt: feedback.repliedAt,
      hiddenAt: feedback.hiddenAt,
      hiddenReason: feedback.hiddenReason,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(eq(side === "patient" ? feedback.patientId : feedback.doctorId, id))
    .orderBy(asc(feedback.createdAt))
    .all();
}

/** The mails sent (or waiting) to the account: what and when, never their text. */
export function exportMails(r: Reader, role: MailRole, id: string) {
  return r
    .select({ subject: mailOutbox.subject, template: mailOutbox.template, state: mailOutbox.state, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipientRole, role), eq(mailOutbox.recipientId, id)))
    .orderBy(asc(mailOutbox.createdAt))
    .all();
}

/**
 * The audit events about the account beyond its appointments' story: a doctor's account history
 * (signup, the admin's decisions), or the doctor decisions an admin made; none for a patient.
 */
export function exportAudit(r: Reader, role: MailRole, id: string) {
  const about = role === "doctor" ? eq(auditEvents.subjectId, id) : and(eq(auditEvents.actorRole, role), eq(auditEvents.actorId, id));
  return r
    .select({ subject: auditEvents.subject, subjectId: auditEvents.subjectId, at: auditEvents.at, action: auditEvents.action, by: auditEvents.actorRole, from: auditEvents.fromStatus, to: auditEvents.toStatus, reason: auditEvents.reason })
    .from(auditEvents)
    .where(and(eq(auditEvents.subject, "doctor"), about))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .all();
}

/** Every waitlist entry of the patient, open or ended, with its doctor's name. */
export function exportWaitlist(r: Reader, patientId: string) {
  return r
    .select({ doctorName: doctors.name, reason: waitlist.reason, until: waitlist.until, createdAt: waitlist.createdAt, endedAt: waitlist.endedAt, endedWhy: waitlist.endedWhy })
    .from(waitlist)
    .innerJoin(doctors, eq(doctors.id, waitlist.doctorId))
    .where(eq(waitlist.patientId, patientId))
    .orderBy(asc(waitlist.createdAt))
    .all();
}
