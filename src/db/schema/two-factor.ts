import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Role } from "../../domain/fields";

/**
 * Two-factor sign-in (issue 44): one row per account that set it up. `pendingSecret` waits for
 * its first code (setup); `secret` is the live one (the account's two_factor_at says it is on).
 * `lastStep`: the last TOTP time step taken, so a code is never taken twice. The secrets are kept
 * as they are (base32): the server has no encryption key of its own (docs/decisions.md).
 */
export const twoFactor = sqliteTable(
  "two_factor",
  {
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
    secret: text("secret"),
    pendingSecret: text("pending_secret"),
    lastStep: integer("last_step").notNull().default(-1),
    // Issue 51: code sign-in held (recovery codes still work) until this moment, after 10 wrong
    // codes since the last hold within 24 hours; the holds in a row (each doubles the 15 minutes)
    // and when the last began (a day without one starts again at 15 minutes).
    codesHeldUntil: integer("codes_held_until", { mode: "timestamp_ms" }),
    codeHolds: integer("code_holds").notNull().default(0),
    lastHoldAt: integer("last_hold_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId] })],
);

/** One-use recovery codes: the SHA-256 of each (a 60-bit random code needs no slow hash); used ones are deleted. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").notNull(),
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId, t.codeHash] })],
);

/**
 * A login's second step: the password was right, a code is asked. Only the SHA-256 of the
 * challenge's 256-bit secret is kept; taken (deleted) when the code is, void after `expiresAt`.
 */
export const loginChallenges = sqliteTable(
  "login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // Issue 51: the wrong codes it took; the 5th voids it (log in again).
    wrongCodes: integer("wrong_codes").notNull().default(0),
  },
  (t) => [index("login_challenges_expires_at").on(t.expiresAt)],
);

/**
 * Issue 51: each wrong code of a sign-in, whatever the address, kept a day: 10 since the last hold
 * within 24 hours hold the account's code sign-in. Pruned as new ones are written.
 */
export const wrongCodes = sqliteTable(
  "wrong_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    role: text("role").$type<Role>().notNull(),
    accountId: text("account_id").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("wrong_codes_account_at").on(t.role, t.accountId, t.at), index("wrong_codes_at").on(t.at)],
);
