import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Role } from "../../domain/fields";

/**
 * One row per signed-in browser or API client (issue 28). A token names its row (`sid` claim);
 * the row going away ends that session at its next request. The account's token_version still
 * ends all of them at once (logout, a password reset).
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
    // coarse, from the User-Agent at sign-in: "Firefox on Linux"
    device: text("device").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    // written at most every few minutes (src/middleware/session.ts), not on every request
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // the profile's device list, newest first; ending the others
    index("sessions_account").on(t.role, t.accountId, t.createdAt),
    // the hourly prune of sessions whose tokens have expired
    index("sessions_created_at").on(t.createdAt),
  ],
);

/**
 * Password reset links (issue 28): only the SHA-256 of the link's 256-bit secret is kept. Up to
 * MAX_LIVE_RESETS live rows per account (issue 44: a newer request no longer voids an unused
 * link); using one deletes them all.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_resets_account").on(t.role, t.accountId, t.expiresAt)],
);
