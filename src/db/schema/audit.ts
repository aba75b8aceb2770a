import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AppointmentBefore } from "../../domain/undo";

/**
 * The audit trail: every admin status change and every appointment transition, with who, what,
 * when and why. Written in the same transaction as the change it records, never updated.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorRole: text("actor_role").$type<"patient" | "doctor" | "admin">().notNull(),
    actorId: text("actor_id").notNull(),
    subject: text("subject").$type<"doctor" | "appointment" | "account">().notNull(),
    subjectId: text("subject_id").notNull(),
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    // A doctor's undoable change (schedule, cancel, reschedule; issue 39): the appointment as it
    // was before, which an undo within the window puts back.
    previous: text("previous", { mode: "json" }).$type<AppointmentBefore>(),
  },
  // a subject's history in order; the admin table reads every doctor's at once; an account's
  // changes of the last day (issue 51: 20 a day); the oldest first, for the prune past AUDIT_KEEP_DAYS (issue 57)
  (t) => [
    index("audit_events_subject_at").on(t.subject, t.subjectId, t.at),
    index("audit_events_actor_at").on(t.actorId, t.at),
    index("audit_events_at").on(t.at),
  ],
);
