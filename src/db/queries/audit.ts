/** The audit trail: append an event, read a subject's history. */
import { and, asc, eq, getTableColumns, inArray, type SQLWrapper } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { auditEvents } from "../schema";
import { keptList } from "./kept-list";
import { atCommit } from "../at-commit";

export type AuditEvent = Omit<typeof auditEvents.$inferInsert, "id">;
export type AuditRow = typeof auditEvents.$inferSelect;

/**
 * Records one event; call it inside the transaction that makes the change. The row is sent with
 * the COMMIT (src/db/at-commit.ts): a read in the same transaction does not see it.
 */
export function recordAudit(tx: Tx, event: AuditEvent): void {
  atCommit(tx, tx.insert(auditEvents).values(event));
}

/** Every doctor's status history (or only those of `doctorIds`, a list or a subquery), oldest first, grouped by doctor id (one query). */
export async function doctorStatusHistories(r: Reader, doctorIds?: string[] | SQLWrapper): Promise<Map<string, AuditRow[]>> {
  const rows =
    doctorIds === undefined
      ? await doctorEvents(r)
      : await r
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.subject, "doctor"), inArray(auditEvents.subjectId, doctorIds)))
          .orderBy(asc(auditEvents.subjectId), asc(auditEvents.at), asc(auditEvents.id))
          .all();
  const histories = new Map<string, AuditRow[]>();
  for (const row of rows) {
    const list = histories.get(row.subjectId) ?? [];
    list.push(row);
    histories.set(row.subjectId, list);
  }
  return histories;
}

const doctorEvents = keptList(getTableColumns(auditEvents), (r) =>
  r.select().from(auditEvents).where(eq(auditEvents.subject, "doctor")).orderBy(asc(auditEvents.subjectId), asc(auditEvents.at), asc(auditEvents.id)),
);

/** One subject's history, oldest first. */
export function historyOf(r: Reader, subject: AuditRow["subject"], subjectId: string): Promise<AuditRow[]> {
  return r
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subject, subject), eq(auditEvents.subjectId, subjectId)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id))
    .all();
}
