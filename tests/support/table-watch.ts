/**
 * Every table's rows hashed, cheaply enough to do around every request of a fuzz run.
 *
 * Reading and hashing every row of every table before and after each request grows with the
 * database (the fuzz run's sessions, signups and attempts pile up: thousands of rows read twice
 * a request). Here each watched table gets AFTER INSERT, UPDATE and DELETE triggers that count
 * its row writes in a table of their own; a table's hash is kept with the count it was read at,
 * and a table is read and hashed again only when its count moved. A table whose count did not
 * move had no row inserted, updated or deleted (cascades and other triggers' writes fire the
 * triggers too), so its rows, and their hash, are the same. The hashes are those of a full read:
 * sha256 of the JSON of the table's rows in rowid order, so a write that left the rows as they
 * were (an update to the same values, an insert undone) still compares equal.
 */
import type { Client, Row } from "@libsql/client";
import { createHash } from "node:crypto";

/** The table that holds the counts; it is not one of the app's, and is not watched itself. */
export const WATCH_TABLE = "zz_test_table_writes";

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

export type TableWatch = {
  /** The watched tables, in name order. */
  tables: string[];
  /** Each watched table's rows hashed, as now; only the tables written since the last call are read. */
  hashes(): Promise<Record<string, string>>;
  /** Tables read and hashed so far (to show the cache works). */
  reads: number;
};

/** Installs the counting triggers on every table of `client`'s database (but SQLite's own) and starts the cache. */
export async function watchTables(client: Client): Promise<TableWatch> {
  const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows
    .map((r) => String(r.name))
    .filter((name) => name !== WATCH_TABLE);
  const statements = [`CREATE TABLE ${ident(WATCH_TABLE)} (name TEXT PRIMARY KEY, writes INTEGER NOT NULL)`];
  tables.forEach((table, i) => {
    statements.push(`INSERT INTO ${ident(WATCH_TABLE)} (name, writes) VALUES (${literal(table)}, 0)`);
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      statements.push(
        `CREATE TRIGGER ${ident(`zz_test_watch_${i}_${event.toLowerCase()}`)} AFTER ${event} ON ${ident(table)} ` +
          `BEGIN UPDATE ${ident(WATCH_TABLE)} SET writes = writes + 1 WHERE name = ${literal(table)}; END`,
      );
    }
  });
  await client.batch(statements, "write");

  const cache = new Map<string, { writes: number; hash: string }>();
  const countsSql = `SELECT name, writes FROM ${ident(WATCH_TABLE)}`;
  const countsOf = (rows: Row[]) => new Map(rows.map((r) => [String(r[0]), Number(r[1])]));
  const watch: TableWatch = {
    tables,
    reads: 0,
    async hashes() {
      let counts = countsOf((await client.execute(countsSql)).rows);
      for (;;) {
        const stale = tables.filter((t) => cache.get(t)?.writes !== counts.get(t));
        if (stale.length === 0) break;
        // The counts and the stale tables' rows in one read transaction: one snapshot of both.
        const results = await client.batch([countsSql, ...stale.map((t) => `SELECT * FROM ${ident(t)} ORDER BY rowid`)], "read");
        const now = countsOf(results[0]!.rows);
        stale.forEach((table, i) => {
          watch.reads++;
          cache.set(table, { writes: now.get(table)!, hash: createHash("sha256").update(JSON.stringify(results[i + 1]!.rows)).digest("hex") });
        });
        counts = now;
      }
      return Object.fromEntries(tables.map((t) => [t, cache.get(t)!.hash]));
    },
  };
  return watch;
}
