import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Counted events for abuse limits (src/auth/throttle.ts): failed logins per account and address
 * (`login_fail`, key "role email address"), per address (`login_ip`) and per trusted device
 * (`login_device`), every login or signup attempt per address (`auth_attempt`), signups per
 * address (`signup_ip`), password reset requests per account (`reset_account`, key "role email",
 * whether or not it exists) and per address (`reset_ip`). Kept in the database so that every instance behind a proxy counts the
 * same attempts. The kind is plain text: a new kind needs no migration.
 */
export const authEvents = sqliteTable(
  "auth_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").$type<"login_fail" | "login_ip" | "login_device" | "auth_attempt" | "signup_ip" | "feed_ip" | "reset_account" | "reset_ip">().notNull(),
    key: text("key").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("auth_events_kind_key_at").on(t.kind, t.key, t.at)],
);
