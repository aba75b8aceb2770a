/**
 * Issue 57 item 3: how long one prune batch holds the write lock, by batch size, on a file of
 * 200,000 finished outbox rows (a reminder's size: a 1.5 KB text, a 3 KB HTML part) and 200,000
 * audit events, most of them past MAIL_KEEP_DAYS / AUDIT_KEEP_DAYS. Each batch is one write
 * transaction (BEGIN IMMEDIATE to COMMIT), timed whole. `bun bench/prune.ts [file]`; the file is
 * built once and kept (default data/prune-bench.db); figures in docs/performance.md "Pruning".
 */
import { existsSync } from "node:fs";
import { migrateDatabase, openDatabase } from "../src/db/client";
import { pruneAuditBatch, pruneOutboxBatch } from "../src/db/queries/prune";

const path = process.argv[2] ?? "data/prune-bench.db";
const DAY = 86_400_000;
const now = Date.now();
const fresh = !existsSync(path);
const db = await openDatabase(`file:${path}`);
if (fresh) {
  await migrateDatabase(db);
  const body = "x".repeat(1500);
  for (let b = 0; b < 200; b++) {
    const stmts = [];
    for (let i = 0; i < 1000; i++) {
      const k = b * 1000 + i;
      const t = now - (400 - (k % 400)) * DAY;
      stmts.push({
        sql: `insert into mail_outbox (id, channel, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html, state, attempts, next_attempt_at, created_at, sent_at, appointment_id, provider_id)
              values (?, 'email', ?, 'reminder', 'reminder', 'patient', ?, 'a@b.test', 'Your appointment', ?, ?, 'sent', 1, ?, ?, ?, ?, ?)`,
        args: [`m${k}`, `<m${k}@x>`, `p${k % 5000}`, body, body + body, t, t, t, `a${k}`, `sid${k}`],
      });
      stmts.push({
        sql: "insert into audit_events (at, actor_role, actor_id, subject, subject_id, action, reason) values (?, 'doctor', ?, 'appointment', ?, 'scheduled', 'ok')",
        args: [now - (1500 - (k % 1500)) * DAY, `d${k % 2000}`, `a${k}`],
      });
    }
    await db.client.batch(stmts, "write");
  }
}
const tables = [
  ["mail", pruneOutboxBatch, new Date(now - 30 * DAY), [25, 50, 100, 200]],
  ["audit", pruneAuditBatch, new Date(now - 730 * DAY), [250, 500, 1000, 2000]],
] as const;
for (const [name, batch, before, sizes] of tables) {
  for (const size of sizes) {
    const times: number[] = [];
    for (let r = 0; r < 9; r++) {
      const t0 = performance.now();
      await db.write((tx) => batch(tx, before, size));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${name} ${size} rows a batch: min ${times[0]!.toFixed(1)} ms, median ${times[4]!.toFixed(1)} ms, max ${times[8]!.toFixed(1)} ms`);
  }
}
db.close();
