/**
 * Issue 58: the per-day totals kept in each change's own transaction (one call per change, sent
 * with its COMMIT), and rebuilt from the rows. The days are in the deployment's zone
 * (DEFAULT_TIME_ZONE, docs/decisions.md "Numbers"); what a row counts is src/domain/stats.ts.
 */
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import type { CountedRow } from "../db/queries/appointments";
import { addTotals, markTotalsZone, totalsZone } from "../db/queries/stats";
import { rebuildTotalsInZone } from "../db/queries/stats-zone";
import { appointmentCounts, difference, signupCount, waitlistCounts, type CountedAppointment } from "../domain/stats";

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

/**
 * `bun run stats:rebuild`: the totals made again from the rows, in the deployment's zone, in one
 * transaction, by SQL inside the database (rebuildTotalsInZone). The number of totals.
 */
export function rebuildTotals(deps: Deps): Promise<number> {
  const zone = totalsZoneOf(deps);
  return deps.database.write(async (tx) => {
    const count = await rebuildTotalsInZone(tx, zone, deps.database.kind === "file");
    await markTotalsZone(tx, zone, deps.now());
    return count;
  });
}

/** At start-up: totals never built, or built in another zone than DEFAULT_TIME_ZONE now, are rebuilt. */
export async function ensureTotals(deps: Deps): Promise<boolean> {
  if ((await totalsZone(deps.database.db)) === totalsZoneOf(deps)) return false;
  await rebuildTotals(deps);
  return true;
}

export type { CountedRow };
