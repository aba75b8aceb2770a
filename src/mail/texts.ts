/**
 * Writing texts (issue 55): an SMS or a WhatsApp message is an outbox row like a mail, written in
 * the transaction of the change that causes it (gather, ./outbox.ts) and sent by the same sender
 * (./sender.ts) through its channel (./twilio.ts). Each text is one template of docs/messages.md
 * (`text.*` in src/i18n/<lang>/phone.ts) in its reader's language.
 */
import type { Tx } from "../db/client";
import type { Config } from "../config/env";
import type { Deps } from "../config/deps";
import type { MailCategory, OutboxChannel } from "../db/queries/mail";
import { translator, type Key } from "../i18n/catalog";
import { toGsm7 } from "../domain/phone";
import { gather } from "./outbox";
import { readerLang } from "./templates";

/** How SMS leaves: through Twilio, into the outbox only (MAIL_PREVIEW), or not at all. */
export type TextMode = "twilio" | "preview" | "off";

export function smsMode(config: Pick<Config, "twilio" | "mailPreview">): TextMode {
  if (config.twilio !== undefined) return "twilio";
  return config.mailPreview ? "preview" : "off";
}

/**
 * Whether a channel takes texts: SMS through Twilio or in preview; WhatsApp through the Cloud API
 * (WHATSAPP_*), or in preview when neither provider is set, so no row waits for a sender that never comes.
 */
export function channelOn(config: Pick<Config, "twilio" | "whatsapp" | "mailPreview">, channel: OutboxChannel): boolean {
  if (channel === "sms") return smsMode(config) !== "off";
  if (channel === "whatsapp") return config.whatsapp !== undefined || (config.mailPreview && config.twilio === undefined);
  return false;
}

/** The templates (docs/messages.md), named as WhatsApp's are without their `carebook_` prefix. */
export type TextTemplate = "code" | "confirmed" | "changed" | "cancelled" | "reminder" | "offer";

/** Each template's values, in the order docs/messages.md (and a WhatsApp template's body parameters) gives them. */
export const TEXT_VALUES: Record<TextTemplate, readonly string[]> = {
  code: ["code", "minutes"],
  confirmed: ["doctor", "when", "link"],
  changed: ["doctor", "when", "link"],
  cancelled: ["doctor", "when", "link"],
  reminder: ["doctor", "when", "link"],
  offer: ["doctor", "when", "link"],
};

/** A text as its reader reads it: their language's template filled in; English kept to GSM-7 (São Paulo → Sao Paulo). */
export function renderText(template: TextTemplate, lang: "en" | "hi", values: Record<string, string>): string {
  const text = translator(lang)(`text.${template}` as Key, values);
  return lang === "en" ? toGsm7(text) : text;
}

/** Who a text goes to: an account, its number (verified, but for a code) and its language. */
export type TextReader = { role: "patient" | "doctor"; id: string; number: string; language: string | null };

export type OutgoingText = {
  template: TextTemplate;
  category: MailCategory;
  to: TextReader;
  values: Record<string, string>;
  channel?: Exclude<OutboxChannel, "email">;
  appointmentId?: string;
  sendAt?: Date;
};

/** The outbox's subject column of a text: its template, for the admin's list (a text has no subject). */
export const textSubject = (channel: OutboxChannel, template: TextTemplate) => `${channel === "sms" ? "SMS" : "WhatsApp"}: ${template}`;

/**
 * Writes `text` into the outbox in `tx`, by SMS unless it says WhatsApp. Nothing when that channel
 * is off. The row carries the values too (as JSON, in `html`): a WhatsApp template sends them apart.
 */
export function enqueueText(tx: Tx, deps: Pick<Deps, "config" | "now">, text: OutgoingText): boolean {
  const channel = text.channel ?? "sms";
  if (!channelOn(deps.config, channel)) return false;
  const lang = readerLang(text.to);
  const id = crypto.randomUUID();
  const now = deps.now();
  gather(tx, {
    id,
    channel,
    messageId: `<${id}@texts>`,
    template: text.template,
    category: text.category,
    recipientRole: text.to.role,
    recipientId: text.to.id,
    toAddress: text.to.number,
    subject: textSubject(channel, text.template),
    text: renderText(text.template, lang, text.values),
    html: JSON.stringify({ lang, values: TEXT_VALUES[text.template].map((name) => text.values[name] ?? "") }),
    appointmentId: text.appointmentId ?? null,
    state: "waiting",
    nextAttemptAt: text.sendAt ?? now,
    createdAt: now,
  });
  return true;
}
