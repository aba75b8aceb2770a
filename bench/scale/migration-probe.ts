/**
 * `bun bench/scale/migration-probe.ts <file> [migration]`: the time the latest migration
 * (default: the last in drizzle/) takes on `file`, which already has it: its statements run with
 * every name it brings in given a `_probe` suffix (the same tables, columns and indexes, built
 * over the same rows), inside a transaction that is rolled back, so the file is left as it was.
 * A process of its own (bench/scale/ops.ts): the only SQLite library on the file. The server
 * must not be writing to it meanwhile.
 */
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../../src/config/assets";

const file = process.argv[2]!;
const name = process.argv[3] ?? readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort().at(-1)!;
const text = readFileSync(join(MIGRATIONS_DIR, name), "utf8");
const db = new Database(file);
// The names the migration brings in (tables, indexes, triggers, added columns), wherever it names them
// (quoted or not, in its triggers' bodies too); every other name is the file's own.
const fresh = new Set(
  [
    ...text.matchAll(/CREATE (?:UNIQUE )?(?:TABLE|INDEX|TRIGGER)(?: IF NOT EXISTS)? [`"]?(\w+)[`"]?/gi),
    ...text.matchAll(/\bADD (?:COLUMN )?[`"]?(\w+)[`"]?/gi),
  ].map((m) => m[1]!),
);
const probe = text.replace(/\b\w+\b/g, (word) => (fresh.has(word) ? `${word}_probe` : word));
// A name the migration drops is gone from a file that has it already: dropped only if there.
const statements = probe
  .split("--> statement-breakpoint")
  .map((s) => s.trim().replace(/^DROP (INDEX|TABLE|TRIGGER) (?!IF EXISTS)/i, "DROP $1 IF EXISTS "))
  .filter(Boolean);
db.exec("pragma busy_timeout = 10000");
const t = performance.now();
db.exec("begin immediate");
try {
  for (const s of statements) db.exec(s);
  console.log(`${name} ${((performance.now() - t) / 1000).toFixed(3)}`);
} finally {
  db.exec("rollback");
  db.close();
}
