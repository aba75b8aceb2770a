/**
 * Writing mail: `enqueueMail` renders a templated mail and writes it into the outbox inside the
 * caller's transaction, so the mail exists exactly when the change that causes it does. The
 * sender (sender.ts) delivers it. Adding a mail = a template (templates.ts) and a call here.
 */
import type { Tx } from "../db/client";
import { atCommit, beforeCommit } from "../db/at-commit";
import { outboxInserts, type MailCategory, type OutboxInsert, type Recipient } from "../db/queries/mail";
import { siteUrl, type Config } from "../config/env";
import type { Deps } from "../config/deps";
import { renderMail, type MailContent } from "./layout";
import { unsubscribeToken } from "./unsubscribe";
import { isErasedAddress } from "../domain/erasure";

/** How mail leaves: through SMTP, into the outbox only (MAIL_PREVIEW), or not at all. */
export type MailMode = "smtp" | "preview" | "off";

export function mailMode(config: Config): MailMode {
  if (config.mail !== undefined) return "smtp";
  return config.mailPreview ? "preview" : "off";
}

export type OutgoingMail = {
  /** The template's name, kept with the row (to drop a meeting's reminders, to count). */
  template: string;
  /** account: always sent; notice and reminder: each can be turned off by its reader. */
  category: MailCategory;
  to: Recipient;
  content: MailContent;
  /** A text/calendar attachment (RFC 5545 text). */
  calendar?: string;
  appointmentId?: string;
  /** Not before this time (reminders); now by default. */
  sendAt?: Date;
};

const listeners = new Set<() => void>();
/** Called after every transaction that wrote mail in this process: the sender looks at once rather than at its next round. */
export function onEnqueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mails a transaction has written so far, inserted together just before it commits. */
const pending = new WeakMap<Tx, OutboxInsert[]>();

/**
 * Renders `content` as enqueueMail would, and keeps nothing: a request that sends no mail does
 * the same work as one that does (a forgot-password request for an unknown email, issue 44).
 */
export function renderOnly(deps: Pick<Deps, "config">, content: MailContent): void {
  renderMail(content, { siteUrl: siteUrl(deps.config), support: deps.config.support, unsubscribeUrl: undefined });
}

/**
 * Writes `mail` into the outbox in `tx` (a `database.write` transaction). Nothing when mail is off
 * (no SMTP_URL, no preview). All of a transaction's mails go in one INSERT before its COMMIT: one
 * round trip, however many mails a change makes (issue 43).
 */
export async function enqueueMail(tx: Tx, deps: Pick<Deps, "config" | "keys" | "now">, mail: OutgoingMail): Promise<void> {
  // An erased account's placeholder address (issue 44) is never written to.
  if (mailMode(deps.config) === "off" || isErasedAddress(mail.to.email)) return;
  const site = siteUrl(deps.config);
  const kind = mail.category === "reminder" ? "reminders" : mail.category === "notice" ? "notices" : undefined;
  const unsubscribeUrl =
    kind === undefined ? undefined : `${site}/unsubscribe/${unsubscribeToken(deps.keys.secret, { role: mail.to.role, accountId: mail.to.id, kind })}`;
  const rendered = renderMail(mail.content, { siteUrl: site, support: deps.config.support, unsubscribeUrl });
  const id = crypto.randomUUID();
  const now = deps.now();
  gather(tx, {
    id,
    messageId: `<${id}@${new URL(site).hostname}>`,
    template: mail.template,
    category: mail.category,
    recipientRole: mail.to.role,
    recipientId: mail.to.id,
    toAddress: mail.to.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    calendar: mail.calendar ?? null,
    unsubscribeUrl: unsubscribeUrl ?? null,
    appointmentId: mail.appointmentId ?? null,
    state: "waiting",
    nextAttemptAt: mail.sendAt ?? now,
    createdAt: now,
  });
}

/**
 * Keeps `row` to be written into the outbox with `tx`'s COMMIT, with every other message the
 * transaction writes (mail, SMS, WhatsApp: issue 55), in one INSERT; the senders look at once after.
 */
export function gather(tx: Tx, row: OutboxInsert): void {
  let rows = pending.get(tx);
  if (rows === undefined) {
    const gathered: OutboxInsert[] = (rows = []);
    pending.set(tx, gathered);
    beforeCommit(tx, async () => {
      pending.delete(tx);
      for (const insert of outboxInserts(tx, gathered)) atCommit(tx, insert);
      for (const listener of listeners) listener();
    });
  }
  rows.push(row);
}
