/**
 * Issue 58's reads: the admin's numbers for a period (every count, by day and by specialization)
 * and a doctor's own. Counts come from the per-day totals (./stats.ts) when the reader's zone is
 * the totals' zone, else counted by SQL from the rows in the reader's zone (exact, slower: rare); the
 * median wait, the meetings not over yet and who waits for the admin are one short statement each.
 */
import type { Deps } from "../config/deps";
import { together } from "../db/together";
import { meetingsOfDoctor, notOverYet, ratingsOfDoctor, totalsBySpecialization, totalsOf, totalsZone, waitHours, waitingNow } from "../db/queries/stats";
import { slotSource, type SlotSource } from "../db/queries/availability";
import { freeSlots } from "../domain/availability";
import { COUNTS, daysOf, isSpecKey, median, noShowRate, SPEC_PREFIX, type Count } from "../domain/stats";

export { COUNTS };
import { addDays, dateInZone, dayStart, QUARTER_HOUR, wallClock, zonedInstant } from "../domain/time";
import { DIRECTORY_DAYS } from "../domain/directory";
import { listedNextFree } from "./directory";
import { totalsZoneOf } from "./stats";
import { countsInZone } from "../db/queries/stats-zone";

export type Counts = Record<Count, number>;
export type DayCounts = { date: string } & Counts;
export type SpecializationRow = { specialization: string; requested: number; booked: number; medianDaysToFirstFree: number | null };

export type AdminStats = {
  from: string;
  to: string;
  timeZone: string;
  totals: Counts;
  noShowRate: number | null;
  medianHoursToSchedule: number | null;
  waiting: { doctorsAwaitingApproval: number; registrationsAwaitingCheck: number };
  byDay: DayCounts[];
  bySpecialization: SpecializationRow[];
};

type Period = { from: string; to: string };
type DayTotal = { day: string; metric: string; n: number };

const zeros = (): Counts => Object.fromEntries(COUNTS.map((c) => [c, 0])) as Counts;
/** The instant a day (YYYY-MM-DD) starts in `zone`. */
const startOf = (day: string, zone: string) => dayStart(day, zone)!;

/** Whether totals kept with days in `built` (undefined: never rebuilt, a new database keeps them from its first change) serve a reader in `zone`. */
const keptServes = (deps: Deps, zone: string, built: string | undefined) => zone === totalsZoneOf(deps) && (built === undefined || built === zone);

/**
 * The days of the period with their counts: meetings less no-shows less those not over at `now`
 * are the completed ones, on the meeting's day.
 */
function byDayOf(period: Period, totals: DayTotal[], notOver: Date[], zone: string): DayCounts[] {
  const days = new Map(daysOf(period.from, period.to).map((d) => [d, { date: d, ...zeros(), meetings: 0 }]));
  for (const t of totals) {
    const row = days.get(t.day);
    if (row === undefined) continue;
    if (t.metric === "meetings") row.meetings += t.n;
    else if (t.metric in row) row[t.metric as Count] += t.n;
  }
  for (const at of notOver) {
    const row = days.get(dateInZone(at, zone));
    if (row !== undefined) row.meetings -= 1;
  }
  return [...days.values()].map(({ meetings, ...row }) => ({ ...row, completed: meetings - row.noShows }));
}

const sumOf = (rows: DayCounts[]): Counts => {
  const out = zeros();
  for (const row of rows) for (const c of COUNTS) out[c] += row[c];
  return out;
};

/** The admin's numbers for `period` (days in `zone`). */
export async function adminStats(deps: Deps, zone: string, period: Period): Promise<AdminStats> {
  const now = deps.now();
  const r = deps.database.db;
  const start = startOf(period.from, zone);
  const end = startOf(addDays(period.to, 1), zone);
  // One round trip: the kept totals are read beside the zone they are in, and used if it is the reader's.
  const [built, dayTotals, specTotals, notOver, hours, waiting, listed] = await together(() =>
    Promise.all([
      totalsZone(r),
      totalsOf(r, "", period.from, period.to),
      totalsBySpecialization(r, period.from, period.to),
      notOverYet(r, now, end),
      waitHours(r, start, end),
      waitingNow(r),
      listedNextFree(deps),
    ]),
  );
  const { everyone, bySpec } = keptServes(deps, zone, built) ? { everyone: dayTotals, bySpec: specTotals } : await fromRows(deps, zone, period);
  const byDay = byDayOf(period, everyone, notOver, zone);
  const totals = sumOf(byDay);
  return {
    from: period.from,
    to: period.to,
    timeZone: zone,
    totals,
    noShowRate: noShowRate(totals.noShows, totals.completed),
    medianHoursToSchedule: roundTo(median(hours), 1),
    waiting,
    byDay,
    bySpecialization: specializationRows(bySpec, listed, now, zone),
  };
}

const roundTo = (value: number | null, places: number) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

/** The period's totals counted from the rows in `zone` by SQL: everyone's by day, and by specialization. */
async function fromRows(deps: Deps, zone: string, period: Period) {
  const list = await countsInZone(deps.database.db, zone, startOf(period.from, zone), startOf(addDays(period.to, 1), zone));
  const sums = new Map<string, { specialization: string; metric: string; n: number }>();
  for (const c of list.filter((c) => isSpecKey(c.doctorId))) {
    const key = `${c.doctorId} ${c.metric}`;
    const kept = sums.get(key) ?? { specialization: c.doctorId.slice(SPEC_PREFIX.length), metric: c.metric, n: 0 };
    kept.n += c.n;
    sums.set(key, kept);
  }
  return { everyone: list.filter((c) => c.doctorId === ""), bySpec: [...sums.values()] };
}

/**
 * By specialization: requests (instant bookings included) and bookings (the doctors'
 * confirmations and instant bookings) of the period, and today's median over the listed doctors
 * with hours of the days to their next free slot (a doctor with none within the directory's 14
 * days counts 15); slowest first.
 */
function specializationRows(
  totals: { specialization: string; metric: string; n: number }[],
  listed: { specialization: string; next: number | undefined }[],
  now: Date,
  zone: string,
): SpecializationRow[] {
  const rows = new Map<string, { requested: number; booked: number; waits: number[] }>();
  const rowOf = (s: string) => rows.get(s) ?? rows.set(s, { requested: 0, booked: 0, waits: [] }).get(s)!;
  for (const t of totals) {
    const row = rowOf(t.specialization);
    const n = Number(t.n);
    if (t.metric === "requested" || t.metric === "instant") row.requested += n;
    if (t.metric === "scheduled" || t.metric === "instant") row.booked += n;
  }
  const today = Date.parse(`${dateInZone(now, zone)}T00:00:00Z`);
  // Dates change on quarter hours in every zone (src/domain/time.ts), so one reading a quarter
  // hour serves every next free time in it: 20,000 readings took 46 ms of the page at 100x.
  const byQuarter = new Map<number, number>();
  const daysTo = (at: number) => {
    const quarter = Math.floor(at / QUARTER_HOUR);
    let days = byQuarter.get(quarter);
    if (days === undefined) byQuarter.set(quarter, (days = Math.round((Date.parse(`${dateInZone(quarter * QUARTER_HOUR, zone)}T00:00:00Z`) - today) / 86_400_000)));
    return days;
  };
  for (const d of listed) rowOf(d.specialization).waits.push(d.next === undefined ? DIRECTORY_DAYS + 1 : daysTo(d.next));
  const out = [...rows.entries()].map(([specialization, row]) => ({ specialization, requested: row.requested, booked: row.booked, medianDaysToFirstFree: median(row.waits) }));
  return out.sort((a, b) => (b.medianDaysToFirstFree ?? -1) - (a.medianDaysToFirstFree ?? -1) || a.specialization.localeCompare(b.specialization));
}

export type DoctorStats = {
  from: string;
  to: string;
  timeZone: string;
  meetings: number;
  completed: number;
  noShows: number;
  noShowRate: number | null;
  averageRating: number | null;
  utilisation: number | null;
  busiestWeekday: number | null;
  busiestHour: number | null;
  weeks: { from: string; meetings: number; noShows: number }[];
};

/** How many weeks the doctor's dashboard chart shows. */
export const CHART_WEEKS = 8;

/**
 * A doctor's own numbers for `period` (days in `zone`, theirs), and the last 8 weeks ending today
 * for the chart: read from their own meetings (one indexed statement; a doctor's rows are few),
 * their rating from their row, the free slots of the period's past days from their hours as they
 * are today. Nothing of another doctor.
 */
export async function doctorStats(deps: Deps, doctorId: string, zone: string, period: Period): Promise<DoctorStats> {
  const now = deps.now();
  const r = deps.database.db;
  const today = dateInZone(now, zone);
  const chartFrom = addDays(today, -(CHART_WEEKS * 7 - 1));
  const start = startOf(period.from, zone);
  const end = startOf(addDays(period.to, 1), zone);
  const first = new Date(Math.min(start.getTime(), startOf(chartFrom, zone).getTime()));
  const last = new Date(Math.max(end.getTime(), startOf(addDays(today, 1), zone).getTime()));
  const pastEnd = new Date(Math.min(end.getTime(), now.getTime()));
  const [meetings, rating, source] = await together(() =>
    Promise.all([meetingsOfDoctor(r, doctorId, first, last), ratingsOfDoctor(r, doctorId), slotSource(r, doctorId, start, pastEnd)]),
  );
  const inPeriod = meetings.filter((m) => m.start!.getTime() >= start.getTime() && m.start!.getTime() < end.getTime());
  const noShows = inPeriod.filter((m) => m.attended === false).length;
  const completed = inPeriod.filter((m) => m.attended !== false && m.end!.getTime() <= now.getTime()).length;
  const weekdays = new Map<number, number>();
  const hoursOf = new Map<number, number>();
  for (const m of inPeriod) {
    const w = wallClock(zone, m.start!.getTime());
    const weekday = ((new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7) + 1;
    weekdays.set(weekday, (weekdays.get(weekday) ?? 0) + 1);
    hoursOf.set(w.hour, (hoursOf.get(w.hour) ?? 0) + 1);
  }
  const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => ({ from: addDays(chartFrom, i * 7), meetings: 0, noShows: 0 }));
  for (const m of meetings) {
    const day = dateInZone(m.start!, zone);
    if (day < chartFrom || day > today) continue;
    const week = weeks[Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${chartFrom}T00:00:00Z`)) / (7 * 86_400_000))]!;
    week.meetings += 1;
    if (m.attended === false) week.noShows += 1;
  }
  const ratings = rating ?? { ratingCount: 0, ratingTotal: 0 };
  return {
    from: period.from,
    to: period.to,
    timeZone: zone,
    meetings: inPeriod.length,
    completed,
    noShows,
    noShowRate: noShowRate(noShows, completed),
    averageRating: ratings.ratingCount === 0 ? null : roundTo(ratings.ratingTotal / ratings.ratingCount, 1),
    utilisation: utilisationOf(deps, source, start, pastEnd, inPeriod),
    busiestWeekday: busiest(weekdays),
    busiestHour: busiest(hoursOf),
    weeks,
  };
}

/** The key with the highest count (the smallest of a tie), null for none. */
function busiest(counts: Map<number, number>): number | null {
  let best: number | null = null;
  for (const [key, n] of counts) if (best === null || n > counts.get(best)! || (n === counts.get(best)! && key < best)) best = key;
  return best;
}

/**
 * Of the slots the doctor's hours (today's) gave from `start` until `until` (the period's past),
 * the share that were booked: booked / (booked + still free); null without hours or slots.
 */
function utilisationOf(deps: Deps, source: SlotSource | undefined, start: Date, until: Date, meetings: { start: Date | null }[]): number | null {
  if (source?.availability === undefined || until.getTime() <= start.getTime()) return null;
  const days = Math.ceil((until.getTime() - start.getTime()) / 86_400_000) + 1;
  const free = freeSlots(source.availability, source.busy, { now: start, days, consultMinutes: deps.config.consultMinutes, noticeMinutes: 0 }).filter(
    (s) => s.start >= start.getTime() && s.end <= until.getTime(),
  ).length;
  const booked = meetings.filter((m) => m.start!.getTime() < until.getTime()).length;
  return booked + free === 0 ? null : Math.round((booked / (booked + free)) * 10_000) / 10_000;
}
