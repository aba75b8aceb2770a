/**
 * iCalendar (RFC 5545) text for appointments, through ical-generator, which gets the escaping,
 * line folding and UTC time formats right. Events carry times, names and the meet link only:
 * never a reason, feedback or email, since a feed is read without a login.
 */
import { ERASED_NAME, shownName } from "../domain/erasure";
import ical, { ICalAlarmType, ICalEventClass, ICalEventStatus } from "ical-generator";
import type { CalendarRole, CalendarRow } from "../db/queries/calendar";
import type { Lang, Translate } from "../domain/i18n";
import { forOfRow, personWords } from "../domain/family";
import { translator, type T } from "../i18n/catalog";

/** A scheduled appointment: one that has a slot to put in a calendar. */
export type Scheduled = CalendarRow & { scheduledAt: Date; endsAt: Date; status: "confirmed" | "cancelled" };

/** Whether the appointment has a slot (pending requests have none). */
export const isScheduled = (row: CalendarRow): row is Scheduled =>
  row.scheduledAt !== null && row.endsAt !== null && row.status !== "pending";

/** Minutes before the start at which the calendar reminds (a display alarm). */
export const ALARM_MINUTES = 15;

/** Stable across every file and feed that shows the appointment, so calendars update one event. */
export const eventUid = (appointmentId: string) => `appointment-${appointmentId}@carebook`;

/**
 * A doctor's name as "Dr {name}" (in `t`'s language, English by default), without doubling a
 * "Dr" the doctor typed.
 */
export const doctorTitle = (name: string, t: T = translator("en")) => t("calendar.doctorTitle", { name: name.replace(/^dr\.?\s+/i, "") });

/**
 * What the viewer's calendar calls the meeting: the other side's name, and the family member it
 * is for (issue 42): "Appointment with Dr Rao for Aarav"; the doctor's names the patient as every
 * page does (personWords, issue 52): "Appointment with Aarav Shah, 7, child of Priya Shah".
 */
export function eventSummary(row: Pick<CalendarRow, "doctorName" | "patientName" | "forName" | "forRelation" | "forAge">, viewer: CalendarRole, t: T = translator("en")): string {
  if (viewer === "patient") {
    // An erased doctor (issue 44) is a "Former doctor", not "Dr" and nothing.
    const name = row.doctorName === ERASED_NAME ? t("erasure.formerDoctor") : doctorTitle(row.doctorName, t);
    return row.forName === null ? t("calendar.summary", { name }) : t("calendar.summaryFor", { name, person: row.forName });
  }
  const holder = shownName(row.patientName, t("erasure.formerPatient"));
  return t("calendar.summary", { name: personWords(forOfRow(row), holder, t as Translate) });
}

/**
 * The event's revision number: 0 when first scheduled, one more for every later change of the
 * slot (the audit trail counts them). A cancelled event is always above its confirmed version,
 * even for a row older than the audit trail, so calendars take the cancellation.
 */
export function eventSequence(row: Pick<CalendarRow, "revisions" | "status">): number {
  return Math.max(row.revisions - 1, row.status === "cancelled" ? 1 : 0);
}

/** When this version of the event was made: the last schedule or cancel, else the best the row knows. */
const revisedAt = (row: Scheduled) => row.revisedAt ?? row.cancelledAt ?? row.createdAt;

/**
 * A VCALENDAR holding `rows` as seen by `viewer`, its words in `lang` (the account's language,
 * English by default; issue 31): the UIDs, times and structure are the same in every language.
 * `feed` names the calendar (a subscription). The text depends only on the rows and the
 * language, never on the clock, so an unchanged feed keeps its ETag. No METHOD: DTSTAMP then
 * means "last revised".
 */
export function calendarText(rows: Scheduled[], viewer: CalendarRole, options: { feed?: boolean; lang?: Lang } = {}): string {
  const t = translator(options.lang ?? "en");
  const calendar = ical({
    prodId: { company: "Carebook", product: "Carebook", language: t.lang.toUpperCase() },
    name: options.feed ? t("calendar.feedName") : null,
    // Calendar apps that honour it refresh a subscription hourly.
    ttl: options.feed ? 3600 : null,
  });
  for (const row of rows) {
    const cancelled = row.status === "cancelled";
    const stamp = revisedAt(row);
    calendar.createEvent({
      id: eventUid(row.id),
      sequence: eventSequence(row),
      stamp,
      lastModified: stamp,
      start: row.scheduledAt,
      end: row.endsAt,
      summary: eventSummary(row, viewer, t),
      description: cancelled ? t("calendar.cancelled") : row.meetLink ? t("calendar.description", { link: row.meetLink }) : clinicText(row, t),
      url: row.meetLink ?? row.placeMapUrl ?? null,
      // Issue 54: a clinic visit's place is its address; a video call's, its link.
      location: row.placeLine ?? row.meetLink,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // Someone who shares the calendar with others sees a busy slot, not whom it is with.
      class: ICalEventClass.PRIVATE,
      alarms: cancelled ? [] : [{ type: ICalAlarmType.display, trigger: ALARM_MINUTES * 60, description: t("calendar.alarm", { minutes: ALARM_MINUTES }) }],
    });
  }
  return calendar.toString();
}

/** What an appointment at a clinic says (issue 54): where, "arrive early", and the map link when one is kept. */
function clinicText(row: Pick<CalendarRow, "placeLine" | "placeMapUrl">, t: T): string | null {
  if (!row.placeLine) return null;
  return [`${t("places.visitAt")} ${row.placeLine}`, t("places.arriveEarly"), row.placeMapUrl ? `${t("places.map")}: ${row.placeMapUrl}` : ""].filter(Boolean).join("\n");
}

/** Bump when calendarText writes anything differently, so clients holding the old text refetch it. */
const FORMAT = "1";

/**
 * A tag that changes whenever calendarText(rows, viewer, { lang }) would: a hash of its input.
 * English leaves the language out, so its tags are those it had before there were two.
 */
export function calendarVersion(rows: Scheduled[], viewer: CalendarRole, lang: Lang = "en"): string {
  // A visit for the holder hashes as it did before issue 42 (no forName): the feeds keep their ETags.
  // Likewise a video call hashes without issue 54's place columns.
  const hashed = rows.map(({ forName, forRelation, forAge, placeLine, placeMapUrl, ...row }) => ({ ...row, ...(forName === null ? {} : { forName, forRelation, forAge }), ...(placeLine ? { placeLine, placeMapUrl } : {}) }));
  const input = lang === "en" ? [FORMAT, viewer, hashed] : [FORMAT, viewer, lang, hashed];
  return new Bun.CryptoHasher("sha256").update(JSON.stringify(input)).digest("base64url").slice(0, 27);
}

/** A download name for one meeting's file, by its UTC date. */
export const eventFileName = (row: Scheduled) => `consultation-${row.scheduledAt.toISOString().slice(0, 10)}.ics`;
