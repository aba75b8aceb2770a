/**
 * Which database the API tests run on: an embedded file (the default) or, with
 * CAREBOOK_TEST_DB=sqld, a libSQL server (`bun run check` runs them both ways).
 */
import { describe, test } from "bun:test";

const chosen = process.env.CAREBOOK_TEST_DB ?? "file";
if (chosen !== "file" && chosen !== "sqld") throw new Error(`CAREBOOK_TEST_DB must be file or sqld, not ${chosen}`);

/** Whether this run's harnesses use a libSQL server rather than a file. */
export const onSqld = chosen === "sqld";

/**
 * `test` on an embedded file; on sqld the test is skipped and its name says why (`reason`), so a
 * run lists every test it left out. For tests of the file itself, not of what the app does.
 */
export function onFileOnly(reason: string): typeof test {
  if (!onSqld) return test;
  return ((name: string, fn: unknown, options?: unknown) => test.skip(`${name} [file only: ${reason}]`, fn as never, options as never)) as typeof test;
}

/** `describe` on an embedded file; on sqld its tests are skipped, each named with `reason`. */
export function describeOnFileOnly(reason: string): typeof describe {
  if (!onSqld) return describe;
  return ((name: string, fn: () => void) => describe.skip(`${name} [file only: ${reason}]`, fn)) as typeof describe;
}
