import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";
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
