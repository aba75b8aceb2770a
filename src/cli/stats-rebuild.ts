/**
 * `bun run stats:rebuild` (`carebook stats:rebuild` in the binary): issue 58's per-day totals made
 * again from the rows (appointments, waitlist entries, mails, accounts), in one transaction, days
 * in DEFAULT_TIME_ZONE. Safe while the server runs: each change keeps its totals in its own
 * transaction, and the rebuild is one transaction the database runs between them.
 */
import { rebuildTotals } from "../actions/stats";
import { boot } from "../config/boot";
import { parseEnv } from "../config/env";

const deps = await boot(parseEnv(process.env));
try {
  const count = await rebuildTotals(deps);
  console.log(`Rebuilt ${count} per-day totals from the rows (days in ${deps.config.defaultTimeZone}).`);
} catch (error) {
  console.error(`Rebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  deps.database.close();
}
