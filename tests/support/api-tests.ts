/**
 * The JSON API tests: every test file under src/ that starts the app through the harness
 * (startHarness in tests/support/harness.ts, or startServed on top of it). `bun run check` runs them a second
 * time on a libSQL server (CAREBOOK_TEST_DB=sqld). Run directly, prints their paths.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..", "..");

/** The API test files, relative to the repository root, sorted. */
export function apiTestFiles(): string[] {
  return readdirSync(join(ROOT, "src"), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith(".test.ts"))
    .map((path) => join("src", path))
    .filter((path) => /\bstart(Harness|Served)\(/.test(readFileSync(join(ROOT, path), "utf8")))
    .sort();
}

if (import.meta.main) console.log(apiTestFiles().join("\n"));
