/**
 * A meeting's time as a mail writes it: in the reader's own time zone, with the zone named, in
 * the reader's language (its locale's day, month and zone names; issue 31). The reader's zone is
 * their account's `time_zone` (a doctor without one: their hours'); without one, the deployment's
 * DEFAULT_TIME_ZONE whatever the language (src/domain/time.ts, readerZone; issue 52), never the
 * other party's (issue 39). The name is always written, so a reader in another zone can tell.
 */
import type { Lang } from "../domain/i18n";
import { formatter, readerZone } from "../domain/time";
import { readerLang } from "./templates";

/** `at` as a mail to `reader` writes it: their zone (readerZone; `fallback`, DEFAULT_TIME_ZONE, without one), their language. */
export function whenFor(at: Date, reader: { timeZone: string | null; language?: string | null }, fallback: string): string {
  return formatWhen(at, readerZone(reader, undefined, fallback).zone, readerLang(reader));
}

/**
 * e.g. "Sunday 29 March 2026, 10:30 Central European Summer Time (Europe/Paris)", or in Hindi
 * "रविवार, 29 मार्च 2026, 10:30 मध्‍य यूरोपीय ग्रीष्‍मकालीन समय (Europe/Paris)".
 */
export function formatWhen(at: Date, zone: string, lang: Lang = "en"): string {
  // Formatters kept per zone and language (src/domain/time.ts): building three per mail was most of a booking's CPU (bench:signed-in's writes).
  const day = formatter("longDay", zone, lang).format(at);
  const time = formatter("time24", zone, lang).format(at);
  const name = formatter("zoneLong", zone, lang).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  const label = zone === "UTC" ? "UTC" : `${name ?? zone} (${zone})`;
  return `${day}, ${time} ${label}`;
}
