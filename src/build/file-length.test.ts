/**
 * The 400-line limit (./file-length.ts): the real tree keeps it, and the same check, run on a
 * scratch tree, fails on a 401-line file naming it and its length, passes at 400, leaves tests
 * and data alone, and keeps its exceptions honest.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { EXCEPTIONS, lengthProblems, lineCount, MAX_LINES } from "./file-length";

const REPO = resolve(import.meta.dir, "..", "..");
const scratchRoots: string[] = [];
afterAll(() => scratchRoots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `n` lines of code, each ended by a newline, as an editor writes a file. */
const linesOf = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};\n`).join("");

/** A scratch tree holding `files`, by path from its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "carebook-lengths-"));
  scratchRoots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("the 400-line limit", () => {
  test("no source file of ours passes it, and the exceptions start empty", () => {
    expect(lengthProblems(REPO)).toEqual([]);
    expect(MAX_LINES).toBe(400);
    expect(EXCEPTIONS).toEqual({});
  });

  test("a 401-line file fails, named with its length; one of 400 passes", () => {
    const root = tree({ "src/http/big.ts": linesOf(401), "src/http/full.ts": linesOf(400), "islands/Small.tsx": linesOf(10) });
    const problems = lengthProblems(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toStartWith("src/http/big.ts has 401 lines, past the limit of 400");
  });

  test("islands count, deep folders count, every source kind counts", () => {
    const root = tree({ "islands/lib/Big.tsx": linesOf(401), "src/a/b/c/style.css": linesOf(401), "src/x.mjs": linesOf(401) });
    expect(lengthProblems(root).map((p) => p.split(" ")[0])).toEqual(["islands/lib/Big.tsx", "src/a/b/c/style.css", "src/x.mjs"]);
  });

  test("tests, data and other folders are not held to it", () => {
    const root = tree({
      "src/routes/api/big.test.ts": linesOf(900),
      "src/openapi/openapi.before.json": linesOf(900),
      "tests/e2e/long.spec.ts": linesOf(900),
      "bench/run.ts": linesOf(900),
    });
    expect(lengthProblems(root)).toEqual([]);
  });

  test("an exception with its reason lets a file pass; one without a reason, gone, or no longer needed fails", () => {
    const root = tree({ "src/big.ts": linesOf(401), "src/small.ts": linesOf(20) });
    expect(lengthProblems(root, { exceptions: { "src/big.ts": "a generated table" } })).toEqual([]);
    const problems = lengthProblems(root, { exceptions: { "src/big.ts": " ", "src/gone.ts": "was long", "src/small.ts": "was long" } });
    expect(problems).toEqual([
      "src/big.ts is excepted from the 400-line limit without a reason",
      "src/gone.ts is excepted from the 400-line limit but is no source file here",
      "src/small.ts is excepted from the 400-line limit but has 20 lines: drop the exception",
    ]);
  });

  test("lines are counted as an editor numbers them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a")).toBe(1);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount(linesOf(401))).toBe(401);
  });

  test("the command fails on a 401-line file, naming it (what the rules step of check runs)", () => {
    const root = tree({ "src/big.ts": linesOf(401) });
    // The command reads the tree it sits in: a copy of it in the scratch tree checks that tree.
    mkdirSync(join(root, "src", "build"), { recursive: true });
    copyFileSync(join(import.meta.dir, "file-length.ts"), join(root, "src", "build", "file-length.ts"));
    const run = Bun.spawnSync(["bun", join(root, "src", "build", "file-length.ts")], { stderr: "pipe", stdout: "pipe" });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.toString()).toContain("src/big.ts has 401 lines");
  });
});
