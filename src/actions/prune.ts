/**
 * The server's hourly prune (src/server.ts), one place for every table that would otherwise grow
 * forever: expired sessions and reset links, records past RECORD_KEEP_DAYS (issue 56), and in
 * small batches (issue 57) throttle events past their window, trusted devices past their cookie's life, finished outbox rows past
 * MAIL_KEEP_DAYS and audit events past AUDIT_KEEP_DAYS. Each batch is its own short write
 * transaction, so a request's write waits at most one batch (docs/performance.md "Pruning").
 * Two instances pruning at once each delete what they find; a row goes once and is counted once.
 */
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import { pruneSessions } from "../db/queries/sessions";
import { pruneExpiredResets } from "../db/queries/password-resets";
import { pruneAuditBatch, pruneDevicesBatch, pruneEventsBatch, pruneOutboxBatch } from "../db/queries/prune";
import { DEVICE_DAYS } from "../auth/device";
import { pruneOldRecords } from "./records";

/**
 * Rows per batch, each one write transaction: measured on a file of 200,000 outbox rows and audit
 * events (docs/performance.md "Pruning"): 50 outbox rows (a few KB each, six indexes) or 500 small
 * rows take 5-9 ms of write lock on a quiet core, under 50 ms on this loaded machine at the median.
 */
export const PRUNE_BATCH = { throttle: 500, mail: 50, audit: 500 } as const;
/** The longest window a throttle limit counts (an hour). */
const THROTTLE_WINDOW_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type Pruned = { throttle: number; devices: number; mail: number; audit: number; records: number };

/**
 * Runs `batch` in one write transaction after another until one deletes fewer than `limit` rows,
 * or `stopped()` says the server is shutting down; how many went in all.
 */
async function inBatches(deps: Deps, stopped: () => boolean, limit: number, batch: (tx: Tx, limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    if (stopped()) return total;
    const n = await deps.database.write((tx) => batch(tx, limit));
    total += n;
    if (n < limit) return total;
  }
}

/**
 * Prunes every table once, logs one line with the counts (no personal data) and answers them.
 * `limit` sets every batch's rows (tests); `stopped` ends the run between two batches (a shutdown:
 * a first run after an upgrade may have a million rows to go, in many batches).
 */
export async function pruneAll(deps: Deps, limit?: number, stopped: () => boolean = () => false): Promise<Pruned> {
  const now = deps.now();
  await deps.database.write(async (tx) => {
    await pruneSessions(tx, new Date(now.getTime() - deps.config.tokenTtlHours * 3_600_000));
    await pruneExpiredResets(tx, now);
  });
  const throttleBefore = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const mailBefore = new Date(now.getTime() - deps.config.mailKeepDays * DAY_MS);
  const auditBefore = new Date(now.getTime() - deps.config.auditKeepDays * DAY_MS);
  const pruned: Pruned = {
    throttle: await inBatches(deps, stopped, limit ?? PRUNE_BATCH.throttle, (tx, n) => pruneEventsBatch(tx, throttleBefore, n)),
    // trusted devices past their cookie's life (the table's comment promised it; nothing did it before issue 57)
    devices: await inBatches(deps, stopped, limit ?? PRUNE_BATCH.throttle, (tx, n) => pruneDevicesBatch(tx, new Date(now.getTime() - DEVICE_DAYS * DAY_MS), n)),
    mail: await inBatches(deps, stopped, limit ?? PRUNE_BATCH.mail, (tx, n) => pruneOutboxBatch(tx, mailBefore, n)),
    audit: await inBatches(deps, stopped, limit ?? PRUNE_BATCH.audit, (tx, n) => pruneAuditBatch(tx, auditBefore, n)),
    records: await pruneOldRecords(deps),
  };
  deps.observe.log.info({ pruned }, "pruned");
  return pruned;
}
