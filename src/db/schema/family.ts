import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Relation, Sex } from "../../domain/family";
import { patients } from "./accounts";

/**
 * The people a patient books for (issue 42), part of the patient's account: at most MAX_FAMILY
 * each, never shown to anyone but the account holder and, by name on an appointment, its doctor.
 */
export const familyMembers = sqliteTable(
  "family_members",
  {
    id: text("id").primaryKey(),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    name: text("name").notNull(),
    relation: text("relation").$type<Relation>().notNull(),
    // YYYY-MM-DD as given: a calendar date, in no zone.
    dateOfBirth: text("date_of_birth").notNull(),
    sex: text("sex").$type<Sex>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  // the account's members in the order they were added
  (t) => [index("family_members_patient_created").on(t.patientId, t.createdAt)],
);
