/**
 * The rules of the arrows (.dependency-cruiser.cjs, docs/architecture.md) are themselves tested:
 * each forbidden import, written into a scratch tree shaped like ours, fails the check with the
 * rule's name; the same tree without it passes. The real tree is checked by `bun run deps:check`.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const REPO = resolve(import.meta.dir, "..", "..");
// The first check loads dependency-cruiser and TypeScript into this process: on two loaded cores
// (bun test --parallel) that alone can pass bun's default 5 s.
setDefaultTimeout(30_000);
const scratchRoots: string[] = [];
afterAll(() => scratchRoots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A tree every rule accepts: each layer importing only what it may. */
const lawful: Record<string, string> = {
  "src/domain/rules.ts": `export const rule = 1;\n`,
  "src/domain/more.ts": `import { rule } from "./rules";\nexport const more = rule + 1;\n`,
  "src/db/queries.ts": `import { rule } from "../domain/rules";\nexport const query = rule;\nexport type Row = { id: string };\n`,
  "src/actions/book.ts": `import { query } from "../db/queries";\nexport const book = query;\n`,
  "src/storage/files.ts": `import { rule } from "../domain/rules";\nexport const files = rule;\n`,
  "src/auth/tokens.ts": `import { rule } from "../domain/rules";\nexport const tokens = rule;\n`,
  "src/backup/copy.ts": `import { query } from "../db/queries";\nimport { files } from "../storage/files";\nexport const copy = [query, files];\n`,
  "src/calendar/feed.ts": `import { query } from "../db/queries";\nimport { tokens } from "../auth/tokens";\nexport const feed = [query, tokens];\n`,
  "src/actions/upload.ts": `import { files } from "../storage/files";\nimport { tokens } from "../auth/tokens";\nexport const upload = [files, tokens];\n`,
  "src/http/errors.ts": `export class ApiError {}\n`,
  "src/http/gate.ts": `import { tokens } from "../auth/tokens";\nimport { files } from "../storage/files";\nexport const gate = [tokens, files];\n`,
  "src/middleware/session.ts": `import { tokens } from "../auth/tokens";\nimport { ApiError } from "../http/errors";\nexport const session = [tokens, ApiError];\n`,
  "src/components/Card.tsx": `import { more } from "../domain/more";\nimport type { Shape } from "../types";\nexport const card: Shape = { a: more };\n`,
  "src/routes/api.ts": `import { book } from "../actions/book";\nimport { ApiError } from "../http/errors";\nexport const api = [book, ApiError];\n`,
  "src/types.ts": `export type Shape = { a: number };\n`,
  "islands/Island.tsx": `import { more } from "../src/domain/more";\nimport type { Shape } from "../src/types";\nexport const island: Shape = { a: more };\n`,
  "src/routes/api.test.ts": `import { harness } from "../../tests/support/harness";\nexport const t = harness;\n`,
  "tests/support/harness.ts": `export const harness = 1;\n`,
  "tests/support/monday.ts": `export const monday = 1;\n`,
  "tests/e2e/book.spec.ts": `import { monday } from "../support/monday";\nexport const spec = monday;\n`,
  "bench/run.ts": `export const bench = 1;\n`,
  "src/i18n/catalog.ts": `import { more } from "../domain/more";\nimport type { Shape } from "../types";\nexport const words: Shape = { a: more };\n`,
};

/**
 * `depcruise`'s own command-line entry (what `bun run deps:check` runs), called in this process:
 * a process of its own per check started bun, dependency-cruiser and TypeScript anew each time,
 * over a second a check. It reads the same config and writes the same report, and returns the
 * exit code the command would have.
 */
type DepcruiseCli = (files: string[], options: Record<string, unknown>, streams?: { stdout: { write(s: string): void }; stderr: { write(s: string): void } }) => Promise<number>;
const depcruise = (await import(join(REPO, "node_modules", "dependency-cruiser", "src", "cli", "index.mjs"))).default as DepcruiseCli;

/** Writes `files` into a fresh scratch tree and runs the check there; its exit code and output. */
async function check(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const root = mkdtempSync(join(tmpdir(), "carebook-arrows-"));
  scratchRoots.push(root);
  const all = { ...files, "tsconfig.json": JSON.stringify({ compilerOptions: { module: "Preserve", moduleResolution: "bundler" } }) };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // As `depcruise --config … src islands tests bench` run in the scratch tree: paths are relative to it.
  const cwd = process.cwd();
  const nodePath = process.env.NODE_PATH;
  let output = "";
  const stream = { write: (text: string) => void (output += text) };
  process.chdir(root);
  process.env.NODE_PATH = join(REPO, "node_modules");
  try {
    const report = join(root, "depcruise.txt");
    const code = await depcruise(["src", "islands", "tests", "bench"], { config: join(REPO, ".dependency-cruiser.cjs"), outputTo: report }, { stdout: stream, stderr: stream });
    return { code, output: (existsSync(report) ? readFileSync(report, "utf8") : "") + output };
  } finally {
    process.chdir(cwd);
    if (nodePath === undefined) delete process.env.NODE_PATH;
    else process.env.NODE_PATH = nodePath;
  }
}

describe("the rules of the arrows", () => {
  test("a tree that keeps every rule passes", async () => {
    const { code, output } = await check(lawful);
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  });

  const breaches: [rule: string, path: string, text: string][] = [
    ["domain-is-pure", "src/domain/rules.ts", `import { query } from "../db/queries";\nexport const rule = query;\n`],
    ["db-below-the-door", "src/db/queries.ts", `import { book } from "../actions/book";\nexport const query = book;\n`],
    ["actions-know-no-http", "src/actions/book.ts", `import { ApiError } from "../http/errors";\nexport const book = ApiError;\n`],
    ["below-the-use-cases", "src/storage/files.ts", `import { book } from "../actions/book";\nexport const files = book;\n`],
    ["below-the-use-cases", "src/auth/tokens.ts", `import { book } from "../actions/book";\nexport const tokens = book;\n`],
    ["below-the-use-cases", "src/calendar/feed.ts", `import { book } from "../actions/book";\nexport const feed = book;\n`],
    ["below-the-use-cases", "src/backup/copy.ts", `import { upload } from "../actions/upload";\nexport const copy = upload;\n`],
    ["http-below-middleware", "src/http/gate.ts", `import { session } from "../middleware/session";\nexport const gate = session;\n`],
    ["storage-knows-no-sql", "src/storage/files.ts", `import { query } from "../db/queries";\nexport const files = query;\n`],
    // A type is an import too: a component declares the shape it needs, or takes it from src/domain.
    ["components-know-no-db", "src/components/Card.tsx", `import type { Row } from "../db/queries";\nexport const card = (row: Row) => row.id;\n`],
    ["i18n-is-words", "src/i18n/catalog.ts", `import { query } from "../db/queries";\nexport const words = query;\n`],
    ["islands-pure", "islands/Island.tsx", `import { query } from "../src/db/queries";\nexport const island = query;\n`],
    ["src-not-bench-or-tests", "src/db/queries.ts", `import { bench } from "../../bench/run";\nexport const query = bench;\n`],
    // Reached through a support file, as the two-year bound's clock once reached bun:test.
    ["journeys-run-under-node", "tests/support/monday.ts", `import { onTestFinished } from "bun:test";\nexport const monday = onTestFinished;\n`],
    ["no-circular", "src/domain/rules.ts", `import { more } from "./more";\nexport const rule = 1;\nexport const again = () => more;\n`],
  ];
  for (const [rule, path, text] of breaches) {
    test(`${rule}: a forbidden import in ${path} fails the check, naming the rule`, async () => {
      const { code, output } = await check({ ...lawful, [path]: text });
      expect(output).toContain(`error ${rule}:`);
      expect(code).not.toBe(0);
    });
  }
});
