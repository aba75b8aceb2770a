/**
 * Issue 58's reads: the admin's numbers for a period (every count, by day and by specialization)
 * and a doctor's own. Counts come from the per-day totals (./stats.ts) when the reader's zone is
 * the totals' zone, else from the rows counted in the reader's zone (exact, slower: rare); the
 * median wait, the meetings not over yet and who waits for the admin are one short statement each.
 */
import type { Deps } from "../config/deps";
import { together } from "../db/together";
import { notOverYet, specializations, totalsBySpecialization, totalsOf, totalsZone, waitHours, waitingNow } from "../db/queries/stats";
import { addDays, daysOf, median, noShowRate, type Contribution } from "../domain/stats";
import { dateInZone, zonedInstant } from "../domain/time";
import { DIRECTORY_DAYS } from "../domain/directory";
import { directoryDoctors } from "./directory";
import { totalsFromRows, totalsZoneOf } from "./stats";

/** The counts the numbers give, each for the period and for each day. */
export const COUNTS = [
  "requested",
  "instant",
  "scheduled",
  "completed",
  "noShows",
  "cancelledByPatient",
  "cancelledByDoctor",
  "cancelledByAdmin",
  "offersMade",
  "offersAccepted",
  "newPatients",
  "newDoctors",
  "mailsSent",
  "mailsFailed",
] as const;
export type Count = (typeof COUNTS)[number];
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
const startOf = (day: string, zone: string) => zonedInstant(day, "00:00", zone)!;

/** Whether the kept totals are in `zone` (never built yet counts as the deployment's: a new database keeps them from its first change). */
async function keptIn(deps: Deps, zone: string): Promise<boolean> {
  if (zone !== totalsZoneOf(deps)) return false;
  const built = await totalsZone(deps.database.db);
  return built === undefined || built === zone;
}

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
  const kept = await keptIn(deps, zone);
  const [dayTotals, specTotals, notOver, hours, waiting, listed] = await together(() =>
    Promise.all([
      kept ? totalsOf(r, "", period.from, period.to) : Promise.resolve(undefined),
      kept ? totalsBySpecialization(r, period.from, period.to) : Promise.resolve(undefined),
      notOverYet(r, now, end),
      waitHours(r, start, end),
      waitingNow(r),
      directoryDoctors(deps, {}),
    ]),
  );
  let everyone: DayTotal[];
  let bySpec: { specialization: string; metric: string; n: number }[];
  if (dayTotals !== undefined && specTotals !== undefined) {
    everyone = dayTotals;
    bySpec = specTotals;
  } else {
    ({ everyone, bySpec } = await fromRows(deps, zone, period));
  }
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

/** The period's totals counted from the rows in `zone`: everyone's by day, and by specialization. */
async function fromRows(deps: Deps, zone: string, period: Period) {
  const [list, specs] = await Promise.all([totalsFromRows(deps.database.db, zone), specializations(deps.database.db)]);
  const inPeriod = (c: Contribution) => c.day >= period.from && c.day <= period.to;
  const everyone = list.filter((c) => c.doctorId === "" && inPeriod(c));
  const sums = new Map<string, { specialization: string; metric: string; n: number }>();
  for (const c of list) {
    if (c.doctorId === "" || !inPeriod(c) || !["requested", "instant", "scheduled"].includes(c.metric)) continue;
    const specialization = specs.get(c.doctorId) ?? "";
    const key = `${specialization} ${c.metric}`;
    const kept = sums.get(key) ?? { specialization, metric: c.metric, n: 0 };
    kept.n += c.n;
    sums.set(key, kept);
  }
  return { everyone, bySpec: [...sums.values()] };
}

/**
 * By specialization: requests (instant bookings included) and bookings (the doctors'
 * confirmations and instant bookings) of the period, and today's median over the listed doctors
 * with hours of the days to their next free slot (a doctor with none within the directory's 14
 * days counts 15); slowest first.
 */
function specializationRows(
  totals: { specialization: string; metric: string; n: number }[],
  listed: { specialization: string; hours: unknown; next: { start: number } | undefined }[],
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
  for (const d of listed) {
    if (d.hours === undefined || d.hours === null) continue;
    const days = d.next === undefined ? DIRECTORY_DAYS + 1 : Math.round((Date.parse(`${dateInZone(d.next.start, zone)}T00:00:00Z`) - today) / 86_400_000);
    rowOf(d.specialization).waits.push(days);
  }
  const out = [...rows.entries()].map(([specialization, row]) => ({ specialization, requested: row.requested, booked: row.booked, medianDaysToFirstFree: median(row.waits) }));
  return out.sort((a, b) => (b.medianDaysToFirstFree ?? -1) - (a.medianDaysToFirstFree ?? -1) || a.specialization.localeCompare(b.specialization));
}
