/**
 * Issue 56 item 4: the patients' reports on appointments. The only SQL behind them.
 */
import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { appointments, documents } from "../schema";

export type DocumentRow = typeof documents.$inferSelect;

/** An appointment's reports, oldest first. */
export function documentsOf(r: Reader, appointmentId: string): Promise<DocumentRow[]> {
  return r.select().from(documents).where(eq(documents.appointmentId, appointmentId)).orderBy(asc(documents.uploadedAt), asc(documents.id)).all();
}

/** One report of an appointment, or undefined. */
export function documentOf(r: Reader, appointmentId: string, id: string): Promise<DocumentRow | undefined> {
  return r.select().from(documents).where(and(eq(documents.appointmentId, appointmentId), eq(documents.id, id))).get();
}

export async function countDocuments(r: Reader, appointmentId: string): Promise<number> {
  const row = await r.select({ n: count() }).from(documents).where(eq(documents.appointmentId, appointmentId)).get();
  return row?.n ?? 0;
}

/** How many reports each of these appointments holds (the doctor's cards); absent means none. */
export async function documentCounts(r: Reader, appointmentIds: string[]): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await r
    .select({ appointmentId: documents.appointmentId, n: count() })
    .from(documents)
    .where(inArray(documents.appointmentId, appointmentIds))
    .groupBy(documents.appointmentId)
    .all();
  return new Map(rows.map((row) => [row.appointmentId, row.n]));
}

/** How many reports each of the doctor's appointments starting in [from, to) holds (the day page); absent means none. */
export function dayDocumentCounts(r: Reader, doctorId: string, from: Date, to: Date): Promise<{ appointmentId: string; n: number }[]> {
  return r
    .select({ appointmentId: documents.appointmentId, n: count() })
    .from(documents)
    .innerJoin(appointments, eq(appointments.id, documents.appointmentId))
    .where(and(eq(documents.doctorId, doctorId), gte(appointments.scheduledAt, from), lt(appointments.scheduledAt, to)))
    .groupBy(documents.appointmentId)
    .all();
}

/**
 * Inserts the report unless its appointment holds `max` already: one statement, so two uploads at
 * once cannot both take the last place. False when there was no room.
 */
export async function insertDocumentIfRoom(tx: Tx, row: DocumentRow, max: number): Promise<boolean> {
  const result = await tx.run(sql`
    insert into ${documents} (id, appointment_id, patient_id, doctor_id, title, type, bytes, stored_name, uploaded_at)
    select ${row.id}, ${row.appointmentId}, ${row.patientId}, ${row.doctorId}, ${row.title}, ${row.type}, ${row.bytes}, ${row.storedName}, ${row.uploadedAt.getTime()}
    where (select count(*) from ${documents} where appointment_id = ${row.appointmentId}) < ${max}`);
  return result.rowsAffected === 1;
}

export async function deleteDocument(tx: Tx, id: string): Promise<void> {
  await tx.delete(documents).where(eq(documents.id, id));
}

/** A patient's reports (the export lists them; erasure deletes them and their files). */
export function patientDocuments(r: Reader, patientId: string): Promise<DocumentRow[]> {
  return r.select().from(documents).where(eq(documents.patientId, patientId)).orderBy(asc(documents.uploadedAt)).all();
}

export async function deletePatientDocuments(tx: Tx, patientId: string): Promise<void> {
  await tx.delete(documents).where(eq(documents.patientId, patientId));
}

/** The titles of a doctor's reports, for their appointments' cards (never the stored names). */
export function doctorDocumentTitles(r: Reader, doctorId: string): Promise<Pick<DocumentRow, "id" | "appointmentId" | "title">[]> {
  return r
    .select({ id: documents.id, appointmentId: documents.appointmentId, title: documents.title })
    .from(documents)
    .where(eq(documents.doctorId, doctorId))
    .orderBy(asc(documents.uploadedAt), asc(documents.id))
    .all();
}
