import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const at = (name: string) => integer(name, { mode: "timestamp_ms" });

/** What a mail is about, which decides whether the person's preferences can stop it. */
export type MailCategory = "account" | "notice" | "reminder";
/**
 * A message's life: waiting (to be sent at next_attempt_at), sending (claimed by one server
 * until claimed_until), sent; failing (a try failed, another at next_attempt_at), given_up
 * (failed for a day); dropped (its meeting changed or the person turned that kind of mail off).
 * An SMS or WhatsApp message, once sent, moves on with its provider's delivery report:
 * delivered, or failed (issue 55).
 */
export type OutboxState = "waiting" | "sending" | "sent" | "failing" | "given_up" | "dropped" | "delivered" | "failed";
/** How a message leaves (issue 55): a mail, an SMS through Twilio, a WhatsApp template through the Cloud API. */
export type OutboxChannel = "email" | "sms" | "whatsapp";

/**
 * The transactional outbox (issue 25): every mail is a row written in the same transaction as
 * the change that causes it, rendered then (subject, text, HTML, calendar part), and sent by
 * the server's sender (src/mail/sender.ts). Reminders are rows too, written when the meeting is
 * scheduled and due at their time; a cancel or a new slot drops the ones still waiting.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    // Issue 55: an SMS or a WhatsApp message is an outbox row too, claimed and retried by the same
    // sender; its `toAddress` is the number (E.164), `text` its body, `subject` its template's words.
    channel: text("channel").$type<OutboxChannel>().notNull().default("email"),
    // The provider's id of a sent SMS or WhatsApp message (Twilio's MessageSid, Meta's wamid): its delivery report names it.
    providerId: text("provider_id"),
    // The Message-ID header, fixed when the row is written: a retry is the same mail.
    messageId: text("message_id").notNull().unique(),
    template: text("template").notNull(),
    category: text("category").$type<MailCategory>().notNull(),
    recipientRole: text("recipient_role").$type<"patient" | "doctor" | "admin">().notNull(),
    recipientId: text("recipient_id").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    calendar: text("calendar"),
    unsubscribeUrl: text("unsubscribe_url"),
    // The meeting the mail is about, so a cancel or a new slot can drop its waiting reminders.
    appointmentId: text("appointment_id"),
    state: text("state").$type<OutboxState>().notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull(),
    claimedBy: text("claimed_by"),
    claimedUntil: at("claimed_until"),
    lastError: text("last_error"),
    // When a change dropped it (its meeting's time changed or went): an undo of that change puts it back.
    droppedAt: at("dropped_at"),
    createdAt: at("created_at").notNull(),
    sentAt: at("sent_at"),
    // Issue 58: when the sender gave it up (the admin's "mails failed").
    givenUpAt: at("given_up_at"),
  },
  (t) => [
    // the sender's claim: due rows by state and time
    index("mail_outbox_state_next").on(t.state, t.nextAttemptAt),
    // a delivery report finds its message (issue 55)
    index("mail_outbox_provider").on(t.providerId),
    // a meeting's waiting mails (dropped on cancel or a new slot)
    index("mail_outbox_appointment_state").on(t.appointmentId, t.state),
    // the admin's view: newest first
    index("mail_outbox_created").on(t.createdAt),
    // the mails of one account, for its data export (issue 44)
    index("mail_outbox_recipient").on(t.recipientRole, t.recipientId, t.createdAt),
  ],
);

/** Each account's choices; no row means both on. Account and security mails always go. */
export const mailPreferences = sqliteTable(
  "mail_preferences",
  {
    role: text("role").$type<"patient" | "doctor" | "admin">().notNull(),
    accountId: text("account_id").notNull(),
    reminders: integer("reminders", { mode: "boolean" }).notNull().default(true),
    notices: integer("notices", { mode: "boolean" }).notNull().default(true),
    // Issue 55: where texts go besides mail, to a verified phone: SMS on, WhatsApp off until chosen.
    sms: integer("sms", { mode: "boolean" }).notNull().default(true),
    whatsapp: integer("whatsapp", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId] })],
);
