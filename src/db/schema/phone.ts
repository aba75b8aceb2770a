import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const at = (name: string) => integer(name, { mode: "timestamp_ms" });

/** What a code proves: a number is the person's (verify), or a patient signing in by it (login). */
export type PhoneCodePurpose = "verify" | "login";

/**
 * The 6-digit codes sent by SMS (issue 55): kept as a hash, alive PHONE_CODE_MINUTES, dead after
 * 5 wrong tries or once used. Their rows also count the throttles: one a minute per account, five
 * an hour per number (a sign-in code asked for a number no patient has verified is a row without
 * an account, so it counts the same and sends nothing).
 */
export const phoneCodes = sqliteTable(
  "phone_codes",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").$type<PhoneCodePurpose>().notNull(),
    role: text("role").$type<"patient" | "doctor">(),
    accountId: text("account_id"),
    number: text("number").notNull(),
    codeHash: text("code_hash").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    // the account's latest code, and its once-a-minute throttle
    index("phone_codes_account").on(t.role, t.accountId, t.createdAt),
    // the number's five-an-hour throttle, and a sign-in code by number
    index("phone_codes_number").on(t.number, t.createdAt),
  ],
);

/**
 * The short links texts carry (issue 55): `PUBLIC_URL/m/{code}`, a code of 8 letters and digits,
 * opens its appointment after sign-in. One per appointment, made with its first text.
 */
export const messageLinks = sqliteTable("message_links", {
  code: text("code").primaryKey(),
  appointmentId: text("appointment_id").notNull().unique(),
  createdAt: at("created_at").notNull(),
});
