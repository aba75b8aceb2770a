/**
 * Issue 56 item 4: the patients' reports on appointments. The only SQL behind them.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { documents } from "../schema";

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

export async function insertDocument(tx: Tx, row: DocumentRow): Promise<void> {
  await tx.insert(documents).values(row);
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
