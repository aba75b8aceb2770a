/**
 * Issue 56's records: the visit note and prescription of an appointment, its draft and its issued
 * versions, the year's numbers, and the patient's issued records. The only SQL behind them.
 */
import { and, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { atCommit } from "../at-commit";
import { appointments, doctors, familyMembers, patients, places, recordNumbers, records } from "../schema";

export type RecordRow = typeof records.$inferSelect;

/** Every version of an appointment's record, oldest first (its index). */
export function recordsOf(r: Reader, appointmentId: string): Promise<RecordRow[]> {
  return r.select().from(records).where(eq(records.appointmentId, appointmentId)).orderBy(records.createdAt, records.id).all();
}

export async function insertRecord(tx: Tx, row: typeof records.$inferInsert): Promise<RecordRow> {
  return (await tx.insert(records).values(row).returning().get())!;
}

/** Changes the draft `id` (only while it is one). */
export async function updateDraft(tx: Tx, id: string, fields: Pick<RecordRow, "note" | "medicines" | "followUp" | "updatedAt">): Promise<RecordRow | undefined> {
  return tx.update(records).set(fields).where(and(eq(records.id, id), isNull(records.number))).returning().get();
}

/** Issues the draft `id`: its number, time and snapshot (only while it is a draft). */
export async function issueDraft(tx: Tx, id: string, fields: Pick<RecordRow, "number" | "issuedAt" | "snapshot" | "updatedAt">): Promise<RecordRow | undefined> {
  return tx.update(records).set(fields).where(and(eq(records.id, id), isNull(records.number))).returning().get();
}

/** Marks an issued record as replaced by the amendment numbered `number`, sent with the COMMIT. */
export function markReplaced(tx: Tx, id: string, number: string): void {
  atCommit(tx, tx.update(records).set({ replacedByNumber: number }).where(and(eq(records.id, id), isNotNull(records.number))));
}

/** Inserts a record with the COMMIT (the amendment: nothing in its transaction reads it back). */
export function insertRecordAtCommit(tx: Tx, row: typeof records.$inferInsert): void {
  atCommit(tx, tx.insert(records).values(row));
}

/**
 * The next number of `year`, in the issuing transaction: the counter's row is written (and so
 * locked) by it, so two issues never take one number, and a transaction that rolls back gives
 * its number back (no gaps).
 */
export async function nextNumber(tx: Tx, year: number): Promise<number> {
  const row = await tx
    .insert(recordNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: recordNumbers.year, set: { last: sql`${recordNumbers.last} + 1` } })
    .returning({ last: recordNumbers.last })
    .get();
  return row!.last;
}

/** What the issue's snapshot reads: the doctor's name and registration, the patient's and the member's age and sex. */
export async function snapshotSources(r: Reader, appointmentId: string) {
  return r
    .select({
      doctorName: doctors.name,
      specialization: doctors.specialization,
      collegeName: doctors.collegeName,
      registrationNumber: doctors.registrationNumber,
      registrationCouncil: doctors.registrationCouncil,
      pendingRegistrationNumber: doctors.pendingRegistrationNumber,
      pendingRegistrationCouncil: doctors.pendingRegistrationCouncil,
      registrationReason: doctors.registrationReason,
      patientName: patients.name,
      dateOfBirth: patients.dateOfBirth,
      sex: patients.sex,
      forName: appointments.forName,
      forRelation: appointments.forRelation,
      forAge: appointments.forAge,
      memberBirth: familyMembers.dateOfBirth,
      memberSex: familyMembers.sex,
      // Where the visit was (issue 54): a clinic's name and address, or none for a video call.
      visitType: appointments.visitType,
      placeName: places.name,
      placeAddress: places.address,
      placeLocality: places.locality,
      placeCity: places.city,
      placePinCode: places.pinCode,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(familyMembers, eq(familyMembers.id, appointments.forMemberId))
    .leftJoin(places, eq(places.id, appointments.placeId))
    .where(eq(appointments.id, appointmentId))
    .get();
}

/** The patient's issued records, newest first (their index); `id` given, that one only. */
export function patientRecords(r: Reader, patientId: string, id?: string): Promise<RecordRow[]> {
  return r
    .select()
    .from(records)
    .where(and(eq(records.patientId, patientId), isNotNull(records.number), id === undefined ? undefined : eq(records.id, id)))
    .orderBy(desc(records.issuedAt), desc(records.id))
    .all();
}

/** Deletes every record of a visit that started before `before` (RECORD_KEEP_DAYS); how many went. */
export async function pruneRecords(tx: Tx, before: Date): Promise<number> {
  const gone = await tx.delete(records).where(lt(records.visitAt, before)).returning({ id: records.id }).all();
  return gone.length;
}
