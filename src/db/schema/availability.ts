import { sql, type SQLWrapper } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
}, (t) => [
  // The directory's visit filter (issue 57): who has hours at all, and whose hours name a place
  // (only theirs are read as JSON), without reading every doctor's hours.
  index("doctor_availability_visits").on(visitKeys.places(t), visitKeys.any(t), t.doctorId),
]);

/** Whether hours name a place, and whether they hold any range: the visits index's keys, written the same in its statement (src/db/queries/directory-search.ts). */
export const visitKeys = {
  places: (t: { weekly: SQLWrapper }) => sql`(${t.weekly} like '%"placeId"%')`,
  any: (t: { weekly: SQLWrapper }) => sql`(${t.weekly} <> '[]')`,
};
