/**
 * Issue 58: the per-day totals kept in each change's own transaction (one call per change, sent
 * with its COMMIT), and rebuilt from the rows. The days are in the deployment's zone
 * (DEFAULT_TIME_ZONE, docs/decisions.md "Numbers"); what a row counts is src/domain/stats.ts.
 */
import type { Deps } from "../config/deps";
import type { Reader, Tx } from "../db/client";
import type { CountedRow } from "../db/queries/appointments";
import { addTotals, countedRows, replaceTotals, specializations, totalsZone } from "../db/queries/stats";
import {
  appointmentCounts,
  combine,
  difference,
  mailCounts,
  signupCount,
  SPEC_METRICS,
  SPEC_PREFIX,
  waitlistCounts,
  type Contribution,
  type CountedAppointment,
} from "../domain/stats";

/** The zone the totals' days are in: the deployment's. */
export const totalsZoneOf = (deps: Deps) => deps.config.defaultTimeZone;

/** An appointment changed from `before` (undefined: it is new) to `after`, in `tx`. */
export function keepAppointment(tx: Tx, deps: Deps, before: CountedAppointment | undefined, after: CountedAppointment): void {
  const zone = totalsZoneOf(deps);
  addTotals(tx, difference(appointmentCounts(before, zone), appointmentCounts(after, zone)));
}

type CountedEntry = Parameters<typeof waitlistCounts>[0];

/** A waitlist entry changed (an offer made or taken back, an offer accepted), in `tx`. */
export function keepWaitlist(tx: Tx, deps: Deps, before: CountedEntry, after: CountedEntry): void {
  const zone = totalsZoneOf(deps);
  addTotals(tx, difference(waitlistCounts(before, zone), waitlistCounts(after, zone)));
}

/** A patient or doctor signed up at `at`, in `tx`. */
export function keepSignup(tx: Tx, deps: Deps, role: "patient" | "doctor", at: Date): void {
  addTotals(tx, [signupCount(role, at, totalsZoneOf(deps))]);
}

/** Every total the rows stand for, with days in `zone`, combined (everyone's rows included). */
export async function totalsFromRows(r: Reader, zone: string): Promise<Contribution[]> {
  const [rows, specs] = await Promise.all([countedRows(r), specializations(r)]);
  const appointments = rows.appointmentRows.flatMap((row) => appointmentCounts(row, zone));
  // Each doctor's requests, instant bookings and confirmations also count for their specialization (today's).
  const bySpecialization = appointments
    .filter((c) => SPEC_METRICS.includes(c.metric) && specs.has(c.doctorId))
    .map((c) => ({ ...c, doctorId: SPEC_PREFIX + specs.get(c.doctorId)! }));
  return combine([
    ...appointments,
    ...bySpecialization,
    ...rows.waitlistRows.flatMap((row) => waitlistCounts(row, zone)),
    ...rows.mailRows.flatMap((row) => mailCounts(row, zone)),
    ...rows.patientRows.map((row) => signupCount("patient", row.createdAt, zone)),
    ...rows.doctorRows.map((row) => signupCount("doctor", row.createdAt, zone)),
  ]);
}

/** `bun run stats:rebuild`: the totals made again from the rows, in the deployment's zone, in one transaction. The number of totals. */
export function rebuildTotals(deps: Deps): Promise<number> {
  const zone = totalsZoneOf(deps);
  return deps.database.write(async (tx) => {
    const list = await totalsFromRows(tx, zone);
    await replaceTotals(tx, list, zone, deps.now());
    return list.length;
  });
}

/** At start-up: totals never built, or built in another zone than DEFAULT_TIME_ZONE now, are rebuilt. */
export async function ensureTotals(deps: Deps): Promise<boolean> {
  if ((await totalsZone(deps.database.db)) === totalsZoneOf(deps)) return false;
  await rebuildTotals(deps);
  return true;
}

export type { CountedRow };
