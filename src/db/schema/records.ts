import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Medicine, RecordNote, RecordSnapshot } from "../../domain/records";
import { appointments } from "./appointments";
import { doctors, patients } from "./accounts";

const at = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * Issue 56: the visit note and its prescription, one record per version. A draft (number null)
 * is the doctor's alone and changes any number of times; issued, it carries its number and the
 * snapshot of who and where (names, registration, age, sex) and never changes again, but for
 * `replaced_by` when an amendment replaces it. At most one draft per appointment.
 */
export const records = sqliteTable(
  "records",
  {
    id: text("id").primaryKey(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    // The note's sections (complaints, history, findings, ...), each "" when not written.
    note: text("note", { mode: "json" }).$type<RecordNote>().notNull(),
    medicines: text("medicines", { mode: "json" }).$type<Medicine[]>().notNull(),
    // YYYY-MM-DD, a calendar date in no zone; null: none.
    followUp: text("follow_up"),
    // RX-YYYY-NNNNNN once issued; null: a draft.
    number: text("number").unique(),
    issuedAt: at("issued_at"),
    // Who and where, as they were at the issue (null for a draft).
    snapshot: text("snapshot", { mode: "json" }).$type<RecordSnapshot>(),
    // The issued record this one amends, and the one that amended this one.
    replacesId: text("replaces_id"),
    replacesNumber: text("replaces_number"),
    replacedByNumber: text("replaced_by_number"),
    // The visit's start (the retention counts from it: RECORD_KEEP_DAYS).
    visitAt: at("visit_at").notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    // the appointment's versions, in order
    index("records_appointment_created").on(t.appointmentId, t.createdAt),
    // the one draft of an appointment
    uniqueIndex("records_one_draft").on(t.appointmentId).where(sql`${t.number} is null`),
    // the patient's issued records, newest first
    index("records_patient_issued").on(t.patientId, t.issuedAt),
    // the pruning of issued records past RECORD_KEEP_DAYS
    index("records_visit_at").on(t.visitAt),
  ],
);

/** The last number given per year: the next issue takes last + 1 in its own transaction (no gaps). */
export const recordNumbers = sqliteTable("record_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});
