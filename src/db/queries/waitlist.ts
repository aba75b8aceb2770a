/**
 * The waitlist's SQL (issue 40 item 5). Each change that must happen once is one conditional
 * statement: an offer goes to the first open entry that can take it (an UPDATE of the row its
 * subquery picks), and an offer ends (accepted, declined, run out) only if it is still open, so
 * two requests, or two server processes, can never both act on one offer (STYLE lesson 25).
 */
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Slot } from "../../domain/appointment";
import type { Reader, Tx } from "../client";
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
    .orderBy(asc(waitlist.createdAt));
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

/** Whether an open entry of the doctor without an offer waits past `start` (an offer of that slot would find one, but for a patient's open appointment). */
export async function hasWaiting(r: Reader, doctorId: string, start: Date): Promise<boolean> {
  const row = await r
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(and(eq(waitlist.doctorId, doctorId), isNull(waitlist.endedAt), isNull(waitlist.offerStart), gt(waitlist.endsBy, start)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** An offer just made: the entry, its patient as a mail's recipient, and the doctor's name. */
export type Offered = { id: string; patient: Recipient; doctorName: string };

type OfferedRow = { id: string; patient_id: string; name: string; email: string; time_zone: string | null; language: string | null; doctor_name: string };

/**
 * Offers `slot` until `expiresAt` to the doctor's first open entry (by when it joined) that has
 * no offer yet, waits at least until the slot's start (`ends_by` after it), and whose patient has
 * no open appointment with the doctor: one statement, which also returns whom to mail.
 */
export async function offerToNext(tx: Tx, doctorId: string, slot: Slot, expiresAt: Date, now: Date): Promise<Offered | undefined> {
  const [row] = await tx.all<OfferedRow>(sql`
    update waitlist set offer_start = ${slot.start.getTime()}, offer_end = ${slot.end.getTime()}, offer_expires_at = ${expiresAt.getTime()}
    where id = (
      select w.id from waitlist w
      where w.doctor_id = ${doctorId} and w.ended_at is null and w.offer_start is null and w.ends_by > ${slot.start.getTime()}
        and not exists (
          select 1 from appointments a where a.patient_id = w.patient_id and a.doctor_id = w.doctor_id
            and (a.status = 'pending' or (a.status = 'confirmed' and a.ends_at > ${now.getTime()}))
        )
      order by w.created_at, w.id limit 1
    )
    returning id, patient_id,
      (select p.name from patients p where p.id = patient_id) as name,
      (select p.email from patients p where p.id = patient_id) as email,
      (select p.time_zone from patients p where p.id = patient_id) as time_zone,
      (select p.language from patients p where p.id = patient_id) as language,
      (select d.name from doctors d where d.id = doctor_id) as doctor_name`);
  if (row === undefined) return undefined;
  const patient: Recipient = { role: "patient", id: row.patient_id, name: row.name, email: row.email, timeZone: row.time_zone, language: row.language };
  return { id: row.id, patient, doctorName: row.doctor_name };
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
export async function withdrawOffer(tx: Tx, doctorId: string, start: Date): Promise<void> {
  await tx
    .update(waitlist)
    .set({ offerStart: null, offerEnd: null, offerExpiresAt: null })
    .where(and(eq(waitlist.doctorId, doctorId), isNull(waitlist.endedAt), eq(waitlist.offerStart, start)));
}
