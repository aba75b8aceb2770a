/**
 * `carebook restore FILE` (`bun run restore FILE`): replaces the embedded database with a
 * backup, with the server stopped. The previous database stays as app.db.before-restore.
 */
import { describeRestore, restoreBackup } from "../backup/restore";
import { parseEnv } from "../config/env";
import { commandArgs } from "./args";

const args = commandArgs("restore");
if (args.length !== 1 || args[0]!.startsWith("-")) {
  console.error("Usage: carebook restore FILE   (stop the server first; FILE is a carebook-<time>.db backup)");
  process.exit(2);
}
try {
  console.log(describeRestore(await restoreBackup(parseEnv(process.env), args[0]!)));
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exitCode = 1;
}
