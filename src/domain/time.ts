/**
 * Wall-clock times in a named time zone, for forms that send a date and a time as the viewer
 * reads them (the doctor's schedule form without script).
 */

import { keptIn } from "./bounded";

/** Zones already checked (a page checks the viewer's on every request): bounded, oldest out. */
const checkedZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  return keptIn(checkedZones, 1024, zone, () => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return zone !== "";
    } catch {
      return false;
    }
  });
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `instant`: year, month (1-12), day, hour, minute, second. */
export function wallClock(zone: string, instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const formatter = keptIn(wallFormatters, 256, zone, () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
  );
  const parts = formatter.formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n("year"), month: n("month"), day: n("day"), hour: n("hour"), minute: n("minute"), second: n("second") };
}

/** A zone's offset is constant within each quarter hour: every clock change of today's zones falls on one. */
const QUARTER_HOUR = 15 * 60_000;
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
