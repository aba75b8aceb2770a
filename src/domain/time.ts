/**
 * Time zones and times as people read them: which zone a reader's times are shown in (`readerZone`),
 * formatting in a zone (the zones' names for people are in ./zones.ts), and the
 * instant a date and a time typed in a zone stand for (the doctor's schedule form). Pure: no I/O,
 * shared by the server's pages and the islands.
 */

import { keptIn } from "./bounded";
import { LOCALES, type Lang } from "./i18n";

/** Zones already checked (a page checks the viewer's on every request): bounded, oldest out. */
const checkedZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone === "" || zone.length > 64) return false;
  return keptIn(checkedZones, 1024, zone, () => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });
}

/** The deployment's default zone when none is configured (DEFAULT_TIME_ZONE, src/config/env.ts; issue 52). */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/**
 * The reader's zone and where it came from: `account`, the one the person chose on a profile (or
 * their browser reported to their account; a doctor without one, their hours' zone); `browser`,
 * the one this browser reported (the `tz` cookie); `default`, none known yet, so the deployment's
 * default zone (DEFAULT_TIME_ZONE), whatever the language. Never the other party's: a doctor's
 * hours are not a patient's clock.
 */
export type ReaderZone = { zone: string; from: "account" | "browser" | "default" };

/**
 * The zone every page, mail and island shows a reader's times in (STYLE lesson 22): the account's
 * own zone, else this browser's report, else the deployment's `fallback` (DEFAULT_TIME_ZONE), for
 * every language (issue 52: an English reader in India read UTC). The one place that decides.
 */
export function readerZone(account: { timeZone?: string | null } | undefined, reported: string | undefined, fallback: string = DEFAULT_TIME_ZONE): ReaderZone {
  const own = account?.timeZone;
  if (own && isTimeZone(own)) return { zone: own, from: "account" };
  if (reported && isTimeZone(reported)) return { zone: reported, from: "browser" };
  return { zone: isTimeZone(fallback) ? fallback : DEFAULT_TIME_ZONE, from: "default" };
}

// One formatter per zone and style: building an Intl.DateTimeFormat costs far more than
// formatting with it (most of a server render of a list of meetings, docs/performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The styles: the pages' ("dateTime", "time", "day"), arithmetic's ("parts") and the mails' (src/mail/time.ts). */
type Style = "dateTime" | "time" | "day" | "parts" | "longDay" | "time24" | "zoneLong";

export function formatter(style: Style, zone: string, lang: Lang = "en"): Intl.DateTimeFormat {
  return keptIn(formatters, 512, `${style}\u0000${zone}\u0000${lang}`, () => {
    // English keeps the day-month order of en-GB; Hindi is written as hi-IN writes it (issue 31).
    const locale = LOCALES[lang];
    if (style === "longDay") return new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
    if (style === "time24") return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    if (style === "zoneLong") return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "long" });
    if (style === "day") return new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: "short", day: "numeric", month: "short" });
    if (style === "parts")
      return new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    if (style === "time") return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit" });
    return new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: zone,
      timeZoneName: "short",
    });
  });
}

const instantOf = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** India's zone, as Chrome (Asia/Calcutta) or the list (Asia/Kolkata) names it. */
const INDIA = new Set(["Asia/Kolkata", "Asia/Calcutta"]);

/**
 * A formatted time with its zone's short name as people in India read it: "IST", never en-GB's
 * "GMT+5:30" (hi-IN already writes IST; issue 52).
 */
export function shortZoneNamed(text: string, zone: string): string {
  return INDIA.has(zone) ? text.replace("GMT+5:30", "IST") : text;
}

/** e.g. "Tue, 1 Dec 2026, 10:00 CET" (or "… 15:30 IST") as clocks in `zone` show it. */
export function formatDateTime(at: Date | string | number, zone: string, lang: Lang = "en"): string {
  return shortZoneNamed(formatter("dateTime", zone, lang).format(instantOf(at)), zone);
}

/**
 * A calendar date ("YYYY-MM-DD", a date input's value) as `lang` writes it: "Sat, 12 Dec 2026",
 * "शनि, 12 दिस॰ 2026"; never the raw ISO date on a page (issue 52). Anything else as given.
 */
export function formatCalendarDate(date: string, lang: Lang = "en"): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return date;
  return keptIn(formatters, 512, `calendarDate\u0000${lang}`, () => new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" })).format(
    Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])),
  );
}

/** e.g. "10:30" in `zone`. */
export function formatTime(at: Date | string | number, zone: string, lang: Lang = "en"): string {
  return formatter("time", zone, lang).format(instantOf(at));
}

/** e.g. "Tue, 15 Jan" in `zone`. */
export function formatDay(at: Date | string | number, zone: string, lang: Lang = "en"): string {
  return formatter("day", zone, lang).format(instantOf(at));
}

/** The wall clock of `zone` at `instant`: year, month (1-12), day, hour, minute, second. */
export function wallClock(zone: string, instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = formatter("parts", zone).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n("year"), month: n("month"), day: n("day"), hour: n("hour"), minute: n("minute"), second: n("second") };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The date (YYYY-MM-DD) clocks in `zone` show at an instant: a date input's value or `min`. */
export function dateInZone(at: Date | string | number, zone: string): string {
  const w = wallClock(zone, instantOf(at).getTime());
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** A zone's offset is constant within each quarter hour: every clock change of today's zones falls on one. */
export const QUARTER_HOUR = 15 * 60_000;
/** Offsets already read, by zone and quarter hour (a week of free slots reads a few dozen): bounded, oldest out. */
const offsets = new Map<string, number>();

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const quarter = Math.floor(instant / QUARTER_HOUR) * QUARTER_HOUR;
  return keptIn(offsets, 16_384, `${zone} ${quarter}`, () => {
    const w = wallClock(zone, quarter);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - quarter;
  });
}

/** The date `days` after `date` (both "YYYY-MM-DD"), by the calendar, not by 24-hour steps. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The first instant of `date` (YYYY-MM-DD) in `zone`: its midnight, or, where a clock change
 * skips midnight (Santiago's, Beirut's), the end of the skipped hour, when the day does begin
 * (zonedInstant would give the instant an hour before: the day before's last hour). Undefined
 * when `date` is malformed.
 */
export function dayStart(date: string, zone: string): Date | undefined {
  const midnight = zonedInstant(date, "00:00", zone);
  if (midnight === undefined) return undefined;
  let instant = midnight.getTime();
  while (dateInZone(instant, zone) < date) instant += QUARTER_HOUR;
  return new Date(instant);
}

/**
 * The instant of `time` (HH:MM; "24:00" is the next day's first instant) on `date` in `zone`, never
 * before the day's first instant: a time in the hour a clock change skips at midnight is the day's
 * start, so one day's hours never reach into the day before. Today's zones skip at most an hour
 * there, so only times before 03:00 are checked (dayStart reads the clock, a lookup costs less).
 */
export function instantOnDay(date: string, time: string, zone: string): Date | undefined {
  if (time === "24:00") return dayStart(addDays(date, 1), zone);
  const at = zonedInstant(date, time, zone);
  if (at === undefined || time >= "03:00") return at;
  const first = dayStart(date, zone)!;
  return at.getTime() < first.getTime() ? first : at;
}

/**
 * The offsets `zone` has from `start` until `end` (instants, ms): each holds from its `from` until
 * the next one's, the first from `start`. Read a day apart, a change narrowed to its quarter hour
 * (zones change at most once a day), so a year costs about 370 readings, most of them kept.
 */
export function offsetSegments(zone: string, start: number, end: number): { from: number; offset: number }[] {
  const out = [{ from: start, offset: offsetAt(zone, start) }];
  for (let t = start; t < end; t += 86_400_000) {
    const next = Math.min(t + 86_400_000, end);
    if (offsetAt(zone, next) === out[out.length - 1]!.offset) continue;
    let quarter = Math.floor(t / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR;
    while (offsetAt(zone, quarter) === out[out.length - 1]!.offset) quarter += QUARTER_HOUR;
    out.push({ from: quarter, offset: offsetAt(zone, quarter) });
  }
  return out;
}

/**
 * The instant at which clocks in `zone` show `date` (YYYY-MM-DD) and `time` (HH:MM), or
 * undefined when either is malformed. In the hour a clock skips, the later offset applies; in the
 * hour it repeats, the first.
 */
export function zonedInstant(date: string, time: string, zone: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!d || !t || !isTimeZone(zone)) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(d[2]) - 1 || check.getUTCDate() !== Number(d[3]) || Number(t[1]) > 23 || Number(t[2]) > 59) return undefined;
  // Two steps: the offset at the first guess can differ from the offset at the answer near a change.
  let instant = wall - offsetAt(zone, wall);
  instant = wall - offsetAt(zone, instant);
  return new Date(instant);
}

/**
 * A doctor's weekly hours (day 1 Monday to 7 Sunday, "HH:MM" in `from`) as clocks in `to` show
 * them in the week of `now` (issue 52: a reader reads hours on their own clock): the ranges of
 * each of `to`'s weekdays, in order. A range that ends at the reader's midnight ends "24:00"; one
 * that crosses it stays whole under the day it starts.
 */
export function weeklyInZone(weekly: readonly { day: number; start: string; end: string }[], from: string, to: string, now: number): { day: number; start: string; end: string }[] {
  const today = wallClock(from, now);
  // The Monday of `from`'s week, as a date (UTC arithmetic on the wall date).
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const monday = todayUtc - ((new Date(todayUtc).getUTCDay() + 6) % 7) * 86_400_000;
  const dateOf = (offsetDays: number) => new Date(monday + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const at = (day: number, time: string) => instantOnDay(dateOf(day - 1), time, from);
  const clock = (instant: number) => {
    const w = wallClock(to, instant);
    return { day: ((new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7) + 1, time: `${pad(w.hour)}:${pad(w.minute)}` };
  };
  const out: { day: number; start: string; end: string }[] = [];
  for (const r of weekly) {
    const start = at(r.day, r.start);
    const end = at(r.day, r.end);
    if (start === undefined || end === undefined) continue;
    const s = clock(start.getTime());
    const e = clock(end.getTime());
    out.push({ day: s.day, start: s.time, end: e.day !== s.day && e.time === "00:00" ? "24:00" : e.time });
  }
  return out.sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
}
