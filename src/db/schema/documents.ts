import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DocumentType } from "../../domain/documents";
import { appointments } from "./appointments";
import { doctors, patients } from "./accounts";

/**
 * Issue 56 item 4: the patient's reports on an appointment. The file is kept by src/storage (the
 * "documents" folder or the bucket) under `stored_name`, 128 random bits, never served under
 * /uploads; only the patient and the appointment's doctor read it, through the API.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    title: text("title").notNull(),
    type: text("type").$type<DocumentType>().notNull(),
    bytes: integer("bytes").notNull(),
    storedName: text("stored_name").notNull(),
    uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }).notNull(),
  },
  // an appointment's reports in order (and their count); a patient's (their appointments page, the
  // export and erasure); a doctor's (the cards' counts)
  (t) => [index("documents_appointment").on(t.appointmentId, t.uploadedAt), index("documents_patient").on(t.patientId), index("documents_doctor").on(t.doctorId)],
);
