/**
 * Issue 50: "a new test that sleeps for real time has to say why in a comment". Every wait for a
 * number of milliseconds in the tests (`Bun.sleep(`, a `sleep(` helper, Playwright's
 * `waitForTimeout(`, a `setTimeout(` that resolves a promise) carries a comment starting
 * `// real time:` with its reason, on its own line or in the comment lines just above it. A test
 * that waits for something to happen waits for the event (the outbox row, the mail, the file) or
 * moves the app's clock (tests/support/clock.ts, moving-clock.ts) instead; what stays is a poll for
 * such an event, or a check that something does NOT happen within a time.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const SELF = relative(ROOT, import.meta.path);

/** Where tests and their helpers live. */
const PLACES = ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.ts", "tests/**/*.tsx"];

/** A real-time wait on one line (line comments and JSDoc lines are not code). */
const WAITS = [
  /\bBun\.sleep(Sync)?\(/,
  /\bwaitForTimeout\(/,
  /(?<![.\w])sleep\(/, // a sleep helper (tests/support/harness.ts)
  /(?<![.\w])setTimeout\(\s*(resolve|res|r|done|wake|ok)\s*[,)]/, // new Promise((r) => setTimeout(r, N))
  /new Promise\b.*(?<![.\w])setTimeout\(/,
  /await\s+setTimeout\(/, // node:timers/promises
];

const REASON = /^\s*\/\/ real time: \S/;
const SAYS_WHY = /\/\/ real time: \S/;

export type Unexplained = { file: string; line: number; text: string };

/** The real-time waits in one file's text that say no reason. */
export function unexplainedWaits(file: string, text: string): Unexplained[] {
  const lines = text.split("\n");
  const found: Unexplained[] = [];
  lines.forEach((raw, i) => {
    const code = raw.trimStart();
    if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
    if (!WAITS.some((w) => w.test(raw))) return;
    if (SAYS_WHY.test(raw)) return;
    // The comment lines just above, nearest first: one of them starts `// real time:`.
    for (let j = i - 1; j >= 0 && lines[j]!.trimStart().startsWith("//"); j--) if (REASON.test(lines[j]!)) return;
    found.push({ file, line: i + 1, text: code });
  });
  return found;
}

/** Every unexplained real-time wait under `root`, as `file:line: code`. */
export function scan(root: string, skip: string[] = []): string[] {
  const out: string[] = [];
  for (const pattern of PLACES) {
    for (const file of new Bun.Glob(pattern).scanSync({ cwd: root })) {
      if (skip.includes(file) || file.includes("node_modules")) continue;
      for (const w of unexplainedWaits(file, readFileSync(join(root, file), "utf8"))) out.push(`${w.file}:${w.line}: ${w.text}`);
    }
  }
  return [...new Set(out)].sort();
}

test("every real-time wait in the tests says why (`// real time: <reason>` on it or just above)", () => {
  expect(scan(ROOT, [SELF])).toEqual([]);
});

const synthetic = mkdtempSync(join(tmpdir(), "real-time-waits-"));
afterAll(() => rmSync(synthetic, { recursive: true, force: true }));

test("the rule fails on a synthetic test file, naming file and line, and passes once each wait says why", () => {
  mkdirSync(join(synthetic, "src", "x"), { recursive: true });
  mkdirSync(join(synthetic, "tests", "e2e"), { recursive: true });
  const file = "src/x/guessed.test.ts";
  const journey = "tests/e2e/guessed.spec.ts";
  writeFileSync(
    join(synthetic, file),
    [
      'import { test } from "bun:test";',
      'test("waits", async () => {',
      "  await Bun.sleep(2000);", // 3
      "  await sleep(300);", // 4
      "  await new Promise((r) => setTimeout(r, 100));", // 5
      "  // a comment that is not a reason",
      "  await Bun.sleep(10);", // 7
      "  // Bun.sleep(5) in a comment is no wait",
      "  setTimeout(() => socket.destroy(), 3_000); // a timer, not a wait",
      "  test.setTimeout(60_000);",
      "});",
    ].join("\n"),
  );
  writeFileSync(join(synthetic, journey), ['test("j", async ({ page }) => {', "  await page.waitForTimeout(1500);", "});"].join("\n"));
  expect(scan(synthetic)).toEqual([
    `${file}:3: await Bun.sleep(2000);`,
    `${file}:4: await sleep(300);`,
    `${file}:5: await new Promise((r) => setTimeout(r, 100));`,
    `${file}:7: await Bun.sleep(10);`,
    `${journey}:2: await page.waitForTimeout(1500);`,
  ]);

  // Reasons: on the line, just above, or in the comment lines just above.
  writeFileSync(
    join(synthetic, file),
    [
      'import { test } from "bun:test";',
      'test("waits", async () => {',
      "  await Bun.sleep(2000); // real time: nothing must arrive within two seconds",
      "  // real time: a poll for the sent row, the event itself",
      "  await sleep(300);",
      "  // real time: the other process's clock is its own:",
      "  // it cannot be moved from here.",
      "  await new Promise((r) => setTimeout(r, 100));",
      "});",
    ].join("\n"),
  );
  writeFileSync(join(synthetic, journey), ['test("j", async ({ page }) => {', "  await page.waitForTimeout(1500); // real time:", "});"].join("\n"));
  // An empty reason is no reason.
  expect(scan(synthetic)).toEqual([`${journey}:2: await page.waitForTimeout(1500); // real time:`]);
});
