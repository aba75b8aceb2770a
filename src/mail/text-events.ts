/**
 * What goes by SMS (or WhatsApp) about a meeting (issue 55), beside the mails of ./events.ts and
 * from the same calls, in the same transaction: the booking confirmed (instant or scheduled),
 * moved, cancelled by the other side, a waitlist offer, and the reminders; each only to a verified
 * number, by the channels the person chose (`sms`, `whatsapp`). Each text names the doctor and the
 * time in the reader's zone and language with the zone named, and links to PUBLIC_URL/m/{code}
 * (the meeting, after sign-in); never the reason, the specialization or the meet link.
 */
import { randomBytes } from "node:crypto";
import type { Tx } from "../db/client";
import type { Deps } from "../config/deps";
import { siteUrl } from "../config/env";
import { linkCodeOf, textReaderOf, type PhoneRole, type TextReaderRow } from "../db/queries/phone";
import { doctorTitle } from "../calendar/ics";
import { readerZone } from "../domain/time";
import { quietUntil } from "../domain/phone";
import { enqueueText, smsMode, type TextTemplate } from "./texts";
import { readerLang, readerT } from "./templates";

type TextDeps = Pick<Deps, "config" | "now">;

/** Whether any text can go: SMS on (a number is verified by SMS, so WhatsApp needs it too). */
export const textsOn = (deps: TextDeps) => smsMode(deps.config) !== "off";

const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 8 letters and digits (no look-alikes): about 46 bits, never guessed in the time a link is of use. */
export const newLinkCode = () => [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");

/** The short link of a meeting for `role`: PUBLIC_URL/m/{8 characters}{p or d} (9 after /m/). */
export async function meetingLink(tx: Tx, deps: TextDeps, appointmentId: string, role: PhoneRole): Promise<string> {
  const code = await linkCodeOf(tx, appointmentId, newLinkCode(), deps.now());
  return `${siteUrl(deps.config)}/m/${code}${role === "patient" ? "p" : "d"}`;
}

/**
 * The short link of a text about no meeting of its own (a waitlist offer passed on after another
 * ran out): a fresh code that names no meeting, which /m/ opens as the reader's appointments after
 * sign-in, where the offer waits. Nothing is kept for it.
 */
export const offersLink = (deps: TextDeps, role: PhoneRole) => `${siteUrl(deps.config)}/m/${newLinkCode()}${role === "patient" ? "p" : "d"}`;

/** A meeting's time as a text writes it: short, in the reader's zone and language, the zone named ("8 Dec, 11:30 (Asia/Kolkata)"). */
export function textWhen(at: Date, zone: string, lang: "en" | "hi"): string {
  const day = new Intl.DateTimeFormat(lang === "hi" ? "hi-IN" : "en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(at);
  return `${day} (${zone})`;
}

export type MeetingText = {
  template: Exclude<TextTemplate, "code">;
  to: { role: PhoneRole; id: string };
  doctorName: string;
  at: Date;
  /** The meeting the text is about; none for a waitlist offer passed on (see offersLink). */
  appointmentId?: string;
  /** Not before (a reminder's time, a doctor's undo window). */
  sendAt?: Date;
  /** The answer to the reader's own action: sent even in quiet hours. */
  own?: boolean;
  /** When the meeting starts: a held text goes at once if it would come later than an hour before. */
  startsAt?: Date;
  /** The reader as already read (a mail's recipient): without a verified number, nothing more is read. */
  known?: { phoneVerifiedAt?: Date | null };
};

/** Writes one meeting text to `to`'s verified number, by each channel they chose; nothing without one. */
export async function enqueueMeetingText(tx: Tx, deps: TextDeps, text: MeetingText): Promise<void> {
  if (!textsOn(deps)) return;
  if (text.known !== undefined && text.known.phoneVerifiedAt === null) return;
  const reader = await textReaderOf(tx, text.to.role, text.to.id);
  if (reader === undefined) return;
  const category = text.template === "reminder" ? "reminder" : "notice";
  if (!(category === "reminder" ? reader.reminders : reader.notices)) return;
  const lang = readerLang(reader);
  const zone = readerZone(reader, undefined, deps.config.defaultTimeZone).zone;
  const values = {
    doctor: doctorTitle(text.doctorName, readerT(reader)),
    when: textWhen(text.at, zone, lang),
    link: text.appointmentId === undefined ? offersLink(deps, text.to.role) : await meetingLink(tx, deps, text.appointmentId, text.to.role),
  };
  const due = text.sendAt ?? deps.now();
  const sendAt = text.own ? due : quietUntil(due, zone, deps.config.quietHours, text.startsAt ?? text.at);
  for (const channel of channelsOf(reader)) {
    enqueueText(tx, deps, { template: text.template, category, to: reader, values, channel, appointmentId: text.appointmentId, sendAt });
  }
}

/** The channels a reader chose: SMS, WhatsApp, both (none: no text). */
const channelsOf = (reader: TextReaderRow) => [...(reader.sms ? (["sms"] as const) : []), ...(reader.whatsapp ? (["whatsapp"] as const) : [])];
