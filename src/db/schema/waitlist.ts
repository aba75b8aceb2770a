import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { doctors, patients } from "./accounts";

const at = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Why a waitlist entry ended: the patient took the offer, said no, let it run out, or left. */
export type WaitlistEnd = "accepted" | "declined" | "expired" | "left";

/**
 * Patients waiting for a freed time of a doctor with instant booking (issue 40). An entry is open
 * while `ended_at` is null; while it holds an offer (`offer_*` set, `offer_expires_at` not yet
 * passed) that slot counts as busy in the doctor's free slots (src/db/queries/availability.ts).
 * Ended entries stay (the patient may join again: the one-open-entry rule only counts open ones).
 */
export const waitlist = sqliteTable(
  "waitlist",
  {
    id: text("id").primaryKey(),
    patientId: text("patient_id")
      .notNull()
      .references(() => patients.id),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    reason: text("reason").notNull(),
    /** The last day the patient can come (YYYY-MM-DD in the doctor's zone), as they gave it. */
    until: text("until").notNull(),
    /** The end of that day in the doctor's zone when the patient joined: an offered slot starts before it. */
    endsBy: at("ends_by").notNull(),
    createdAt: at("created_at").notNull(),
    offerStart: at("offer_start"),
    offerEnd: at("offer_end"),
    offerExpiresAt: at("offer_expires_at"),
    /** Issue 58: when the offer was made (the admin's "offers made"); null with no offer. */
    offeredAt: at("offered_at"),
    endedAt: at("ended_at"),
    endedWhy: text("ended_why").$type<WaitlistEnd>(),
  },
  (t) => [
    // one open entry per patient and doctor (the database refuses a second)
    uniqueIndex("waitlist_open_patient_doctor").on(t.patientId, t.doctorId).where(sql`ended_at is null`),
    // the doctor's open entries in the order they joined: who is offered next; the held slots
    index("waitlist_doctor_open").on(t.doctorId, t.endedAt, t.createdAt),
    // the patient's own entries
    index("waitlist_patient_created").on(t.patientId, t.createdAt),
    // the offers that run out, for the expiry job
    index("waitlist_offers_expiring").on(t.offerExpiresAt).where(sql`ended_at is null and offer_expires_at is not null`),
  ],
);
