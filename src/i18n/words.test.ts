/**
 * One word per thing (issue 52, items 6 and 8; the glossary is in docs/decisions.md): the
 * booking is an "appointment" / "अपॉइंटमेंट" and joining it a "video call" / "वीडियो कॉल" in
 * every message of both catalogs (pages, islands, mails, calendar files), never a meeting, a
 * consultation or a visit; and our own English is in sentence case. SPEC §8's strings stay to
 * the letter, whatever they say.
 */
import { describe, expect, test } from "bun:test";
import { CATALOGS } from "./catalog";

/** SPEC §8 (and §4's quoted marker): contract strings, kept byte for byte even where they say otherwise. */
const CONTRACT = new Set(["No meetings found.", "Page Not Found", "Feedback Submitted"]);

/** Messages that name a thing other than the booking: a file's name as the mail attaches it. */
const NOT_THE_BOOKING = new Set([
  "admin.attachment",
  // Issue 56: the printed prescription names the mode of care in the Telemedicine Practice Guidelines' own words.
  "records.placeVideo",
]);

/** Other words for the booking or its joining, in each language. */
export const BANNED = {
  en: [/\bmeetings?\b/i, /\bconsultations?\b/i, /\bvisits?\b/i, /\bmeet link\b/i],
  hi: [/मीटिंग/, /परामर्श/, /मुला(?:क़|क)ात/, /वि(?:ज़|ज)िट/, /कंसल्टेशन/],
} as const;

/** The banned words a message uses, once its URL paths (route names such as /patient-meetings) are set aside. */
export function bannedIn(lang: keyof typeof BANNED, message: string): string[] {
  const words = message.replace(/\S*\/\S*/g, " ");
  return BANNED[lang].filter((word) => word.test(words)).map(String);
}

/** Words that keep their capital inside a sentence: names, acronyms, and the names of buttons a message quotes. */
const CAPITALIZED = new Set([
  "Carebook", "Google", "Authenticator", "Aegis", "Europe", "America", "India", "Data", "Protection", "Board",
  "Delhi", "Medical", "Council", "JPEG", "PNG", "JSON", "CSV", "HTML", "SMTP", "URL", "PIN", "Approve", "Decline",
  "Dr.", "R.", "S.", "General", "Physician",
  // Issue 55: the channels' names, and a nationality.
  "SMS", "SMS.", "WhatsApp", "Indian",
  // Issue 56: the reports' file types and sizes.
  "PDF", "MB", "KB",
]);

/** The capitalized words inside the sentences of `message` that are neither a name nor an acronym. */
export function titleCased(message: string): string[] {
  const text = message.replace(/\{(\w+)(, (select|plural|selectordinal),)?/g, " ").replace(/[{}]/g, " ");
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.!?:;…“"(])\s+|\n/))
    // A leading mark (✓, ✗, •) is not the sentence's first word.
    for (const word of sentence.trim().replace(/^[^\p{L}\p{N}{("“‘]+\s*/u, "").split(/\s+/).slice(1)) {
      const m = /^[("“‘]?([A-Z][A-Za-z.'’-]*)/.exec(word);
      if (m && !CAPITALIZED.has(m[1]!.replace(/[.’']$/, "")) && !CAPITALIZED.has(m[1]!)) found.push(m[1]!);
    }
  return found;
}

describe("one word per thing", () => {
  test("the check finds each other word, in either language, and leaves route names alone", () => {
    expect(bannedIn("en", "Next meeting")).not.toEqual([]);
    expect(bannedIn("en", "Your video consultation is coming up")).not.toEqual([]);
    expect(bannedIn("en", "Reason for your visit")).not.toEqual([]);
    expect(bannedIn("en", "The meet link is ready")).not.toEqual([]);
    expect(bannedIn("hi", "अगली मीटिंग")).not.toEqual([]);
    expect(bannedIn("hi", "वीडियो परामर्श")).not.toEqual([]);
    expect(bannedIn("hi", "आपकी पिछली मुलाकातें")).not.toEqual([]);
    expect(bannedIn("en", "See it at /patient-dashboard/patient-meetings")).toEqual([]);
    expect(bannedIn("en", "Next appointment: join the video call")).toEqual([]);
  });

  test("no English or Hindi message calls the booking anything but an appointment (SPEC §8's strings aside)", () => {
    const offenders: string[] = [];
    for (const [key, english] of Object.entries(CATALOGS.en)) {
      if (NOT_THE_BOOKING.has(key)) continue;
      if (!CONTRACT.has(english)) for (const word of bannedIn("en", english)) offenders.push(`en ${key}: ${word} in "${english}"`);
      const hindi = CATALOGS.hi[key as keyof typeof CATALOGS.hi];
      for (const word of bannedIn("hi", hindi)) offenders.push(`hi ${key}: ${word} in "${hindi}"`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("sentence case", () => {
  test("the check finds a title-cased heading and lets names and acronyms be", () => {
    expect(titleCased("Book An Appointment")).toEqual(["An", "Appointment"]);
    expect(titleCased("{role, select, patient {Patient Login} other {Admin Login}}")).toEqual(["Login", "Login"]);
    expect(titleCased("Upload a JPEG or PNG photo to Carebook. Then log in.")).toEqual([]);
    expect(titleCased("✓ Registration verified")).toEqual([]);
    expect(titleCased("✗ Did Not come")).toEqual(["Not"]);
  });

  test("our own English headings, buttons and labels are in sentence case (SPEC's quoted strings and names of specializations aside)", () => {
    const offenders: string[] = [];
    for (const [key, english] of Object.entries(CATALOGS.en)) {
      if (CONTRACT.has(english) || key.startsWith("spec.")) continue;
      for (const word of titleCased(english)) offenders.push(`${key}: "${word}" in "${english}"`);
    }
    expect(offenders).toEqual([]);
  });
});
