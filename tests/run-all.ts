/**
 * `bun run check`: the whole test suite, as CI runs it. Typecheck and the dependency rules, then the unit and API tests
 * (bun test, rooted in src/), the API tests again on a libSQL server (sqld), then the browser journeys (Playwright,
 * tests/e2e) when there are any.
 * Ends with one line `N passed, M failed` over all suites, and fails if anything failed.
 */
import { existsSync, readdirSync } from "node:fs";
import { apiTestFiles } from "./support/api-tests";

type Suite = { name: string; passed: number; failed: number };
const suites: Suite[] = [];

async function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  console.log(`\n$ ${cmd.join(" ")}`);
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  return { code: await proc.exited, output };
}

const count = (output: string, pattern: RegExp) => {
  let total = 0;
  for (const match of output.matchAll(pattern)) total = Number(match[1]);
  return total;
};

// 0. The browser bundles that pages reference (and the binary embeds).
const build = await run(["bun", "src/build/client-build.ts"]);
if (build.code !== 0) suites.push({ name: "client build", passed: 0, failed: 1 });

// 1. Types.
const tsc = await run(["bun", "x", "tsc", "--noEmit", "-p", "."]);
suites.push({ name: "typecheck", passed: tsc.code === 0 ? 1 : 0, failed: tsc.code === 0 ? 0 : 1 });

// 1b. The rules of the arrows (.dependency-cruiser.cjs): a forbidden import fails with the rule's name.
const arrows = await run(["bun", "run", "deps:check"]);
suites.push({ name: "dependency rules", passed: arrows.code === 0 ? 1 : 0, failed: arrows.code === 0 ? 0 : 1 });

/** Runs `bun test` with `args` and `env`, counted as the suite `name`. */
async function bunTest(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = await run(["bun", "test", ...args], env);
  const passed = count(result.output, /^\s*(\d+) pass$/gm);
  let failed = count(result.output, /^\s*(\d+) fail$/gm);
  if (result.code !== 0 && failed === 0) failed = 1; // crashed before counting
  suites.push({ name, passed, failed });
}

// 2. Unit and API tests.
await bunTest("bun test");

// 2b. The JSON API tests again, each harness on a fresh libSQL server (tests/support/sqld.ts)
// instead of a file; tests about the file itself are skipped there, each naming why.
await bunTest("bun test (sqld)", apiTestFiles(), { CAREBOOK_TEST_DB: "sqld" });

// 3. Browser journeys.
const specs = existsSync("tests/e2e") ? readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts")) : [];
if (specs.length > 0) {
  const e2e = await run(["bun", "x", "playwright", "test"]);
  const e2ePassed = count(e2e.output, /^\s*(\d+) passed/gm);
  let e2eFailed = count(e2e.output, /^\s*(\d+) failed/gm) + count(e2e.output, /^\s*(\d+) flaky/gm);
  if (e2e.code !== 0 && e2eFailed === 0) e2eFailed = 1;
  suites.push({ name: "playwright", passed: e2ePassed, failed: e2eFailed });
}

console.log("");
for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
