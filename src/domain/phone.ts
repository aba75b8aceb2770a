/**
 * Phones (issue 55), pure: what a number is (E.164, or a 10-digit Indian mobile read as +91), the
 * rules of a code, and what a text costs in SMS segments (GSM-7 or UCS-2).
 * (Quiet hours read clocks through ./time.ts.)
 */
import { wallClock, zonedInstant } from "./time";

/** The number as given, or undefined when it is not a mobile number we can text. */
export function parsePhone(input: string): string | undefined {
  const bare = input.replace(/[\s().-]/g, "");
  // A 10-digit Indian mobile (starting 6-9), with or without its leading 0.
  const indian = /^0?([6-9]\d{9})$/.exec(bare);
  if (indian) return `+91${indian[1]}`;
  if (/^\+[1-9]\d{7,14}$/.test(bare)) return bare;
  if (/^00[1-9]\d{7,14}$/.test(bare)) return `+${bare.slice(2)}`;
  return undefined;
}

/** "+919812345678" shown with only its last digits: "+91 ••••••5678" (the admin's view, logs). */
export const maskedPhone = (number: string) => `${number.slice(0, 3)} ••••••${number.slice(-4)}`;

export const PHONE_CODE_LENGTH = 6;
/** A code dies after this many wrong tries. */
export const PHONE_CODE_TRIES = 5;
/** At most one code a minute per account, five an hour per number. */
export const CODE_PER_ACCOUNT_MS = 60_000;
export const CODES_PER_NUMBER = 5;
export const CODE_PER_NUMBER_MS = 3_600_000;

/** The JSON API's messages (never translated; the pages show their own words). */
export const PHONE_MESSAGES = {
  invalid: "Enter a mobile number in international form (+ and country code), or a 10-digit Indian mobile",
  codeSent: "A 6-digit code is on its way by SMS. Enter it to verify your number.",
  verified: "Your phone number is verified.",
  removed: "Your phone number is removed.",
  badCode: "That code is not right, or it has expired. Ask for a new one if it has.",
  noCode: "There is no code to check. Ask for a new one.",
  tooSoon: "A code was sent less than a minute ago. Wait a moment before asking again.",
  tooMany: "Too many codes were sent to this number in the last hour. Try again later.",
  noPhone: "There is no phone number on this account.",
  smsOff: "Texts are off on this server, so a phone number cannot be verified.",
  loginCodeSent: "If this number is verified on a patient's account, a 6-digit code is on its way by SMS.",
} as const;

/** The GSM 03.38 basic set, and its extension (each of those costs two septets). */
const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";

/** Whether `text` can go as GSM-7 (else it goes as UCS-2). */
export const isGsm7 = (text: string) => [...text].every((ch) => GSM7.includes(ch) || GSM7_EXTENDED.includes(ch));

/** How many SMS segments `text` takes: 160/153 septets in GSM-7, 70/67 UTF-16 units in UCS-2. */
export function smsSegments(text: string): { encoding: "GSM-7" | "UCS-2"; segments: number } {
  if (isGsm7(text)) {
    const septets = [...text].reduce((n, ch) => n + (GSM7_EXTENDED.includes(ch) ? 2 : 1), 0);
    return { encoding: "GSM-7", segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  }
  const units = text.length;
  return { encoding: "UCS-2", segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** `text` with its letters outside GSM-7 written without their marks (São Paulo → Sao Paulo), for an English text. */
export function toGsm7(text: string): string {
  return [...text]
    .map((ch) => {
      if (isGsm7(ch)) return ch;
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return isGsm7(bare) ? bare : ch === "\u2019" || ch === "\u2018" ? "'" : ch === "\u2013" || ch === "\u2014" ? "-" : "?";
    })
    .join("");
}

/** Quiet hours "21-8": from 21:00 to 08:00 in the person's zone (issue 55). */
export type QuietHours = { from: number; to: number };

/** "21-8" → { from: 21, to: 8 }; undefined when malformed; "0-0": no quiet hours. */
export function parseQuietHours(value: string): QuietHours | undefined {
  const m = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 23) return undefined;
  return { from: Number(m[1]), to: Number(m[2]) };
}

/** Whether the hour `hour` (0-23) lies within the quiet hours (from inclusive, to exclusive, across midnight). */
export const isQuietHour = (hour: number, q: QuietHours) => (q.from === q.to ? false : q.from < q.to ? hour >= q.from && hour < q.to : hour >= q.from || hour < q.to);

/**
 * When a text due at `due` may go, for a reader in `zone` (issue 55): at once outside the quiet
 * hours; in them, when they end, unless the meeting (`startsAt`) begins before that end plus an
 * hour, when it goes at once.
 */
export function quietUntil(due: Date, zone: string, q: QuietHours, startsAt: Date): Date {
  const local = wallClock(zone, due.getTime());
  if (!isQuietHour(local.hour, q)) return due;
  // The quiet hours end at `to`:00 today in `zone` if that is still ahead, else tomorrow.
  const today = `${local.year}-${String(local.month).padStart(2, "0")}-${String(local.day).padStart(2, "0")}`;
  const at = `${String(q.to).padStart(2, "0")}:00`;
  let end = zonedInstant(today, at, zone) ?? due;
  if (end.getTime() <= due.getTime()) {
    const next = wallClock(zone, due.getTime() + 86_400_000);
    end = zonedInstant(`${next.year}-${String(next.month).padStart(2, "0")}-${String(next.day).padStart(2, "0")}`, at, zone) ?? due;
  }
  return startsAt.getTime() < end.getTime() + 3_600_000 ? due : end;
}
