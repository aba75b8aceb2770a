/**
 * `bun run pictures:reencode`: the one-off migration of issue 11 (src/cli/reencode-all.ts).
 * Uses the server's configuration (DATABASE_URL, UPLOAD_DIR or STORAGE=s3); safe to run while the
 * server runs, and again: pictures already re-encoded are skipped.
 */
import { boot } from "../config/boot";
import { parseEnv } from "../config/env";
import { reencodeAll } from "./reencode-all";

const deps = await boot(parseEnv(process.env));
try {
  const report = await reencodeAll(deps, (line) => console.log(line));
  console.log(
    `Re-encoded ${report.reencoded} pictures; ${report.alreadyDone} already were; ${report.missing} missing; ${report.failed.length} could not be decoded.`,
  );
  if (report.failed.length > 0) process.exitCode = 1;
} finally {
  deps.database.close();
}
