/**
 * A meeting's time as a mail writes it: in the reader's own time zone, with the zone named, in
 * the reader's language (its locale's day, month and zone names; issue 31). The reader's zone is
 * their account's `time_zone`; without one, the usual zone of their account's language (IST for
 * Hindi, else UTC: src/domain/time.ts, readerZone), never the other party's (issue 39). The name
 * is always written, so a reader in another zone can tell.
 */
import { LOCALES, type Lang } from "../domain/i18n";
import { readerZone } from "../domain/time";
import { readerLang } from "./templates";

/** `at` as a mail to `reader` writes it: their zone (readerZone), their language. */
export function whenFor(at: Date, reader: { timeZone: string | null; language?: string | null }): string {
  const lang = readerLang(reader);
  return formatWhen(at, readerZone(reader, undefined, lang).zone, lang);
}

/**
 * e.g. "Sunday 29 March 2026, 10:30 Central European Summer Time (Europe/Paris)", or in Hindi
 * "रविवार, 29 मार्च 2026, 10:30 मध्‍य यूरोपीय ग्रीष्‍मकालीन समय (Europe/Paris)".
 */
export function formatWhen(at: Date, zone: string, lang: Lang = "en"): string {
  const locale = LOCALES[lang];
  const day = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "long" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  const label = zone === "UTC" ? "UTC" : `${name ?? zone} (${zone})`;
  return `${day}, ${time} ${label}`;
}
