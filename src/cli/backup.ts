/**
 * `carebook backup [FILE]` (`bun run backup [FILE]`): an online backup of the database and the
 * pictures it names, while the server keeps serving. FILE defaults to a new name in BACKUP_DIR.
 */
import { setPriority } from "node:os";
import { describeBackup, takeBackup } from "../backup/backup";
import { parseEnv } from "../config/env";
import { commandArgs } from "./args";

/** The backup's CPU priority (POSIX nice, 19 lowest): below the server's 0. */
const BACKUP_NICENESS = 10;

const args = commandArgs("backup");
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("Usage: carebook backup [FILE]   (FILE defaults to a new carebook-<time>.db in BACKUP_DIR)");
  process.exit(2);
}
// The copy is bulk work: it yields the CPU to the server's requests (the scheduled ones too,
// which run this command). See docs/deploy.md for what it costs the bookings.
try {
  setPriority(BACKUP_NICENESS);
} catch {
  // not permitted here: run at normal priority
}
try {
  console.log(describeBackup(await takeBackup(parseEnv(process.env), args[0])));
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
