/**
 * The doctor's day (issue 54 item 6): one local date in the doctor's zone (today there by
 * default) with its confirmed appointments, the free gaps of its hours and the pending requests
 * that prefer a time in it. The page (/doctor-dashboard/day) and its JSON twin read it here.
 */
import type { Deps } from "../config/deps";
import type { KeptPlace } from "../db/queries/availability";
import { slotSource } from "../db/queries/availability";
import type { AppointmentView } from "../db/queries/appointments";
import { dayMeetings, dayRequests } from "../db/queries/day";
import { dayDocumentCounts } from "../db/queries/documents";
import { together } from "../db/together";
import type { Slot } from "../domain/availability";
import { DAY_DATE_INVALID, dayBounds, dayGaps } from "../domain/day";
import { invalid } from "../domain/refusal";
import { addDays, dateInZone } from "../domain/time";

export type DoctorDay = {
  date: string;
  timeZone: string;
  previous: string;
  next: string;
  meetings: AppointmentView[];
  gaps: Slot[];
  requests: AppointmentView[];
  places: KeptPlace[];
  /** Issue 56: how many reports the patient sent for each of the day's appointments (by id; absent: none). */
  reports: Record<string, number>;
};

/** The day `date` (YYYY-MM-DD; today in `zone` when absent) of the doctor, in `zone`; a bad date is 400. */
export async function doctorDay(deps: Deps, doctorId: string, zone: string, date: string | undefined): Promise<DoctorDay> {
  const now = deps.now();
  const day = date ?? dateInZone(now, zone);
  const bounds = dayBounds(day, zone);
  if (bounds === undefined) throw invalid(DAY_DATE_INVALID);
  const { from, to } = bounds;
  const r = deps.database.db;
  const [meetings, requests, source, counts] = await together(() =>
    Promise.all([dayMeetings(r, doctorId, from, to, now), dayRequests(r, doctorId, from, to, now), slotSource(r, doctorId, from, to), dayDocumentCounts(r, doctorId, from, to)]),
  );
  const places = source?.places ?? [];
  const busy = meetings.filter((m) => m.scheduledAt && m.endsAt).map((m) => ({ start: m.scheduledAt!.getTime(), end: m.endsAt!.getTime() }));
  // The hours are kept in their own zone: the gaps are those of the hours' days that touch this one.
  const hours = source?.availability;
  const gaps =
    hours === undefined
      ? []
      : [-1, 0, 1]
          .flatMap((d) => dayGaps(hours, addDays(day, d), busy, new Set(places.map((p) => p.id))))
          .map((g) => ({ ...g, start: Math.max(g.start, from.getTime()), end: Math.min(g.end, to.getTime()) }))
          .filter((g) => g.end > g.start);
  return { date: day, timeZone: zone, previous: addDays(day, -1), next: addDays(day, 1), meetings, gaps, requests, places, reports: Object.fromEntries(counts.map((c) => [c.appointmentId, c.n])) };
}
