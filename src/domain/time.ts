/**
 * Time zones and times as people read them: which zone an account's pages use (`zoneOf`), the
 * common zones named for people ("India Standard Time (Kolkata)"), formatting in a zone, and the
 * instant a date and a time typed in a zone stand for (the doctor's schedule form). Pure: no I/O,
 * shared by the server's pages and the islands.
 */

/** A small bounded memo (a Map iterates in insertion order: the oldest goes first). */
function remembered<V>(map: Map<string, V>, max: number, key: string, make: () => V): V {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Zones already checked (a page checks the viewer's on every request): bounded, oldest out. */
const checkedZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone === "" || zone.length > 64) return false;
  return remembered(checkedZones, 1024, zone, () => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });
}

/** The common zones a person picks from, named for people; UTC first, then west to east. */
export const COMMON_ZONES: readonly { zone: string; label: string }[] = [
  { zone: "UTC", label: "Coordinated Universal Time (UTC)" },
  { zone: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
  { zone: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { zone: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { zone: "America/Phoenix", label: "Mountain Standard Time (Phoenix)" },
  { zone: "America/Denver", label: "Mountain Time (Denver)" },
  { zone: "America/Chicago", label: "Central Time (Chicago)" },
  { zone: "America/Mexico_City", label: "Central Time (Mexico City)" },
  { zone: "America/New_York", label: "Eastern Time (New York)" },
  { zone: "America/Toronto", label: "Eastern Time (Toronto)" },
  { zone: "America/Bogota", label: "Colombia Time (Bogotá)" },
  { zone: "America/Sao_Paulo", label: "Brasília Time (São Paulo)" },
  { zone: "America/Argentina/Buenos_Aires", label: "Argentina Time (Buenos Aires)" },
  { zone: "Europe/London", label: "UK Time (London)" },
  { zone: "Europe/Dublin", label: "Irish Time (Dublin)" },
  { zone: "Europe/Lisbon", label: "Western European Time (Lisbon)" },
  { zone: "Africa/Lagos", label: "West Africa Time (Lagos)" },
  { zone: "Europe/Paris", label: "Central European Time (Paris)" },
  { zone: "Europe/Berlin", label: "Central European Time (Berlin)" },
  { zone: "Europe/Madrid", label: "Central European Time (Madrid)" },
  { zone: "Europe/Rome", label: "Central European Time (Rome)" },
  { zone: "Europe/Warsaw", label: "Central European Time (Warsaw)" },
  { zone: "Africa/Cairo", label: "Eastern European Time (Cairo)" },
  { zone: "Africa/Johannesburg", label: "South Africa Standard Time (Johannesburg)" },
  { zone: "Europe/Athens", label: "Eastern European Time (Athens)" },
  { zone: "Europe/Kyiv", label: "Eastern European Time (Kyiv)" },
  { zone: "Europe/Istanbul", label: "Turkey Time (Istanbul)" },
  { zone: "Europe/Moscow", label: "Moscow Time (Moscow)" },
  { zone: "Africa/Nairobi", label: "East Africa Time (Nairobi)" },
  { zone: "Asia/Riyadh", label: "Arabia Standard Time (Riyadh)" },
  { zone: "Asia/Tehran", label: "Iran Time (Tehran)" },
  { zone: "Asia/Dubai", label: "Gulf Standard Time (Dubai)" },
  { zone: "Asia/Karachi", label: "Pakistan Standard Time (Karachi)" },
  { zone: "Asia/Kolkata", label: "India Standard Time (Kolkata)" },
  { zone: "Asia/Kathmandu", label: "Nepal Time (Kathmandu)" },
  { zone: "Asia/Dhaka", label: "Bangladesh Standard Time (Dhaka)" },
  { zone: "Asia/Bangkok", label: "Indochina Time (Bangkok)" },
  { zone: "Asia/Jakarta", label: "Western Indonesia Time (Jakarta)" },
  { zone: "Asia/Singapore", label: "Singapore Standard Time (Singapore)" },
  { zone: "Asia/Shanghai", label: "China Standard Time (Shanghai)" },
  { zone: "Asia/Hong_Kong", label: "Hong Kong Time (Hong Kong)" },
  { zone: "Asia/Manila", label: "Philippine Standard Time (Manila)" },
  { zone: "Asia/Tokyo", label: "Japan Standard Time (Tokyo)" },
  { zone: "Asia/Seoul", label: "Korean Standard Time (Seoul)" },
  { zone: "Australia/Perth", label: "Australian Western Time (Perth)" },
  { zone: "Australia/Adelaide", label: "Australian Central Time (Adelaide)" },
  { zone: "Australia/Brisbane", label: "Australian Eastern Standard Time (Brisbane)" },
  { zone: "Australia/Sydney", label: "Australian Eastern Time (Sydney)" },
  { zone: "Pacific/Auckland", label: "New Zealand Time (Auckland)" },
];

/** Old names browsers still report for zones of the list (Chrome says "Asia/Calcutta"). */
const ALIASES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "Etc/UTC": "UTC",
  "Etc/GMT": "UTC",
  GMT: "UTC",
  "Etc/Universal": "UTC",
  UCT: "UTC",
};

const labels = new Map(COMMON_ZONES.map((z) => [z.zone, z.label]));
const otherLabels = new Map<string, string>();

/** A zone's name for people: "India Standard Time (Kolkata)"; zones off the list get the runtime's long name and their city. */
export function zoneLabel(zone: string): string {
  const known = labels.get(ALIASES[zone] ?? zone);
  if (known !== undefined) return known;
  if (!isTimeZone(zone)) return zoneLabel("UTC");
  return remembered(otherLabels, 256, zone, () => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(new Date(0))
      .find((p) => p.type === "timeZoneName")?.value;
    const city = zone.split("/").pop()!.replace(/_/g, " ");
    return name && name !== city ? `${name} (${city})` : city;
  });
}

/** The zone as the list names it (an alias becomes its list name), for a select's selected option. */
export const canonicalZone = (zone: string) => ALIASES[zone] ?? zone;

/**
 * The zone an account's pages show times in: the one the person chose (or their browser reported
 * to their account), else the one this browser reported (the `tz` cookie), else UTC.
 */
export function zoneOf(account: { timeZone?: string | null } | undefined, reported?: string): string {
  const own = account?.timeZone;
  if (own && isTimeZone(own)) return own;
  if (reported && isTimeZone(reported)) return reported;
  return "UTC";
}

// One formatter per zone and style: building an Intl.DateTimeFormat costs far more than
// formatting with it (most of a server render of a list of meetings, docs/performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: "dateTime" | "time" | "day" | "parts", zone: string): Intl.DateTimeFormat {
  return remembered(formatters, 512, `${style}\u0000${zone}`, () => {
    if (style === "day") return new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short" });
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
    if (style === "time") return new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" });
    return new Intl.DateTimeFormat("en-GB", {
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

/** e.g. "Tue, 1 Dec 2026, 10:00 CET" as clocks in `zone` show it. */
export function formatDateTime(at: Date | string | number, zone: string): string {
  return formatter("dateTime", zone).format(instantOf(at));
}

/** e.g. "10:30" in `zone`. */
export function formatTime(at: Date | string | number, zone: string): string {
  return formatter("time", zone).format(instantOf(at));
}

/** e.g. "Tue, 15 Jan" in `zone`. */
export function formatDay(at: Date | string | number, zone: string): string {
  return formatter("day", zone).format(instantOf(at));
}

/** The wall clock of `zone` at an instant, as numbers. */
function wallClock(instant: number, zone: string) {
  const parts = formatter("parts", zone).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n("year"), month: n("month"), day: n("day"), hour: n("hour"), minute: n("minute"), second: n("second") };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The date (YYYY-MM-DD) clocks in `zone` show at an instant: a date input's value or `min`. */
export function dateInZone(at: Date | string | number, zone: string): string {
  const w = wallClock(instantOf(at).getTime(), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const w = wallClock(instant, zone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(instant / 1000) * 1000;
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
