import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AppointmentStatus } from "../../domain/appointment";
import type { Relation } from "../../domain/family";
import { doctors, patients } from "./accounts";

const at = (name: string) => integer(name, { mode: "timestamp_ms" });

export const appointments = sqliteTable(
  "appointments",
  {
    id: text("id").primaryKey(),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    reason: text("reason").notNull(),
    // Stored: pending, confirmed or cancelled. "completed" is derived from ends_at at read time,
    // "noshow" from attended = false.
    status: text("status").$type<AppointmentStatus>().notNull().default("pending"),
    createdAt: at("created_at").notNull(),
    scheduledAt: at("scheduled_at"),
    // scheduled_at + CONSULT_MINUTES as it was when scheduled: the slot the doctor gave.
    endsAt: at("ends_at"),
    meetLink: text("meet_link"),
    // "admin": cancelled because the admin blocked the doctor (docs/decisions.md, issue 27).
    cancelledBy: text("cancelled_by").$type<"patient" | "doctor" | "admin">(),
    cancelReason: text("cancel_reason"),
    cancelledAt: at("cancelled_at"),
    // The patient's preferred slot starts (ISO UTC, at most 3), as booked; null when none.
    preferredTimes: text("preferred_times", { mode: "json" }).$type<string[]>(),
    // The last reschedule: the time it was moved from, and the mover's reason.
    rescheduledFrom: at("rescheduled_from"),
    rescheduleReason: text("reschedule_reason"),
    // Who moved it last (issue 40: the patient may too); null for the moves before that, all the doctor's.
    rescheduledBy: text("rescheduled_by").$type<"patient" | "doctor">(),
    // The doctor's mark of attendance (issue 40), from the meeting's start until 7 days after its
    // end: null unmarked, true attended, false missed (read as the status "noshow").
    attended: integer("attended", { mode: "boolean" }),
    // Issue 42: the family member the visit is for, as booked (name, relation, age in whole years
    // at creation), kept on the appointment so that its story stays what it was when the member
    // is renamed or removed later; all null when it is for the account holder. No foreign key: a
    // member with only past appointments may be removed.
    forMemberId: text("for_member_id"),
    forName: text("for_name"),
    forRelation: text("for_relation").$type<Relation>(),
    forAge: integer("for_age"),
    // Issue 51: booked at once by the patient (a free slot of an instant doctor, or a waitlist's
    // offer), not scheduled by the doctor from a request: counts toward INSTANT_PER_DOCTOR and
    // INSTANT_PER_ACCOUNT while open.
    bookedInstantly: integer("booked_instantly", { mode: "boolean" }).notNull().default(false),
    // Issue 58: when it was confirmed (the doctor's schedule, or the instant booking); an undone
    // schedule clears it. The admin's "scheduled" count and the median wait read it.
    confirmedAt: at("confirmed_at"),
    // Issue 54: where the visit is. "video" (with a meet link once confirmed) or "clinic" at
    // place_id (null while a clinic request waits for the doctor to choose the place). No foreign
    // key is needed to keep the row: a place is never deleted, only marked removed.
    visitType: text("visit_type").$type<"video" | "clinic">().notNull().default("video"),
    placeId: text("place_id"),
  },
  (t) => [
    // doctor's pending requests by request time
    index("appointments_doctor_status_created").on(t.doctorId, t.status, t.createdAt),
    // doctor's meetings by time, and the overlap check of scheduling
    index("appointments_doctor_status_scheduled").on(t.doctorId, t.status, t.scheduledAt),
    // patient's meetings, and the one-open-appointment-per-doctor check
    index("appointments_patient_status_scheduled").on(t.patientId, t.status, t.scheduledAt),
    // issue 58: the confirmations of a period (the median wait, read from the index alone: issue
    // 57), the meetings not over yet
    index("appointments_confirmed_waits").on(t.confirmedAt, t.bookedInstantly, t.createdAt),
    index("appointments_status_ends").on(t.status, t.endsAt),
    // issue 57: the longest confirmed meeting, read at the index's end, bounds the meetings not
    // over yet to a range of appointments_status_ends (a meeting's length has no maximum)
    index("appointments_confirmed_length")
      .on(sql`(${t.endsAt} - ${t.scheduledAt})`)
      .where(sql`${t.status} = 'confirmed'`),
    // a place's upcoming visits (issue 54: a place with one cannot be removed)
    index("appointments_place_status_scheduled").on(t.placeId, t.status, t.scheduledAt),
  ],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    // unique: the database itself refuses a second feedback on one appointment
    appointmentId: text("appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    message: text("message").notNull(),
    // Issue 41's review: a rating 1-5 (null: none given) counts publicly and anonymously; the
    // message is shown (as "Pat P.") only when the patient published it and no admin hid it.
    rating: integer("rating"),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    // The doctor's one answer to a published review.
    replyText: text("reply_text"),
    repliedAt: at("replied_at"),
    // An admin hid the published review (its rating stops counting); the reason is kept.
    hiddenAt: at("hidden_at"),
    hiddenReason: text("hidden_reason"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("feedback_doctor_created").on(t.doctorId, t.createdAt),
    // a doctor's public reviews, newest first
    index("feedback_doctor_published_created").on(t.doctorId, t.published, t.createdAt),
    // the admin's published reviews of every doctor, newest first (issue 41)
    index("feedback_published_created").on(t.published, t.createdAt),
    // the admin's reviews page, newest first: a backward walk that stops at its limit, not a loop over every doctor (issue 57)
    index("feedback_created").on(t.createdAt),
  ],
);
