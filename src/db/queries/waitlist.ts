/**
 * The waitlist's SQL (issue 40 item 5). What must happen once happens in a write transaction (the
 * database's only writer while it runs) and by a conditional statement: an offer ends (accepted,
 * declined, left, run out) only if it is still open, and an offer is made only to an entry still
 * open without one, so two requests, or two server processes, never both act on one offer
 * (STYLE lesson 25).
 */
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Slot } from "../../domain/appointment";
import type { Reader, Tx } from "../client";
import { atCommit } from "../at-commit";
import { doctors, waitlist, type WaitlistEnd } from "../schema";
import type { Recipient } from "./mail";

export type WaitlistRow = typeof waitlist.$inferSelect;
export type WaitlistView = WaitlistRow & { doctorName: string };

export async function insertEntry(tx: Tx, row: typeof waitlist.$inferInsert): Promise<WaitlistRow> {
  return (await tx.insert(waitlist).values(row).returning())[0]!;
}

/** The patient's open entries, the oldest first, with their doctors' names. */
export async function ownEntries(r: Reader, patientId: string): Promise<WaitlistView[]> {
  const rows = await r
    .select({ entry: waitlist, doctorName: doctors.name })
    .from(waitlist)
    .innerJoin(doctors, eq(doctors.id, waitlist.doctorId))
    .where(and(eq(waitlist.patientId, patientId), isNull(waitlist.endedAt)))
    .orderBy(asc(waitlist.createdAt), sql`waitlist.rowid`);
  return rows.map((r) => ({ ...r.entry, doctorName: r.doctorName }));
}

/**
 * Ends the patient's open entry `id` for `why`, only if it is still open (and, with `offered`,
 * only while its offer holds at `now`): the row as it was, or undefined when nothing matched.
 */
export async function endEntry(tx: Tx, id: string, patientId: string, now: Date, why: WaitlistEnd, offered = false): Promise<WaitlistRow | undefined> {
  const conditions = [eq(waitlist.id, id), eq(waitlist.patientId, patientId), isNull(waitlist.endedAt)];
  if (offered) conditions.push(gt(waitlist.offerExpiresAt, now));
  const [row] = await tx.update(waitlist).set({ endedAt: now, endedWhy: why }).where(and(...conditions)).returning();
  return row;
}

/** Whether the patient has an open entry on any waitlist (issue 51: an erasure ends them only then). */
export async function hasOpenEntries(r: Reader, patientId: string): Promise<boolean> {
  const row = await r.select({ id: waitlist.id }).from(waitlist).where(and(eq(waitlist.patientId, patientId), isNull(waitlist.endedAt))).limit(1).get();
  return row !== undefined;
}

/**
 * Ends every open entry of the patient's (issue 51: their erasure), at once: the ended rows, so
 * that each time one was offered goes to the next patient waiting.
 */
export function endEntriesOf(tx: Tx, patientId: string, now: Date): Promise<WaitlistRow[]> {
  return tx.update(waitlist).set({ endedAt: now, endedWhy: "left" }).where(and(eq(waitlist.patientId, patientId), isNull(waitlist.endedAt))).returning();
}

/** The entry next in line for a time: its id, its patient as a mail's recipient, and the doctor's name. */
export type NextInLine = { id: string; patient: Recipient; doctorName: string };

type NextRow = { id: string; patient_id: string; name: string; email: string; time_zone: string | null; language: string | null; phone_verified_at: number | null; doctor_name: string };

/**
 * The doctor's first open entry (by when it joined; of two joined in one millisecond, the one
 * inserted first: the rowid) that has no offer, waits at least until
 * `start` (its `ends_by` after it), is not in `skip`, and whose patient has no open appointment
 * of their own with the doctor (open-appointments.ts's per-person rule: a family member's does not
 * count); read inside the write transaction that then offers it the time (makeOffer).
 */
export async function nextInLine(tx: Tx, doctorId: string, start: Date, now: Date, skip: readonly string[] = []): Promise<NextInLine | undefined> {
  const skipped = skip.length === 0 ? sql`` : sql` and w.id not in (${sql.join(skip.map((id) => sql`${id}`), sql`, `)})`;
  const [row] = await tx.all<NextRow>(sql`
    select w.id, w.patient_id, p.name, p.email, p.time_zone, p.language, p.phone_verified_at, d.name as doctor_name
    from waitlist w join patients p on p.id = w.patient_id join doctors d on d.id = w.doctor_id
    where w.doctor_id = ${doctorId} and w.ended_at is null and w.offer_start is null and w.ends_by > ${start.getTime()}${skipped}
      and not exists (
        select 1 from appointments a where a.patient_id = w.patient_id and a.doctor_id = w.doctor_id and a.for_member_id is null
          and (a.status = 'pending' or (a.status = 'confirmed' and a.ends_at > ${now.getTime()}))
      )
    order by w.created_at, w.rowid limit 1`);
  if (row === undefined) return undefined;
  const patient: Recipient = { role: "patient", id: row.patient_id, name: row.name, email: row.email, timeZone: row.time_zone, language: row.language, phoneVerifiedAt: row.phone_verified_at === null ? null : new Date(row.phone_verified_at) };
  return { id: row.id, patient, doctorName: row.doctor_name };
}

/**
 * Offers `slot` to entry `id` until `expiresAt`, sent with the transaction's COMMIT (no round trip
 * of its own): the transaction that read the entry next in line (nextInLine) is the database's
 * only writer until then, so nothing can take the entry or the time in between.
 */
export function makeOffer(tx: Tx, id: string, slot: Slot, expiresAt: Date, now: Date): void {
  atCommit(
    tx,
    tx
      .update(waitlist)
      .set({ offerStart: slot.start, offerEnd: slot.end, offerExpiresAt: expiresAt, offeredAt: now })
      .where(and(eq(waitlist.id, id), isNull(waitlist.endedAt), isNull(waitlist.offerStart))),
  );
}

/** Whether any open entry's offer has run out by `now` (a read that spares the expiry job a write). */
export async function anyOfferRunOut(r: Reader, now: Date): Promise<boolean> {
  const row = await r.select({ id: waitlist.id }).from(waitlist).where(and(isNull(waitlist.endedAt), lte(waitlist.offerExpiresAt, now))).limit(1).get();
  return row !== undefined;
}

/** Ends every entry whose offer ran out by `now` (once: the rows are claimed by this update) and gives back the slots they held. */
export async function endRunOutOffers(tx: Tx, now: Date): Promise<{ doctorId: string; slot: Slot }[]> {
  const rows = await tx
    .update(waitlist)
    .set({ endedAt: now, endedWhy: "expired" })
    .where(and(isNull(waitlist.endedAt), lte(waitlist.offerExpiresAt, now)))
    .returning({ doctorId: waitlist.doctorId, start: waitlist.offerStart, end: waitlist.offerEnd });
  return rows.map((r) => ({ doctorId: r.doctorId, slot: { start: r.start!, end: r.end! } }));
}

/** Takes back an open offer of the doctor's slot starting at `start` (the doctor undid the change that freed it): the entry waits again. */
export function withdrawOffer(tx: Tx, doctorId: string, start: Date) {
  return tx
    .update(waitlist)
    // offered_at stays: without offer_start the entry counts no offer (src/domain/stats.ts), and the row says when the one taken back was made.
    .set({ offerStart: null, offerEnd: null, offerExpiresAt: null })
    .where(and(eq(waitlist.doctorId, doctorId), isNull(waitlist.endedAt), eq(waitlist.offerStart, start)))
    .returning({ doctorId: waitlist.doctorId, offerStart: waitlist.offerStart, offeredAt: waitlist.offeredAt, endedAt: waitlist.endedAt, endedWhy: waitlist.endedWhy })
    .all();
}
