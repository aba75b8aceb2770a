/**
 * Issue 58's totals worked out from the rows in this process, row by row, by src/domain/stats.ts's
 * own rules (what each change keeps): what tests hold the kept totals, the SQL rebuild
 * (rebuildTotalsInZone) and the counts for another zone (countsInZone) to. Every row comes into
 * memory, so it is for test-sized databases only (at 100x it grew past 15 GB).
 */
import { eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Reader } from "../../src/db/client";
import { countedColumns } from "../../src/db/queries/appointments";
import { appointments, doctors, mailOutbox, patients, waitlist } from "../../src/db/schema";
import { appointmentCounts, combine, mailCounts, signupCount, SPEC_METRICS, SPEC_PREFIX, waitlistCounts, type Contribution } from "../../src/domain/stats";

/** Totals in one order (doctor, day, metric), to compare two lists of them. */
export const sortedTotals = <T extends { doctorId: string; day: string; metric: string }>(list: T[]): T[] =>
  [...list].sort((x, y) => x.doctorId.localeCompare(y.doctorId) || x.day.localeCompare(y.day) || x.metric.localeCompare(y.metric));

/** Every total the rows stand for, with days in `zone`, combined (everyone's rows included). */
export async function totalsFromRows(r: Reader, zone: string): Promise<Contribution[]> {
  const [appointmentRows, waitlistRows, mailRows, patientRows, doctorRows] = await Promise.all([
    r.select(countedColumns).from(appointments).all(),
    r
      .select({ doctorId: waitlist.doctorId, offerStart: waitlist.offerStart, offeredAt: waitlist.offeredAt, endedAt: waitlist.endedAt, endedWhy: waitlist.endedWhy })
      .from(waitlist)
      .where(or(isNotNull(waitlist.offerStart), eq(waitlist.endedWhy, "accepted")))
      .all(),
    r.select({ state: mailOutbox.state, sentAt: mailOutbox.sentAt, givenUpAt: mailOutbox.givenUpAt }).from(mailOutbox).where(inArray(mailOutbox.state, ["sent", "given_up"])).all(),
    r.select({ createdAt: patients.createdAt }).from(patients).all(),
    r.select({ id: doctors.id, specialization: doctors.specialization, createdAt: doctors.createdAt }).from(doctors).all(),
  ]);
  const specs = new Map(doctorRows.map((row) => [row.id, row.specialization]));
  const counted = appointmentRows.flatMap((row) => appointmentCounts(row, zone));
  // Each doctor's requests, instant bookings and confirmations also count for their specialization (today's).
  const bySpecialization = counted
    .filter((c) => SPEC_METRICS.includes(c.metric) && specs.has(c.doctorId))
    .map((c) => ({ ...c, doctorId: SPEC_PREFIX + specs.get(c.doctorId)! }));
  return combine([
    ...counted,
    ...bySpecialization,
    ...waitlistRows.flatMap((row) => waitlistCounts(row, zone)),
    ...mailRows.flatMap((row) => mailCounts(row, zone)),
    ...patientRows.map((row) => signupCount("patient", row.createdAt, zone)),
    ...doctorRows.map((row) => signupCount("doctor", row.createdAt, zone)),
  ]);
}
