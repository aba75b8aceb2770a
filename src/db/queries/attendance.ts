/** Issue 40's attendance: the doctor's mark, and a patient's missed meetings (the no-show rule). */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { appointments } from "../schema";
import { countedColumns, type CountedRow } from "./appointments";

/** The doctor's mark of attendance (issue 40): true attended, false missed. */
export async function setAttendance(tx: Tx, id: string, attended: boolean): Promise<CountedRow> {
  return (await tx.update(appointments).set({ attended }).where(eq(appointments.id, id)).returning(countedColumns).get())!;
}

/** How many of the patient's meetings since `since` the doctors marked as missed (on the patient's (status, scheduled_at) index). */
export async function countNoShows(r: Reader, patientId: string, since: Date): Promise<number> {
  const row = await r
    .select({ n: sql<number>`count(*)` })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.status, "confirmed"), gte(appointments.scheduledAt, since), eq(appointments.attended, false)))
    .get();
  return row?.n ?? 0;
}
