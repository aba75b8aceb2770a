/**
 * Issue 57 item 2: no statement of a request scans a large table. `statementRecorder` keeps every
 * statement the app sends (src/db/round-trips.ts hands over what each round trip sent);
 * `scansOfLargeTables` plans each one with EXPLAIN QUERY PLAN on a small database that carries the
 * statistics of the big one (sqlite_stat1 rows written for 20,000 doctors, 200,000 patients,
 * 2,000,000 appointments, 1,000,000 outbox rows and audit events), so the planner chooses as it
 * would at that size, and answers each plan line that scans one of them.
 *
 * A scan is any "SCAN <table>" line: of the table, or of all of one of its indexes (USING INDEX,
 * USING COVERING INDEX); both read every row or entry of a large table. A statement allowed to
 * scan is listed by its caller with the reason.
 */
import { createClient, type Client, type InValue } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "../../src/db/client";
import type { RoundTrip } from "../../src/db/round-trips";

/** The tables that are large at 100x, which no request may scan. */
export const LARGE_TABLES = ["appointments", "patients", "doctors", "mail_outbox", "audit_events"] as const;

/** Rows per table at the big size (issue 57 item 1); the rest are sized from what they hold. */
const ROWS: Record<string, number> = {
  doctors: 20_000,
  patients: 200_000,
  appointments: 2_000_000,
  mail_outbox: 1_000_000,
  audit_events: 1_000_000,
  family_members: 40_000,
  feedback: 600_000,
  records: 600_000,
  record_numbers: 600_000,
  sessions: 200_000,
  auth_events: 50_000,
  trusted_devices: 100_000,
  doctor_availability: 20_000,
  places: 30_000,
  waitlist: 20_000,
  calendar_feeds: 20_000,
  mail_preferences: 50_000,
  message_links: 200_000,
  daily_totals: 20_000,
};
const DEFAULT_ROWS = 1_000;

/** How many different values a column holds at the big size, by its name. */
function distinct(column: string, rows: number): number {
  const ids: Record<string, number> = {
    doctor_id: 20_000, patient_id: 200_000, appointment_id: 2_000_000, member_id: 40_000, for_member_id: 40_000, place_id: 30_000,
    recipient_id: 220_000, actor_id: 220_000, account_id: 220_000, subject_id: 1_000_000,
  };
  if (column in ids) return ids[column]!;
  if (column === "id" || /(email|token|hash|message_id|provider_id|number|code|^key$|phone)/.test(column)) return rows;
  if (/(state|status|kind|role|channel|category|^subject$|action|visit_type|type|hidden|published|attended|instant)/.test(column)) return 6;
  if (/specialization/.test(column)) return 16;
  if (/(language|lang)/.test(column)) return 12;
  if (/(city|pin_code|locality)/.test(column)) return 500;
  if (/(_at$|date|time|start|end|day)/.test(column)) return Math.max(1, Math.floor(rows / 2));
  if (/name/.test(column)) return Math.max(1, Math.floor(rows / 2));
  return Math.min(rows, 100);
}

/**
 * A RoundTrip hook that keeps each statement's text with the arguments it was first sent with,
 * from `start()` on (the migrations before it are no request's).
 */
export function statementRecorder(): { onRoundTrip: RoundTrip; start: () => void; statements: Map<string, InValue[] | undefined> } {
  const statements = new Map<string, InValue[] | undefined>();
  let started = false;
  const keep = (sent: unknown): void => {
    if (!started) return;
    if (Array.isArray(sent)) return sent.forEach(keep);
    const sql = typeof sent === "string" ? sent : typeof sent === "object" && sent !== null && "sql" in sent ? String((sent as { sql: unknown }).sql) : undefined;
    if (sql === undefined || !/^\s*(select|insert|update|delete|with|replace)\b/i.test(sql)) return;
    const args = typeof sent === "object" && sent !== null && Array.isArray((sent as { args?: unknown }).args) ? ((sent as { args: InValue[] }).args) : undefined;
    if (!statements.has(sql) || statements.get(sql) === undefined) statements.set(sql, args);
  };
  return { onRoundTrip: keep, start: () => void (started = true), statements };
}

/** The `?` placeholders of `sql` outside quoted text. */
function placeholders(sql: string): number {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, "").split("?").length - 1;
}

/** A fresh database of this schema with the big size's statistics; close it with `done`. */
export async function bigStatistics(): Promise<{ client: Client; done: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "carebook-plans-"));
  const url = `file:${join(dir, "plans.db")}`;
  const database = await openDatabase(url);
  await migrateDatabase(database);
  database.close();
  const client = createClient({ url });
  await client.execute("ANALYZE");
  await client.execute("DELETE FROM sqlite_stat1");
  const tables = (await client.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")).rows.map((r) => String(r.name));
  const stats: { sql: string; args: InValue[] }[] = [];
  for (const table of tables) {
    const rows = ROWS[table] ?? DEFAULT_ROWS;
    stats.push({ sql: "INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, NULL, ?)", args: [table, String(rows)] });
    for (const index of (await client.execute(`PRAGMA index_list(\`${table}\`)`)).rows) {
      const columns = (await client.execute(`PRAGMA index_info(\`${String(index.name)}\`)`)).rows.map((c) => String(c.name));
      let keys = 1;
      const perKey = columns.map((column, i) => {
        keys = Math.min(rows, keys * distinct(column, rows));
        return i === columns.length - 1 && Number(index.unique) === 1 ? 1 : Math.max(1, Math.round(rows / keys));
      });
      stats.push({ sql: "INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)", args: [table, String(index.name), [rows, ...perKey].join(" ")] });
    }
  }
  await client.batch(stats, "write");
  await client.execute("ANALYZE sqlite_schema");
  return { client, done: () => (client.close(), rmSync(dir, { recursive: true, force: true })) };
}

export type Scan = { sql: string; line: string };

const NOT_ALIASES = new Set(["where", "on", "left", "inner", "cross", "join", "natural", "order", "group", "limit", "using", "indexed", "not", "set", "union", "values", "having", "window", "returning"]);

/**
 * The names a plan may give a large table in `sql`: the table's own and every alias the statement
 * gives it (`from "doctors" d`, `join appointments as a`): a plan line names the alias ("SCAN d").
 */
export function largeNames(sql: string): Set<string> {
  const names = new Set<string>(LARGE_TABLES);
  for (const m of sql.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?(\w+)["`]?)?/gi)) {
    const [, table, alias] = m;
    if (alias !== undefined && (LARGE_TABLES as readonly string[]).includes(table!) && !NOT_ALIASES.has(alias.toLowerCase())) names.add(alias);
  }
  return names;
}

/** Every plan line of `statements` that scans a large table, planned with the big size's statistics. */
export async function scansOfLargeTables(statements: Map<string, InValue[] | undefined>): Promise<Scan[]> {
  const { client, done } = await bigStatistics();
  const scans: Scan[] = [];
  try {
    for (const [sql, recorded] of statements) {
      const args = recorded ?? Array<InValue>(placeholders(sql)).fill(null);
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
      const names = largeNames(sql);
      for (const row of plan.rows) {
        const line = String(row.detail);
        const scanned = /^SCAN ([\w"`]+)/.exec(line)?.[1]?.replace(/["`]/g, "");
        if (scanned !== undefined && names.has(scanned)) scans.push({ sql, line });
      }
    }
  } finally {
    done();
  }
  return scans;
}
