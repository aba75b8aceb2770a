import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Counted events for abuse limits (src/auth/throttle.ts): failed logins per account and address
 * (`login_fail`, key "role email address"), per address (`login_ip`) and per trusted device
 * (`login_device`), every login or signup attempt per address (`auth_attempt`), signups per
 * address (`signup_ip`), password reset requests per account and address (`reset_account`, key
 * "role email address", whether or not the account exists) and per address (`reset_ip`). Kept in the database so that every instance behind a proxy counts the
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
  // the limits' counts; the events past every window, for the hourly prune in batches (issue 57)
  (t) => [index("auth_events_kind_key_at").on(t.kind, t.key, t.at), index("auth_events_at").on(t.at)],
);

/**
 * The live device cookies (src/auth/device.ts, issue 23): a signed cookie is trusted only while
 * its device id is here. A successful login replaces the browser's old id with a new one
 * (rotation retires the old cookie), logout removes every id of the account, and ids older than
 * the cookie's lifetime are pruned with the throttle events.
 */
export const trustedDevices = sqliteTable(
  "trusted_devices",
  {
    id: text("id").primaryKey(),
    /** The account's tag (accountTag: keyed hash of role and email). */
    tag: text("tag").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("trusted_devices_tag").on(t.tag), index("trusted_devices_created_at").on(t.createdAt)],
);
