/**
 * `bun bench/scale/migrate-copy.ts <file>`: applies the app's migrations to `file` through the
 * app's own client and prints the seconds they took. A process of its own (bench/scale/ops.ts),
 * so that libSQL is the only SQLite library on the file.
 */
import { MIGRATIONS_DIR } from "../../src/config/assets";
import { migrateDatabase, openDatabase } from "../../src/db/client";

const database = await openDatabase(`file:${process.argv[2]}`);
const t = performance.now();
try {
  await migrateDatabase(database, MIGRATIONS_DIR);
} finally {
  database.close();
}
console.log(((performance.now() - t) / 1000).toFixed(3));
