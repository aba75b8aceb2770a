import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { doctors } from "./accounts";

/**
 * A doctor's places of practice (issue 54): clinics with an address, at most MAX_PLACES kept at
 * once. A removed place keeps its row (`removed_at`) so that the past appointments there still say
 * where they were; lists, counts and hours see only the kept ones.
 */
export const places = sqliteTable(
  "places",
  {
    id: text("id").primaryKey(),
    doctorId: text("doctor_id")
      .notNull()
      .references(() => doctors.id),
    name: text("name").notNull(),
    // the street line
    address: text("address").notNull(),
    // "" when not given
    locality: text("locality").notNull().default(""),
    city: text("city").notNull(),
    pinCode: text("pin_code").notNull(),
    // E.164, +91... for an Indian number given as 10 digits
    phone: text("phone"),
    // https only
    mapUrl: text("map_url"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // the doctor's places in the order they were added
    index("places_doctor_created").on(t.doctorId, t.createdAt),
    // the directory's filter by pin code (city: by its lower case, a small scan of the kept places)
    index("places_pin_code").on(t.pinCode),
  ],
);
