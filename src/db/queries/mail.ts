/** The mail outbox and the people's mail preferences (issue 25): the only SQL of src/mail. */
import { and, count, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { admins, appointments, doctors, mailOutbox, mailPreferences, patients, places } from "../schema";
import type { MailCategory, OutboxChannel, OutboxState } from "../schema/mail";
import { MAIL_ON, type MailPreferences } from "../../domain/mail-preferences";
import { atCommit } from "../at-commit";
import { DOCTOR_ZONE_SQL } from "./sessions";

export type { MailCategory, OutboxChannel, OutboxState };
export type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxInsert = typeof mailOutbox.$inferInsert;
export type MailRole = "patient" | "doctor" | "admin";

/** The states a row can still be sent from. */
const OPEN: OutboxState[] = ["waiting", "failing"];

/** Rows per INSERT: well under SQLite's limit of bound values per statement (16 a row). */
const ROWS_PER_INSERT = 500;

/** The statements (built, not run) that write `rows` into the outbox: one per 500 rows. */
export function outboxInserts(tx: Tx, rows: OutboxInsert | OutboxInsert[]) {
  const list = Array.isArray(rows) ? rows : [rows];
  const inserts = [];
  for (let i = 0; i < list.length; i += ROWS_PER_INSERT) inserts.push(tx.insert(mailOutbox).values(list.slice(i, i + ROWS_PER_INSERT)));
  return inserts;
}

/** Writes `rows` into the outbox now. */
export async function insertOutbox(tx: Tx, rows: OutboxInsert | OutboxInsert[]): Promise<void> {
  for (const insert of outboxInserts(tx, rows)) await insert;
}

/**
 * Open rows of `channel` whose time has come, and rows claimed by a sender that never finished once
 * the claim ran out. Each channel (mail, SMS, WhatsApp; issue 55) has its own sender over the one outbox.
 */
const due = (now: Date, channel: OutboxChannel) =>
  and(
    eq(mailOutbox.channel, channel),
    or(
      and(inArray(mailOutbox.state, OPEN), lte(mailOutbox.nextAttemptAt, now)),
      and(eq(mailOutbox.state, "sending"), lte(mailOutbox.claimedUntil, now)),
    ),
  );

/**
 * Claims up to `limit` due messages for `owner` until `until`, in one statement: open rows whose
 * time has come, and rows another sender claimed but never finished (it died) once its claim has
 * run out. Two senders on one database never get the same row: the update is atomic.
 */
export async function claimDue(tx: Tx, owner: string, now: Date, until: Date, limit: number, channel: OutboxChannel = "email"): Promise<OutboxRow[]> {
  const ids = tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(now, channel))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit);
  return tx
    .update(mailOutbox)
    .set({ state: "sending", claimedBy: owner, claimedUntil: until, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, ids))
    .returning();
}

/** Whether any message is due now (a plain read, so an idle sender takes no write lock). */
export async function anyDue(r: Reader, now: Date, channel: OutboxChannel = "email"): Promise<boolean> {
  const row = await r
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(now, channel))
    .limit(1)
    .get();
  return row !== undefined;
}

/** When the longest-waiting open message fell due, if one is due now (readiness: is the sender keeping up?). */
export async function oldestDue(r: Reader, now: Date): Promise<Date | undefined> {
  const row = await r
    .select({ at: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.state, OPEN), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1)
    .get();
  return row?.at;
}

/** Records the outcome of a claimed message; only its claimant's word counts. */
export async function finishClaim(
  tx: Tx,
  id: string,
  owner: string,
  outcome: { state: OutboxState; nextAttemptAt?: Date; lastError?: string | null; sentAt?: Date; givenUpAt?: Date; text?: string; html?: string; providerId?: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(mailOutbox)
    .set({ ...outcome, claimedBy: null, claimedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, "sending"), eq(mailOutbox.claimedBy, owner)))
    .returning({ id: mailOutbox.id })
    .all();
  return rows.length > 0;
}

/**
 * Drops a meeting's mails still to be sent of these templates (its old time's reminders), noting
 * when (an undo puts them back). Sent with the COMMIT (issue 43): nothing in the transaction reads
 * the outbox after it, and the mails the use case writes are kept after it, so they are not dropped.
 */
export function dropWaiting(tx: Tx, appointmentId: string, templates: string[], why: string, at: Date): void {
  const drop = tx
    .update(mailOutbox)
    .set({ state: "dropped", lastError: why, droppedAt: at })
    .where(and(eq(mailOutbox.appointmentId, appointmentId), inArray(mailOutbox.state, OPEN), inArray(mailOutbox.template, templates)));
  atCommit(tx, drop);
}

/**
 * An undone change's mails (issue 39), in one statement: what the change wrote (still waiting:
 * its window holds them) is dropped, and what it dropped (the old time's reminders) waits again.
 */
export async function undoMail(tx: Tx, appointmentId: string, since: Date): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({
      state: sql`case when ${mailOutbox.state} = 'dropped' then 'waiting' else 'dropped' end`,
      lastError: sql`case when ${mailOutbox.state} = 'dropped' then null else 'the change was undone' end`,
      droppedAt: sql`case when ${mailOutbox.state} = 'dropped' then null else ${since.getTime()} end`,
    })
    .where(
      and(
        eq(mailOutbox.appointmentId, appointmentId),
        or(and(inArray(mailOutbox.state, OPEN), gte(mailOutbox.createdAt, since)), and(eq(mailOutbox.state, "dropped"), gte(mailOutbox.droppedAt, since))),
      ),
    );
}

const STATES: OutboxState[] = ["waiting", "sending", "sent", "failing", "given_up", "dropped", "delivered", "failed"];

/**
 * How many messages are in each state (the admin's view, the outbox metric), in one statement: a
 * count per state, each a search of mail_outbox_state_next for that state (issue 57: a GROUP BY
 * walked the whole index), so the open states cost what they hold; the finished ones hold
 * MAIL_KEEP_DAYS of mail at most.
 */
export async function outboxCounts(r: Reader): Promise<Record<OutboxState, number>> {
  const columns = STATES.map((state) => sql`(select count(*) from ${mailOutbox} where ${mailOutbox.state} = ${state}) as ${sql.identifier(state)}`);
  const row = await r.get<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  return Object.fromEntries(STATES.map((state) => [state, Number(row?.[state] ?? 0)])) as Record<OutboxState, number>;
}

export type OutboxSummaryRow = Pick<OutboxRow, "id" | "channel" | "toAddress" | "subject" | "state" | "attempts" | "lastError" | "createdAt" | "sentAt" | "nextAttemptAt">;

/** The newest messages, without their bodies (the admin's view). */
export function recentOutbox(r: Reader, limit: number): Promise<OutboxSummaryRow[]> {
  return r
    .select({
      id: mailOutbox.id,
      channel: mailOutbox.channel,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export function findOutbox(r: Reader, id: string): Promise<OutboxRow | undefined> {
  return r.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
}

export async function preferencesOf(r: Reader, role: MailRole, accountId: string): Promise<MailPreferences> {
  const row = await r
    .select({ reminders: mailPreferences.reminders, notices: mailPreferences.notices, sms: mailPreferences.sms, whatsapp: mailPreferences.whatsapp })
    .from(mailPreferences)
    .where(and(eq(mailPreferences.role, role), eq(mailPreferences.accountId, accountId)))
    .get();
  return row ?? { ...MAIL_ON };
}

export async function savePreferences(tx: Tx, role: MailRole, accountId: string, choice: Partial<MailPreferences>): Promise<MailPreferences> {
  const current = await preferencesOf(tx, role, accountId);
  const next = { ...current, ...choice };
  await tx
    .insert(mailPreferences)
    .values({ role, accountId, ...next })
    .onConflictDoUpdate({ target: [mailPreferences.role, mailPreferences.accountId], set: next });
  return next;
}

/** Who a mail goes to: its address, and the zone and language (issue 31) it is written in (null: not chosen). */
export type Recipient = {
  role: MailRole;
  id: string;
  name: string;
  email: string;
  timeZone: string | null;
  language: string | null;
  /** Issue 55: when the account's number was verified (null: none verified), read with the rest so an account without one costs no read of its texts. */
  phoneVerifiedAt?: Date | null;
};

const tables = { patient: patients, doctor: doctors, admin: admins } as const;
/** A doctor without a zone of their own reads their hours' (issue 52; src/db/queries/sessions.ts). */
const recipientColumns = (t: (typeof tables)[MailRole]) => ({
  id: t.id,
  name: t.name,
  email: t.email,
  timeZone: t === doctors ? sql<string | null>`${sql.raw(DOCTOR_ZONE_SQL)}` : t.timeZone,
  language: t.language,
  // An admin has no phone.
  phoneVerifiedAt: t === admins ? sql<Date | null>`null` : (t as typeof patients).phoneVerifiedAt,
});

/** One account as a mail's recipient. */
export async function recipientOf(r: Reader, role: MailRole, id: string): Promise<Recipient | undefined> {
  const t = tables[role];
  const row = await r.select(recipientColumns(t)).from(t).where(eq(t.id, id)).get();
  return row && { role, ...row };
}

/** An account already in hand as a mail's recipient (no read). */
export function recipientFrom(role: MailRole, account: Omit<Recipient, "role">): Recipient {
  const { id, name, email, timeZone, language } = account;
  return { role, id, name, email, timeZone, language };
}

/** Every admin (a doctor waiting for approval goes to each). */
export async function adminRecipients(r: Reader): Promise<Recipient[]> {
  const rows = await r.select(recipientColumns(admins)).from(admins);
  return rows.map((row) => ({ role: "admin" as const, ...row }));
}

/** The columns of an appointment a mail may use (never its reason). */
const factColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  doctorId: appointments.doctorId,
  status: appointments.status,
  scheduledAt: appointments.scheduledAt,
  endsAt: appointments.endsAt,
  meetLink: appointments.meetLink,
  cancelReason: appointments.cancelReason,
  // Issue 42: the family member the visit is for, as booked (never the reason).
  forName: appointments.forName,
  forRelation: appointments.forRelation,
  forAge: appointments.forAge,
  // Issue 54: a clinic visit's mails say where it is, with no link.
  visitType: appointments.visitType,
};

/** The facts of one appointment a mail may use (never its reason). */
export function appointmentFacts(r: Reader, id: string) {
  return r
    .select(factColumns)
    .from(appointments)
    .where(eq(appointments.id, id))
    .get();
}

/** An appointment's facts with its patient and its doctor as recipients, in one query. */
export async function meetingPeople(r: Reader, id: string) {
  const row = await r
    .select({
      a: factColumns,
      patient: recipientColumns(patients),
      doctor: recipientColumns(doctors),
      place: { name: places.name, address: places.address, locality: places.locality, city: places.city, pinCode: places.pinCode, mapUrl: places.mapUrl },
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .leftJoin(places, eq(places.id, appointments.placeId))
    .where(eq(appointments.id, id))
    .get();
  return row && { a: row.a, patient: { role: "patient" as const, ...row.patient }, doctor: { role: "doctor" as const, ...row.doctor }, place: row.a.visitType === "clinic" ? row.place : null };
}

/**
 * A delivery report (issue 55): the sent text its provider names moves to delivered or failed.
 * Only a sent (or already reported) row moves; the number of rows moved is answered.
 */
export async function reportDelivery(tx: Tx, channel: OutboxChannel, providerId: string, state: "delivered" | "failed", error: string | null): Promise<number> {
  const rows = await tx
    .update(mailOutbox)
    .set({ state, lastError: error })
    .where(and(eq(mailOutbox.channel, channel), eq(mailOutbox.providerId, providerId), inArray(mailOutbox.state, ["sent", "delivered", "failed"])))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Forgets finished messages (sent, dropped, given up) written before `before`: the outbox stays small. */
export async function pruneOutbox(tx: Tx, before: Date): Promise<void> {
  await tx.delete(mailOutbox).where(and(lte(mailOutbox.createdAt, before), inArray(mailOutbox.state, ["sent", "dropped", "given_up", "delivered", "failed"])));
}
