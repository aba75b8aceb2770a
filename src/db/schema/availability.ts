import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DaysOff, WeeklyRange } from "../../domain/availability";
import { doctors } from "./accounts";

/**
 * A doctor's hours (issue 26): weekly ranges and days off, in the doctor's zone, one row per
 * doctor (none: "by request"). Read whole with the doctor's confirmed meetings to compute free
 * slots; a change raises the doctor's lists_version (drizzle trigger), as the pages show them.
 */
export const doctorAvailability = sqliteTable("doctor_availability", {
  doctorId: text("doctor_id")
    .primaryKey()
    .references(() => doctors.id),
  timeZone: text("time_zone").notNull(),
  weekly: text("weekly", { mode: "json" }).$type<WeeklyRange[]>().notNull(),
  daysOff: text("days_off", { mode: "json" }).$type<DaysOff[]>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  // Issue 40: a patient's tap on a free time books it, confirmed, without waiting for the doctor.
  instantBooking: integer("instant_booking", { mode: "boolean" }).notNull().default(false),
});
