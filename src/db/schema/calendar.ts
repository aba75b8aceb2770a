import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Each account's private calendar subscription (issue 13): one secret feed URL per patient or
 * doctor. Only the SHA-256 of the secret is kept, so a copy of the database (a backup, a
 * replica) opens no one's calendar; the URL is shown once, when it is made.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    role: text("role").$type<"patient" | "doctor">().notNull(),
    accountId: text("account_id").notNull(),
    // hex SHA-256 of the URL's secret; replaced on reset, which revokes the old URL at once
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.role, t.accountId] }),
    // a calendar app's fetch finds the feed by its secret's hash
    uniqueIndex("calendar_feeds_token_hash").on(t.tokenHash),
  ],
);
