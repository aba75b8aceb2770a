/** Appointments and feedback: the only SQL behind booking, scheduling, cancelling and lists. */
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { effectiveStatus, type AppointmentStatus, type Slot } from "../../domain/appointment";
import type { ForPerson } from "../../domain/family";
import type { Reader, Tx } from "../client";
import { keptForOwner, type ListOwner } from "./account-lists";
import { keptList } from "./kept-list";
import { openAt } from "./open-appointments";
import { appointments, doctors, feedback, patients, places } from "../schema";
import type { Visit } from "../../domain/places";

export type AppointmentRow = typeof appointments.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;

/** An appointment as every list shows it, with its derived status. */
export type AppointmentView = {
  id: string;
  status: AppointmentStatus;
  reason: string;
  createdAt: Date;
  scheduledAt: Date | null;
  /** When a confirmed appointment's slot ends (it is completed from then on). */
  endsAt: Date | null;
  meetLink: string | null;
  patient: { id: string; name: string; email: string };
  doctor: { id: string; name: string; specialization: string };
  hasFeedback: boolean;
  /** The patient's preferred slot starts (ISO), [] when none. */
  preferredTimes: string[];
  /** The last move of a confirmed meeting: from when, why, and by whom (issue 40); null if never moved. */
  rescheduled: { from: Date; reason: string; by: "patient" | "doctor" } | null;
  /** The family member it is for, as booked (issue 42); null when it is for the account holder. */
  for: ForPerson | null;
  /** The doctor's attendance mark (issue 40): true attended, false did not come, null not marked (issue 52 shows it). */
  attended?: boolean | null;
  /** Where it is (issue 54): by video, or at one of the doctor's places with its address. */
  visit: Visit;
};

/** An appointment's own columns that every list reads (and the account's data export, src/db/queries/export.ts). */
export const meetingColumns = {
  id: appointments.id,
  status: appointments.status,
  reason: appointments.reason,
  createdAt: appointments.createdAt,
  scheduledAt: appointments.scheduledAt,
  endsAt: appointments.endsAt,
  meetLink: appointments.meetLink,
};

export const viewColumns = {
  ...meetingColumns,
  patientId: patients.id,
  patientName: patients.name,
  patientEmail: patients.email,
  doctorId: doctors.id,
  doctorName: doctors.name,
  doctorSpecialization: doctors.specialization,
  feedbackId: feedback.id,
  preferredTimes: appointments.preferredTimes,
  rescheduledFrom: appointments.rescheduledFrom,
  rescheduleReason: appointments.rescheduleReason,
  rescheduledBy: appointments.rescheduledBy,
  attended: appointments.attended,
  forMemberId: appointments.forMemberId,
  forName: appointments.forName,
  forRelation: appointments.forRelation,
  forAge: appointments.forAge,
  visitType: appointments.visitType,
  placeId: places.id,
  placeName: places.name,
  placeAddress: places.address,
  placeLocality: places.locality,
  placeCity: places.city,
  placePinCode: places.pinCode,
  placePhone: places.phone,
  placeMapUrl: places.mapUrl,
};

/** An appointment row's visit (issue 54) from its place's columns (a removed place still says where it was). */
type VisitRow = { visitType: "video" | "clinic"; placeId: string | null; placeName: string | null; placeAddress: string | null; placeLocality: string | null; placeCity: string | null; placePinCode: string | null; placePhone: string | null; placeMapUrl: string | null };
export function visitOfRow(row: VisitRow): Visit {
  if (row.visitType === "video") return { type: "video" };
  if (row.placeId === null) return { type: "clinic", place: null };
  return {
    type: "clinic",
    place: { id: row.placeId, name: row.placeName ?? "", address: row.placeAddress ?? "", locality: row.placeLocality ?? "", city: row.placeCity ?? "", pinCode: row.placePinCode ?? "", phone: row.placePhone, mapUrl: row.placeMapUrl },
  };
}

export function viewQuery(r: Reader) {
  return r
    .select(viewColumns)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .leftJoin(feedback, eq(feedback.appointmentId, appointments.id))
    .leftJoin(places, eq(places.id, appointments.placeId));
}

export function toView(row: Awaited<ReturnType<ReturnType<typeof viewQuery>["all"]>>[number], now: Date): AppointmentView {
  return {
    id: row.id,
    status: effectiveStatus(row.status, row.endsAt, now, row.attended),
    reason: row.reason,
    createdAt: row.createdAt,
    scheduledAt: row.scheduledAt,
    endsAt: row.endsAt,
    meetLink: row.meetLink,
    patient: { id: row.patientId, name: row.patientName, email: row.patientEmail },
    doctor: { id: row.doctorId, name: row.doctorName, specialization: row.doctorSpecialization },
    hasFeedback: row.feedbackId !== null,
    preferredTimes: row.preferredTimes ?? [],
    rescheduled: row.rescheduledFrom === null ? null : { from: row.rescheduledFrom, reason: row.rescheduleReason ?? "", by: row.rescheduledBy ?? "doctor" },
    for: forPersonOf(row),
    attended: row.attended,
    visit: visitOfRow(row),
  };
}

/** Who an appointment row is for (issue 42): its member as booked, or null for the account holder. */
export function forPersonOf(row: Pick<AppointmentRow, "forMemberId" | "forName" | "forRelation" | "forAge">): ForPerson | null {
  if (row.forMemberId === null || row.forName === null || row.forRelation === null || row.forAge === null) return null;
  return { id: row.forMemberId, name: row.forName, relation: row.forRelation, age: row.forAge };
}

/** A doctor's pending requests, oldest request first. */
export async function listDoctorPending(r: Reader, doctor: ListOwner, now: Date): Promise<AppointmentView[]> {
  const rows = await keptForOwner(r, "doctor-pending", doctor, () => doctorPending(r, doctor.id));
  return rows.map((row) => toView(row, now));
}
const doctorPending = keptList(viewColumns, (r, doctorId) =>
  viewQuery(r)
    .where(and(eq(appointments.doctorId, doctorId as string), eq(appointments.status, "pending")))
    .orderBy(asc(appointments.createdAt)),
);

/** A doctor's confirmed and completed meetings, by scheduled time. */
export async function listDoctorMeetings(r: Reader, doctor: ListOwner, now: Date): Promise<AppointmentView[]> {
  const rows = await keptForOwner(r, "doctor-meetings", doctor, () => doctorMeetings(r, doctor.id));
  return rows.map((row) => toView(row, now));
}
const doctorMeetings = keptList(viewColumns, (r, doctorId) =>
  viewQuery(r)
    .where(and(eq(appointments.doctorId, doctorId as string), eq(appointments.status, "confirmed")))
    .orderBy(asc(appointments.scheduledAt)),
);

/** A patient's appointments that are not cancelled: scheduled ones by time, then pending requests. */
export async function listPatientMeetings(r: Reader, patient: ListOwner, now: Date): Promise<AppointmentView[]> {
  const rows = await keptForOwner(r, "patient-meetings", patient, () => patientMeetings(r, patient.id));
  return rows.map((row) => toView(row, now));
}
const patientMeetings = keptList(viewColumns, (r, patientId) =>
  viewQuery(r)
    .where(and(eq(appointments.patientId, patientId as string), inArray(appointments.status, ["pending", "confirmed"])))
    .orderBy(sql`${appointments.scheduledAt} is null`, asc(appointments.scheduledAt), asc(appointments.createdAt)),
);

/** An appointment as the meetings pages tell its story: the list's view, and who cancelled it, when and why. */
export type StoryView = AppointmentView & {
  cancelled: { by: "patient" | "doctor" | "admin"; at: Date; reason: string } | null;
};

const storyColumns = { ...viewColumns, cancelledBy: appointments.cancelledBy, cancelReason: appointments.cancelReason, cancelledAt: appointments.cancelledAt };

/**
 * Every appointment a meetings page shows (its pages only: the JSON lists show no cancelled
 * one): open and completed ones, and those cancelled since `since`. One query on the owner's
 * (owner, status, scheduled_at) index. Kept per lists version; a kept read of an earlier day may
 * hold a cancellation that has since aged out, so the age is checked again here.
 */
export async function listStory(r: Reader, side: "patient" | "doctor", owner: ListOwner, now: Date, since: Date): Promise<StoryView[]> {
  const rows = await keptForOwner(r, `${side}-story`, owner, () => {
    const ownerColumn = side === "patient" ? appointments.patientId : appointments.doctorId;
    return r
      .select(storyColumns)
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .leftJoin(feedback, eq(feedback.appointmentId, appointments.id))
      .leftJoin(places, eq(places.id, appointments.placeId))
      .where(
        and(
          eq(ownerColumn, owner.id),
          or(inArray(appointments.status, ["pending", "confirmed"]), and(eq(appointments.status, "cancelled"), gte(appointments.cancelledAt, since))),
        ),
      )
      .all();
  });
  const story: StoryView[] = [];
  for (const row of rows) {
    if (row.status === "cancelled" && (row.cancelledAt === null || row.cancelledAt.getTime() < since.getTime())) continue;
    const cancelled =
      row.status === "cancelled" && row.cancelledAt !== null ? { by: row.cancelledBy ?? "patient", at: row.cancelledAt, reason: row.cancelReason ?? "" } : null;
    story.push({ ...toView(row, now), cancelled });
  }
  return story;
}

/** One appointment with its derived status, if it belongs to the given patient or doctor. */
export async function findOwnAppointment(
  r: Reader,
  id: string,
  owner: { patientId: string } | { doctorId: string },
  now: Date,
): Promise<(AppointmentRow & { effective: AppointmentStatus }) | undefined> {
  const ownerClause =
    "patientId" in owner ? eq(appointments.patientId, owner.patientId) : eq(appointments.doctorId, owner.doctorId);
  const row = await r
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), ownerClause))
    .get();
  return row && { ...row, effective: effectiveStatus(row.status, row.endsAt, now, row.attended) };
}

/** The appointments of one person of the account: the holder (null) or a family member. */
const personIs = (forMemberId: string | null) => (forMemberId === null ? isNull(appointments.forMemberId) : eq(appointments.forMemberId, forMemberId));

/**
 * Another confirmed appointment of the doctor (or, given `{ patientId }`, of the patient: issue
 * 40's move by the patient; with `forMemberId` too, of that one person: issue 51's undo) whose
 * slot overlaps `slot`, if any, with its patient's name.
 */
export function findOverlap(r: Reader, owner: string | { patientId: string; forMemberId?: string | null }, slot: Slot, exceptId: string) {
  return r
    .select({ id: appointments.id, name: patients.name, start: appointments.scheduledAt, end: appointments.endsAt })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        typeof owner === "string" ? eq(appointments.doctorId, owner) : eq(appointments.patientId, owner.patientId),
        // One person's meetings only (issue 51: the holder's, or that family member's), when asked.
        typeof owner === "string" || owner.forMemberId === undefined ? undefined : personIs(owner.forMemberId),
        eq(appointments.status, "confirmed"),
        lt(appointments.scheduledAt, slot.end),
        gt(appointments.endsAt, slot.start),
        ne(appointments.id, exceptId),
      ),
    )
    .get();
}

export async function insertAppointment(tx: Tx, row: typeof appointments.$inferInsert): Promise<AppointmentRow> {
  return (await tx.insert(appointments).values(row).returning().get())!;
}

/** The columns issue 58's totals count (src/domain/stats.ts), as each change returns them. */
export const countedColumns = {
  doctorId: appointments.doctorId,
  status: appointments.status,
  createdAt: appointments.createdAt,
  scheduledAt: appointments.scheduledAt,
  confirmedAt: appointments.confirmedAt,
  cancelledBy: appointments.cancelledBy,
  cancelledAt: appointments.cancelledAt,
  attended: appointments.attended,
  bookedInstantly: appointments.bookedInstantly,
};
export type CountedRow = { [K in keyof typeof countedColumns]: AppointmentRow[K] };

/**
 * The doctor confirms at `at`: the row as the totals count it afterwards. `visit` (issue 54):
 * where it is, a clinic's without a meet link.
 */
export async function confirmAppointment(tx: Tx, id: string, slot: Slot, meetLink: string | null, at: Date, visit?: { visitType: "video" | "clinic"; placeId: string | null }): Promise<CountedRow> {
  return (await tx
    .update(appointments)
    .set({ status: "confirmed", scheduledAt: slot.start, endsAt: slot.end, meetLink, confirmedAt: at, ...visit })
    .where(eq(appointments.id, id))
    .returning(countedColumns)
    .get())!;
}

/** Moves a confirmed meeting to `slot`, keeping the time it came from, why, and who moved it. */
export async function moveAppointment(tx: Tx, id: string, slot: Slot, from: Date, reason: string, by: "patient" | "doctor", visit: { visitType: "video" | "clinic"; placeId: string | null; meetLink: string | null }): Promise<CountedRow> {
  return (await tx
    .update(appointments)
    .set({ scheduledAt: slot.start, endsAt: slot.end, rescheduledFrom: from, rescheduleReason: reason, rescheduledBy: by, ...visit })
    .where(eq(appointments.id, id))
    .returning(countedColumns)
    .get())!;
}

export async function cancelAppointment(
  tx: Tx,
  id: string,
  by: "patient" | "doctor",
  reason: string,
  at: Date,
): Promise<CountedRow> {
  return (await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledBy: by, cancelReason: reason, cancelledAt: at })
    .where(eq(appointments.id, id))
    .returning(countedColumns)
    .get())!;
}

/**
 * Cancels every open appointment of a doctor (pending, or confirmed and not yet over) with
 * `reason`, as the admin's doing: the ids it cancelled, each with the status it had.
 */
export async function cancelOpenOfDoctor(tx: Tx, doctorId: string, reason: string, at: Date) {
  return tx
    .update(appointments)
    .set({ status: "cancelled", cancelledBy: "admin", cancelReason: reason, cancelledAt: at })
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        openAt(at),
      ),
    )
    .returning({ id: appointments.id, patientId: appointments.patientId, ...countedColumns })
    .all();
}

export async function insertFeedback(tx: Tx, row: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  return (await tx.insert(feedback).values(row).returning().get())!;
}

/** Feedback a doctor has received, newest first, with the appointment it is about. */
export async function listDoctorFeedback(r: Reader, doctor: ListOwner, now: Date) {
  const rows = await keptForOwner(r, "doctor-feedback", doctor, () => doctorFeedback(r, doctor.id));
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    createdAt: row.createdAt,
    // issue 41's review
    appointmentId: row.appointmentId,
    rating: row.rating,
    published: row.published,
    replyText: row.replyText,
    repliedAt: row.repliedAt,
    hiddenAt: row.hiddenAt,
    hiddenReason: row.hiddenReason,
    appointment: {
      id: row.appointmentId,
      scheduledAt: row.scheduledAt,
      endsAt: row.endsAt,
      status: effectiveStatus(row.status, row.endsAt, now, row.attended),
    },
  }));
}

const feedbackColumns = {
  id: feedback.id,
  message: feedback.message,
  createdAt: feedback.createdAt,
  rating: feedback.rating,
  published: feedback.published,
  replyText: feedback.replyText,
  repliedAt: feedback.repliedAt,
  hiddenAt: feedback.hiddenAt,
  hiddenReason: feedback.hiddenReason,
  appointmentId: appointments.id,
  scheduledAt: appointments.scheduledAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  attended: appointments.attended,
};
const doctorFeedback = keptList(feedbackColumns, (r, doctorId) =>
  r
    .select(feedbackColumns)
    .from(feedback)
    .innerJoin(appointments, eq(appointments.id, feedback.appointmentId))
    .where(eq(feedback.doctorId, doctorId as string))
    .orderBy(sql`${feedback.createdAt} desc`),
);

/** The patient's own feedback as their meetings page shows it (issue 52): the rating, whether published, the doctor's reply, and whether an admin hid it. */
export type OwnFeedback = { appointmentId: string; rating: number | null; published: boolean; replyText: string | null; hidden: boolean };

/** The feedback of `appointmentIds` that `patientId` gave (the unique appointment index; none asked, no read). */
export async function ownFeedback(r: Reader, patientId: string, appointmentIds: string[]): Promise<OwnFeedback[]> {
  if (appointmentIds.length === 0) return [];
  const rows = await r
    .select({ appointmentId: feedback.appointmentId, rating: feedback.rating, published: feedback.published, replyText: feedback.replyText, hiddenAt: feedback.hiddenAt })
    .from(feedback)
    .where(and(inArray(feedback.appointmentId, appointmentIds), eq(feedback.patientId, patientId)))
    .all();
  return rows.map(({ hiddenAt, ...row }) => ({ ...row, hidden: hiddenAt !== null }));
}
