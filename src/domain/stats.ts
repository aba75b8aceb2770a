/**
 * Issue 58's numbers, the pure part: which events a row stands for (its contributions to the
 * per-day totals), the difference a change makes, and the rules of a period (YYYY-MM-DD days,
 * inclusive, at most 366). The same contributions keep the totals in each change's transaction
 * and rebuild them from the rows (`bun run stats:rebuild`), so the two agree by construction.
 */
import { addDays, dateInZone } from "./time";

export const METRICS = [
  "requested",
  "instant",
  "scheduled",
  "meetings",
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
export type Metric = (typeof METRICS)[number];

/** One count: `n` of `metric` on `day` (in the totals' zone), for doctor `doctorId` ('' when none: signups, mails). */
export type Contribution = { day: string; doctorId: string; metric: Metric; n: number };

/** The columns of an appointment the totals read. */
export type CountedAppointment = {
  doctorId: string;
  status: "pending" | "confirmed" | "cancelled" | string;
  createdAt: Date;
  scheduledAt: Date | null;
  confirmedAt: Date | null;
  cancelledBy: "patient" | "doctor" | "admin" | null;
  cancelledAt: Date | null;
  attended: boolean | null;
  bookedInstantly: boolean;
};

const CANCELLED_BY = { patient: "cancelledByPatient", doctor: "cancelledByDoctor", admin: "cancelledByAdmin" } as const;

/**
 * What an appointment row counts, as it is now: its request or instant booking on the day it was
 * made, the doctor's confirmation on the day it was done, a confirmed meeting (and a no-show) on
 * the meeting's day, a cancel on the day it was done, by whom.
 */
export function appointmentCounts(row: CountedAppointment | undefined, zone: string): Contribution[] {
  if (row === undefined) return [];
  const out: Contribution[] = [];
  const add = (at: Date, metric: Metric) => out.push({ day: dateInZone(at, zone), doctorId: row.doctorId, metric, n: 1 });
  add(row.createdAt, row.bookedInstantly ? "instant" : "requested");
  if (row.confirmedAt !== null && !row.bookedInstantly) add(row.confirmedAt, "scheduled");
  if (row.status === "confirmed" && row.scheduledAt !== null) {
    add(row.scheduledAt, "meetings");
    if (row.attended === false) add(row.scheduledAt, "noShows");
  }
  if (row.status === "cancelled" && row.cancelledAt !== null) add(row.cancelledAt, CANCELLED_BY[row.cancelledBy ?? "patient"]);
  return out;
}

/** A waitlist entry's counts: its offer (not taken back) on the day it was made, its acceptance on the day it ended. */
export function waitlistCounts(
  row: { doctorId: string; offerStart: Date | null; offeredAt: Date | null; endedAt: Date | null; endedWhy: string | null } | undefined,
  zone: string,
): Contribution[] {
  if (row === undefined) return [];
  const out: Contribution[] = [];
  if (row.offeredAt !== null && row.offerStart !== null) out.push({ day: dateInZone(row.offeredAt, zone), doctorId: row.doctorId, metric: "offersMade", n: 1 });
  if (row.endedWhy === "accepted" && row.endedAt !== null) out.push({ day: dateInZone(row.endedAt, zone), doctorId: row.doctorId, metric: "offersAccepted", n: 1 });
  return out;
}

/** A mail's count: sent on the day it went, failed on the day the sender gave it up. */
export function mailCounts(row: { state: string; sentAt: Date | null; givenUpAt: Date | null }, zone: string): Contribution[] {
  if (row.state === "sent" && row.sentAt !== null) return [{ day: dateInZone(row.sentAt, zone), doctorId: "", metric: "mailsSent", n: 1 }];
  if (row.state === "given_up" && row.givenUpAt !== null) return [{ day: dateInZone(row.givenUpAt, zone), doctorId: "", metric: "mailsFailed", n: 1 }];
  return [];
}

/** A new account's count, on the day it signed up (patients and doctors; counted for everyone only). */
export const signupCount = (role: "patient" | "doctor", createdAt: Date, zone: string): Contribution => ({
  day: dateInZone(createdAt, zone),
  doctorId: "",
  metric: role === "patient" ? "newPatients" : "newDoctors",
  n: 1,
});

/** The counts also kept by specialization (the doctor's, when it happened), under `spec:<specialization>`, so the by-specialization table reads a few rows a day. */
export const SPEC_METRICS: readonly Metric[] = ["requested", "instant", "scheduled"];
export const SPEC_PREFIX = "spec:";
/** Whether a total is a specialization's (not a doctor's or everyone's). */
export const isSpecKey = (doctorId: string) => doctorId.startsWith(SPEC_PREFIX);

const keyOf = (c: Contribution) => `${c.doctorId}\u0000${c.day}\u0000${c.metric}`;

/**
 * Sums contributions by doctor, day and metric, and adds everyone's row ('') for each doctor's
 * count; zero sums are left out. A change's difference is `combine([...after, ...negate(before)])`.
 */
export function combine(list: readonly Contribution[]): Contribution[] {
  const sums = new Map<string, Contribution>();
  const put = (c: Contribution) => {
    const key = keyOf(c);
    const kept = sums.get(key);
    if (kept === undefined) sums.set(key, { ...c });
    else kept.n += c.n;
  };
  for (const c of list) {
    put(c);
    if (c.doctorId !== "" && !isSpecKey(c.doctorId)) put({ ...c, doctorId: "" });
  }
  return [...sums.values()].filter((c) => c.n !== 0);
}

export const negate = (list: readonly Contribution[]): Contribution[] => list.map((c) => ({ ...c, n: -c.n }));

/** What a change of one row does to the totals: its counts after, less its counts before. */
export const difference = (before: readonly Contribution[], after: readonly Contribution[]): Contribution[] => combine([...after, ...negate(before)]);

/** The longest period asked for, in days. */
export const MAX_DAYS = 366;
/** The period when none is asked for: this many days ending today. */
export const DEFAULT_DAYS = 30;

export const RANGE_MESSAGES = {
  format: "from and to must be dates as YYYY-MM-DD",
  reversed: "from must not be after to",
  tooLong: `The period must be at most ${MAX_DAYS} days`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar date written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A period asked for: the days, or why not (a 400's message). Missing ends default to the last 30 days ending `today`. */
export function periodOf(query: { from?: string; to?: string }, today: string): { from: string; to: string } | { refused: string } {
  const to = query.to ?? (query.from !== undefined && isDay(query.from) ? minDay(addDays(query.from, DEFAULT_DAYS - 1), today) : today);
  const from = query.from ?? (isDay(to) ? addDays(to, -(DEFAULT_DAYS - 1)) : to);
  if (!isDay(from) || !isDay(to)) return { refused: RANGE_MESSAGES.format };
  if (from > to) return { refused: RANGE_MESSAGES.reversed };
  if (daysOf(from, to).length > MAX_DAYS) return { refused: RANGE_MESSAGES.tooLong };
  return { from, to };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** The median of some numbers (the mean of the middle two for an even count), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** No-shows over the meetings held (completed and no-shows), 0 to 1, rounded to 4 places; null with none held. */
export function noShowRate(noShows: number, completed: number): number | null {
  const held = noShows + completed;
  return held === 0 ? null : Math.round((noShows / held) * 10_000) / 10_000;
}

/** The counts the numbers give, each for the period and for each day (the JSON's and the CSV's columns, in this order). */
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

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A table as CSV: UTF-8's byte order mark (spreadsheet apps then read Hindi), one header row, CRLF line ends. */
export function csvOf(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

/** The by-day table as CSV: `date` (ISO) and every count. */
export const byDayCsv = (rows: readonly ({ date: string } & Record<Count, number>)[]) => csvOf(["date", ...COUNTS], rows.map((r) => [r.date, ...COUNTS.map((c) => r[c])]));

/** The by-specialization table as CSV; `label` names each in the reader's language (the JSON's own name for the API). */
export const bySpecializationCsv = (
  rows: readonly { specialization: string; requested: number; booked: number; medianDaysToFirstFree: number | null }[],
  label: (specialization: string) => string = (s) => s,
) =>
  csvOf(
    ["specialization", "label", "requested", "booked", "medianDaysToFirstFree"],
    rows.map((r) => [r.specialization, label(r.specialization), r.requested, r.booked, r.medianDaysToFirstFree]),
  );
