/**
 * `bun run check`: the whole test suite, as CI runs it. First what the browser journeys need from
 * the machine (tests/prerequisites.ts: installed as root, else a stop within seconds naming the
 * command); then the client build; then, side by side on the machine's cores, the unit and API
 * tests (bun test, rooted in src/) and, on the other core, the typecheck, the dependency rules and
 * the JSON API tests again on a libSQL server (sqld); last the browser journeys (Playwright,
 * tests/e2e), alone, since their timings read the machine.
 * Ends with one line `N passed, M failed` over all suites, and fails if anything failed.
 */
import { existsSync, readdirSync } from "node:fs";
import { ensurePrerequisites } from "./prerequisites";
import { apiTestFiles } from "./support/api-tests";

type Suite = { name: string; passed: number; failed: number; seconds: number };
const suites: Suite[] = [];
const started = performance.now();

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

/** `bun test`'s counts; a crash before its summary counts as one failure. */
function bunTest(name: string, r: { code: number; output: string; seconds: number }): Suite {
  const passed = count(r.output, /^\s*(\d+) pass$/gm);
  let failed = count(r.output, /^\s*(\d+) fail$/gm);
  if (r.code !== 0 && failed === 0) failed = 1;
  return { name, passed, failed, seconds: r.seconds };
}

function finish(): never {
  console.log("");
  for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed (${s.seconds.toFixed(0)} s)`);
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

// 2. Side by side on the machine's two cores: the unit and API tests on the embedded file on one;
//    on the other, types and the rules of the arrows (.dependency-cruiser.cjs), then the JSON API
//    tests again, each harness on a fresh libSQL server (tests/support/sqld.ts) instead of a file
//    (tests about the file itself are skipped there, each naming why).
const [types, unit] = await Promise.all([
  (async () => {
    const tsc = await run(["bun", "x", "tsc", "--noEmit", "-p", "."], { quiet: true });
    const arrows = await run(["bun", "run", "deps:check"], { quiet: true });
    const remote = await run(["bun", "test", ...apiTestFiles()], { env: { CAREBOOK_TEST_DB: "sqld" }, quiet: true });
    return [whole("typecheck", tsc), whole("dependency rules", arrows), bunTest("bun test (sqld)", remote)];
  })(),
  run(["bun", "test"], { quiet: true }),
]);
suites.push(...types, bunTest("bun test", unit));

// 3. Browser journeys, alone on the machine.
if (specs.length > 0) {
  const e2e = await run(["bun", "x", "playwright", "test"]);
  const e2ePassed = count(e2e.output, /^\s*(\d+) passed/gm);
  let e2eFailed = count(e2e.output, /^\s*(\d+) failed/gm) + count(e2e.output, /^\s*(\d+) flaky/gm);
  if (e2e.code !== 0 && e2eFailed === 0) e2eFailed = 1;
  suites.push({ name: "playwright", passed: e2ePassed, failed: e2eFailed, seconds: e2e.seconds });
}

finish();
