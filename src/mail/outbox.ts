/**
 * Writing mail: `enqueueMail` renders a templated mail and writes it into the outbox inside the
 * caller's transaction, so the mail exists exactly when the change that causes it does. The
 * sender (sender.ts) delivers it. Adding a mail = a template (templates.ts) and a call here.
 */
import type { Tx } from "../db/client";
import { insertOutbox, type MailCategory, type Recipient } from "../db/queries/mail";
import { siteUrl, type Config } from "../config/env";
import type { Deps } from "../config/deps";
import { renderMail, type MailContent } from "./layout";
import { unsubscribeToken } from "./unsubscribe";

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
/** Called after every enqueue in this process: the sender looks at once rather than at its next round. */
export function onEnqueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Writes `mail` into the outbox in `tx`. Nothing when mail is off (no SMTP_URL, no preview). */
export async function enqueueMail(tx: Tx, deps: Pick<Deps, "config" | "keys" | "now">, mail: OutgoingMail): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const site = siteUrl(deps.config);
  const kind = mail.category === "reminder" ? "reminders" : mail.category === "notice" ? "notices" : undefined;
  const unsubscribeUrl =
    kind === undefined ? undefined : `${site}/unsubscribe/${unsubscribeToken(deps.keys.secret, { role: mail.to.role, accountId: mail.to.id, kind })}`;
  const rendered = renderMail(mail.content, { siteUrl: site, support: deps.config.support, unsubscribeUrl });
  const id = crypto.randomUUID();
  const now = deps.now();
  await insertOutbox(tx, {
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
  for (const listener of listeners) listener();
}
