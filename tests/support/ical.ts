/**
 * Reads iCalendar text with ical.js (Thunderbird's RFC 5545 parser), independent of the library
 * that writes it, for the calendar tests (bun and Playwright alike).
 */
import ICAL from "ical.js";

export type ParsedEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** Whether DTSTART and DTEND are UTC times (a trailing Z), not floating or zoned ones. */
  utc: boolean;
  summary: string;
  status: string;
  sequence: number;
  url: string | null;
  location: string | null;
  description: string | null;
  alarms: { action: string; triggerSeconds: number }[];
};

/** Every VEVENT of `text`; throws when ical.js cannot parse it. */
export function parseEvents(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== "vcalendar") throw new Error(`not a VCALENDAR: ${calendar.name}`);
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => {
      const value = vevent.getFirstPropertyValue(name);
      return value === null ? null : String(value);
    };
    return {
      uid: event.uid,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      utc: event.startDate.zone === ICAL.Timezone.utcTimezone && event.endDate.zone === ICAL.Timezone.utcTimezone,
      summary: event.summary,
      status: text("status") ?? "",
      sequence: event.sequence,
      url: text("url"),
      location: event.location,
      description: text("description"),
      alarms: vevent.getAllSubcomponents("valarm").map((alarm) => ({
        action: String(alarm.getFirstPropertyValue("action")),
        triggerSeconds: (alarm.getFirstPropertyValue("trigger") as InstanceType<typeof ICAL.Duration>).toSeconds(),
      })),
    };
  });
}

/** The calendar's own properties (name, refresh interval), by lower-case name. */
export function calendarProperty(text: string, name: string): string | null {
  const value = new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue(name);
  return value === null ? null : String(value);
}
