/**
 * Issue 57 item 3: nothing grows forever. Each statement here deletes at most `limit` old rows of
 * one table, found through an index, so one batch is one short write; the server runs them until
 * a batch comes back short (src/actions/prune.ts).
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../client";

/** The states a message is done in: sent (or delivered, or its delivery failed), given up, dropped. Never waiting, failing or sending. */
export const FINISHED_STATES = ["sent", "delivered", "failed", "given_up", "dropped"] as const;

const finished = sql.raw(FINISHED_STATES.map((s) => `'${s}'`).join(", "));

async function deleted(tx: Tx, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await tx.run(statement)) as unknown as { rowsAffected: number };
  return result.rowsAffected;
}

/**
 * Up to `limit` finished outbox rows (any channel) whose last time (sent, given up, dropped, else
 * their last try) is before `before`. The index mail_outbox_state_next finds them by state and
 * time; a message finishes at or after its try, so the time's bound only narrows what it finds.
 */
export function pruneOutboxBatch(tx: Tx, before: Date, limit: number): Promise<number> {
  const t = before.getTime();
  return deleted(
    tx,
    sql`delete from mail_outbox where rowid in (select rowid from mail_outbox where state in (${finished}) and next_attempt_at < ${t}
      and coalesce(sent_at, given_up_at, dropped_at, next_attempt_at) < ${t} limit ${limit})`,
  );
}

/** Up to `limit` audit events from before `before` (index audit_events_at). */
export function pruneAuditBatch(tx: Tx, before: Date, limit: number): Promise<number> {
  return deleted(tx, sql`delete from audit_events where id in (select id from audit_events where at < ${before.getTime()} limit ${limit})`);
}

/** Up to `limit` throttle events from before `before`, past every limit's window (index auth_events_at). */
export function pruneEventsBatch(tx: Tx, before: Date, limit: number): Promise<number> {
  return deleted(tx, sql`delete from auth_events where id in (select id from auth_events where at < ${before.getTime()} limit ${limit})`);
}

/** Up to `limit` trusted devices issued before `before`, whose cookies have expired (index trusted_devices_created_at). */
export function pruneDevicesBatch(tx: Tx, before: Date, limit: number): Promise<number> {
  return deleted(tx, sql`delete from trusted_devices where id in (select id from trusted_devices where created_at < ${before.getTime()} limit ${limit})`);
}
