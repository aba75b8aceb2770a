import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Work that any instance could do but only one should (STYLE lesson 25): a scheduled backup's
 * turn. An instance does the work only after taking the lease by its name with one conditional
 * statement (src/db/queries/leases.ts); the lease runs out by itself at `until`, so an instance
 * that dies while holding it holds up nobody for longer than that.
 */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  /** Which instance took it last (a random id per process). */
  holder: text("holder").notNull(),
  until: integer("until", { mode: "timestamp_ms" }).notNull(),
});
