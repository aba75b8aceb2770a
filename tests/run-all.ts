/**
 * `bun run check`: the whole test suite, as CI runs it. First what the browser journeys need from
 * the machine (tests/prerequisites.ts: installed as root, else a stop within seconds naming the
 * command); then the client build; then the unit and API tests (bun test, rooted in src/, its
 * files spread over worker processes); then the JSON API tests again on a libSQL server (sqld,
 * one per test file), spread the same way, beside the typecheck, the dependency rules and the
 * 400-line limit (src/build/file-length.ts); last the browser journeys (Playwright, tests/e2e,
 * three workers each with its own server).
 * Ends with each suite's time, the 10 slowest test files, and one line `N passed, M failed` over
 * all suites; fails if anything failed. docs/testing.md says where the time goes and how to run
 * a part of it.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensurePrerequisites } from "./prerequisites";
import { apiTestFiles } from "./support/api-tests";
import { bunTimings, playwrightTimings, slowestLines, type FileTime } from "./support/slowest";

type Suite = { name: string; passed: number; failed: number; seconds: number; failures?: string[] };
const suites: Suite[] = [];
const fileTimes: FileTime[] = [];
const started = performance.now();

/**
 * Worker processes for each bun test run (`CHECK_WORKERS`, default BUN_WORKERS). Some files wait
 * on other processes (servers, sqld, SMTP), so more workers than the machine's two cores keep them busy.
 */
const BUN_WORKERS = 4;
const workers = Number(process.env.CHECK_WORKERS ?? BUN_WORKERS);
const scratch = mkdtempSync(join(tmpdir(), "carebook-check-"));

/**
 * A copy of the committed per-file durations (tests/timings.json), which `--parallel` uses to
 * start the slowest files first and this run rewrites with what it measured.
 */
function timingsFile(name: string): string {
  const path = join(scratch, `${name}.json`);
  if (existsSync("tests/timings.json")) copyFileSync("tests/timings.json", path);
  else writeFileSync(path, JSON.stringify({ version: 1, files: {} }));
  return path;
}

/**
 * Runs one command. Alone, its output streams as it comes; beside others (`quiet`), it is kept and
 * printed whole when the command ends, so suites running together never interleave their lines.
 */
async function run(cmd: string[], options: { env?: Record<string, string>; quiet?: boolean } = {}) {
  const begun = performance.now();
  console.log(options.quiet ? `\n(started beside another suite, output when it ends: ${cmd.join(" ")})` : `\n$ ${cmd.join(" ")}`);
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...options.env } });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      if (!options.quiet) sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  if (options.quiet) process.stdout.write(`\n$ ${cmd.join(" ")}\n${output}`);
  return { code, output, seconds: (performance.now() - begun) / 1000 };
}

const count = (output: string, pattern: RegExp) => {
  let total = 0;
  for (const match of output.matchAll(pattern)) total = Number(match[1]);
  return total;
};

/** A command that passes or fails as a whole (the typecheck, the dependency rules). */
const whole = (name: string, r: { code: number; seconds: number }): Suite =>
  ({ name, passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, seconds: r.seconds });

/**
 * The lines naming each failed test (bun's `(fail) …`, Playwright's `✘ …`), repeated at the end so
 * the run's last lines say what failed, where CI keeps only its tail.
 */
function failedLines(output: string, pattern: RegExp): string[] {
  const found = new Map<string, string>();
  let file = "";
  for (const line of output.split("\n")) {
    // bun heads each file's results with its path and a colon, and repeats the failures at the end
    if (/^\S+\.test\.tsx?:$/.test(line)) file = line.slice(0, -1);
    else if (pattern.test(line) && !found.has(line.trim())) found.set(line.trim(), file);
  }
  return [...found].map(([line, inFile]) => (inFile && line.startsWith("(fail)") ? `${inFile}: ${line}` : line));
}

/** `bun test`'s counts; a crash before its summary counts as one failure. */
function bunTest(name: string, r: { code: number; output: string; seconds: number }): Suite {
  const passed = count(r.output, /^\s*(\d+) pass$/gm);
  let failed = count(r.output, /^\s*(\d+) fail$/gm);
  if (r.code !== 0 && failed === 0) failed = 1;
  return { name, passed, failed, seconds: r.seconds, failures: failedLines(r.output, /^\s*\(fail\) /) };
}

function finish(): never {
  console.log("");
  for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed (${s.seconds.toFixed(0)} s)`);
  for (const s of suites.filter((s) => (s.failures ?? []).length > 0)) {
    console.log(`failed in ${s.name}:`);
    for (const line of s.failures!.slice(0, 20)) console.log(`  ${line.slice(0, 300)}`);
  }
  if (fileTimes.length > 0) {
    console.log("the 10 slowest test files:");
    for (const line of slowestLines(fileTimes)) console.log(line);
  }
  console.log(`check took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  const passed = suites.reduce((n, s) => n + s.passed, 0);
  const failed = suites.reduce((n, s) => n + s.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

// 0. The machine: Chromium and a Devanagari font for the browser journeys, before anything else runs.
const specs = existsSync("tests/e2e") ? readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")) : [];
if (specs.length > 0 && !ensurePrerequisites()) {
  suites.push({ name: "prerequisites", passed: 0, failed: 1, seconds: 0 });
  finish();
}

// 1. The browser bundles that pages reference (and the binary embeds).
const build = await run(["bun", "src/build/client-build.ts"]);
if (build.code !== 0) suites.push({ name: "client build", passed: 0, failed: 1, seconds: build.seconds });

// 2. The unit and API tests on the embedded file, then those JSON API tests again, each harness on
//    a fresh libSQL server (tests/support/sqld.ts) instead of a file (tests about the file itself
//    are skipped there, each naming why), beside the types and the rules of the arrows
//    (.dependency-cruiser.cjs).
/**
 * Files that compare answer times (the server's under its own picture load; a known email's
 * against an unknown one's): beside other files' load they would read that instead, so they run
 * after the parallel pass, alone.
 */
const ALONE = ["src/routes/api/picture-stall.test.ts", "src/routes/api/reset-timing.test.ts", "src/routes/api/password-enumeration.test.ts"];

/**
 * One `bun test` pass: `files` (all when empty) over the workers, then the ALONE ones among them;
 * `quiet` when it runs beside another suite.
 */
async function bunTestRun(name: string, files: string[], env: Record<string, string>, quiet: boolean): Promise<Suite> {
  const timings = timingsFile(name.replace(/\W+/g, "-"));
  const wanted = files.length === 0 ? [] : files.filter((f) => !ALONE.includes(f));
  const ignore = ALONE.map((f) => `--path-ignore-patterns=${f}`);
  // 15 s a test or hook rather than bun's 5: on a loaded machine a harness's sqld start alone took
  // more than 5 s (a check beside four other busy processes failed four hooks that way).
  // --no-isolate: a worker keeps one module registry over its files, so a file no longer loads the
  // app's modules afresh (about 0.5 CPU-s each, 200 files): the file pass took 258 CPU-s in 130 s,
  // now 138 in 71 (5 December 2026). Files leave nothing behind for the next (they shared one
  // process before --parallel came); a file's setDefaultTimeout does stay for the worker's later
  // files, which only lengthens their limit for a hang.
  const r = await run(["bun", "test", `--parallel=${workers}`, "--no-isolate", "--timeout=15000", `--timings=${timings}`, "--update-timings", ...ignore, ...wanted], { env, quiet });
  const alone = files.length === 0 ? ALONE : files.filter((f) => ALONE.includes(f));
  const rest = alone.length > 0 ? await run(["bun", "test", ...alone], { env, quiet }) : undefined;
  fileTimes.push(...bunTimings(timings, name).filter((t) => files.length === 0 || files.includes(t.file)));
  const parallel = bunTest(name, r);
  if (!rest) return parallel;
  const after = bunTest(name, rest);
  return {
    name,
    passed: parallel.passed + after.passed,
    failed: parallel.failed + after.failed,
    seconds: parallel.seconds + after.seconds,
    failures: [...parallel.failures!, ...after.failures!],
  };
}

/**
 * JavaScriptCore's last tier (FTL) off for the test processes and the servers they start: a test
 * file runs its code a few times, seldom long enough for an FTL compile to pay for itself. The
 * file pass took 117-126 CPU-s in 66-70 s with it, 110 in 63 without (5 December 2026); turning
 * off the tier below too (DFG) cost more than it saved. A server started outside the check keeps
 * every tier.
 */
const TEST_JIT = { BUN_JSC_useFTLJIT: "false" };

// The unit and API tests alone on the machine, then the typecheck and the dependency rules beside
// the sqld pass: beside the file pass the typecheck's 13 CPU-seconds lengthened it by about 8 s.
// They end (20-25 s) long before the sqld pass's timing files run alone after its 65 s.
suites.push(await bunTestRun("bun test", [], TEST_JIT, false));
const [types, onSqld] = await Promise.all([
  (async () => {
    const tsc = await run(["bun", "x", "tsc", "--noEmit", "-p", "."], { quiet: true });
    const arrows = await run(["bun", "run", "deps:check"], { quiet: true });
    // Issue 53: no source file under src/ or islands/ past 400 lines (src/build/file-length.ts).
    const lengths = await run(["bun", "run", "lines:check"], { quiet: true });
    return [whole("typecheck", tsc), whole("dependency rules", arrows), whole("file length", lengths)];
  })(),
  bunTestRun("bun test (sqld)", apiTestFiles(), { ...TEST_JIT, CAREBOOK_TEST_DB: "sqld" }, true),
]);
suites.push(...types, onSqld);

// 3. Browser journeys, alone on the machine: beside the sqld pass (5 December 2026) the two took
//    516 s together against about 120 + 400 s one after the other, since two workers already keep
//    the two cores about 80 % busy. Their JSON report gives each spec file's time.
if (specs.length > 0) {
  const report = join(scratch, "playwright.json");
  const e2e = await run(["bun", "x", "playwright", "test", "--reporter=list,json"], { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report } });
  const e2ePassed = count(e2e.output, /^\s*(\d+) passed/gm);
  let e2eFailed = count(e2e.output, /^\s*(\d+) failed/gm) + count(e2e.output, /^\s*(\d+) flaky/gm);
  if (e2e.code !== 0 && e2eFailed === 0) e2eFailed = 1;
  const failures = failedLines(e2e.output, /^\s*✘/);
  suites.push({ name: "playwright", passed: e2ePassed, failed: e2eFailed, seconds: e2e.seconds, failures });
  fileTimes.push(...playwrightTimings(report));
}

finish();
