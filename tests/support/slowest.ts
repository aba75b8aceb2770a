/**
 * The slowest test files of a run, for the end of `bun run check` (issue 50): what bun test wrote
 * into its --timings file, and what Playwright's JSON report says each spec file took.
 */
import { existsSync, readFileSync } from "node:fs";

export type FileTime = { file: string; seconds: number; suite: string };

/** bun test's `--timings` file: `{ version: 1, files: { path: milliseconds } }`. */
export function bunTimings(path: string, suite: string): FileTime[] {
  if (!existsSync(path)) return [];
  const { files } = JSON.parse(readFileSync(path, "utf8")) as { files: Record<string, number> };
  return Object.entries(files).map(([file, ms]) => ({ file, seconds: ms / 1000, suite }));
}

type Suite = { file?: string; specs?: { tests: { projectName?: string; results: { duration: number }[] }[] }[]; suites?: Suite[] };

/** Playwright's JSON report: the time of every result, added up per spec file and project. */
export function playwrightTimings(path: string): FileTime[] {
  if (!existsSync(path)) return [];
  const report = JSON.parse(readFileSync(path, "utf8")) as { suites?: Suite[] };
  const totals = new Map<string, number>();
  const walk = (suite: Suite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const key = `${here} [${t.projectName ?? ""}]`;
        for (const r of t.results) totals.set(key, (totals.get(key) ?? 0) + r.duration);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? "");
  return [...totals].map(([file, ms]) => ({ file, seconds: ms / 1000, suite: "playwright" }));
}

/** The `count` slowest, as lines for a person. */
export function slowestLines(times: FileTime[], count = 10): string[] {
  return [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((t) => `${t.seconds.toFixed(1).padStart(6)} s  ${t.file}  (${t.suite})`);
}
