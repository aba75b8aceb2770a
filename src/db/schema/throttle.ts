import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Counted events for abuse limits: failed logins per email and per client address, signups per
 * address. Kept in the database so that every instance behind a proxy counts the same attempts.
 */
export const authEvents = sqliteTable(
  "auth_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").$type<"login_email" | "login_ip" | "signup_ip" | "feed_ip">().notNull(),
    key: text("key").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("auth_events_kind_key_at").on(t.kind, t.key, t.at)],
);
