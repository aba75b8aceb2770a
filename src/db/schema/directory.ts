import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/**
 * One row whose version moves whenever a doctor a patient could see changes (triggers on
 * doctors, in migration 0003). Every instance compares it to decide whether its cached
 * directory is still current, so a cache never outlives a change made by another instance.
 */
export const directoryVersion = sqliteTable(
  "directory_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(0),
  },
  (t) => [check("directory_version_single_row", sql`${t.id} = 1`)],
);

/**
 * The settings the directory's next-free hints (doctors.next_free_hint, issue 57) were computed
 * with (one row): a hint is a lower bound only for its consultation length, booking notice and
 * window. A server started with other settings clears every hint at boot and records its own; a
 * server whose settings are not the recorded ones computes none (src/actions/next-free-hints.ts).
 */
export const nextFreeHintState = sqliteTable(
  "next_free_hint_state",
  {
    id: integer("id").primaryKey(),
    settings: text("settings").notNull(),
  },
  (t) => [check("next_free_hint_state_single_row", sql`${t.id} = 1`)],
);
