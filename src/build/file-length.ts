/**
 * The limit that stays (issue 53): no source file under src/ or islands/ passes 400 lines, tests
 * aside. A file that grows past it is split by what a person looks for (one module per resource,
 * as src/http/schemas/ is), not raised. `bun run lines:check` runs it in the rules step of
 * `bun run check`, beside the typecheck and the dependency rules; file-length.test.ts tests it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const MAX_LINES = 400;

/** The folders whose source files the limit holds for, from the repository's root. */
export const ROOTS = ["src", "islands"];

/**
 * Files allowed past the limit, by path from the repository's root, each with the reason a split
 * would read worse. Starts empty; an entry whose file is gone or back under the limit fails too.
 */
export const EXCEPTIONS: Record<string, string> = {};

/** Source files: what we write and ship (data such as golden copies and fixtures aside). */
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/;
/** Tests, beside the code or not: their tables of cases may run long. */
const TEST = /\.(test|spec)\.(ts|tsx|js|jsx)$/;

/** Lines as an editor numbers them: a last line without its newline counts, a final newline does not add one. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") ? breaks : breaks + 1;
}

function sourceFiles(root: string, dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/**
 * What breaks the limit under `root`: each file past `max` lines, named with its length, unless
 * an exception gives its reason; and each exception that no longer holds (no reason, no such
 * file, or back under the limit). Paths use `/` whatever the system.
 */
export function lengthProblems(
  root: string,
  { roots = ROOTS, max = MAX_LINES, exceptions = EXCEPTIONS }: { roots?: string[]; max?: number; exceptions?: Record<string, string> } = {},
): string[] {
  const problems: string[] = [];
  const lengths = new Map<string, number>();
  for (const dir of roots) {
    for (const path of sourceFiles(root, dir)) {
      const name = relative(root, join(root, path)).split(sep).join("/");
      lengths.set(name, lineCount(readFileSync(join(root, path), "utf8")));
    }
  }
  for (const [name, lines] of [...lengths].sort(([a], [b]) => a.localeCompare(b))) {
    if (lines > max && exceptions[name] === undefined) {
      problems.push(`${name} has ${lines} lines, past the limit of ${max}: split it by what a person looks for (docs/architecture.md, "Where to add")`);
    }
  }
  for (const [name, reason] of Object.entries(exceptions)) {
    const lines = lengths.get(name);
    if (reason.trim() === "") problems.push(`${name} is excepted from the ${max}-line limit without a reason`);
    if (lines === undefined) problems.push(`${name} is excepted from the ${max}-line limit but is no source file here`);
    else if (lines <= max) problems.push(`${name} is excepted from the ${max}-line limit but has ${lines} lines: drop the exception`);
  }
  return problems;
}

if (import.meta.main) {
  const root = join(import.meta.dir, "..", "..");
  const problems = lengthProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`no source file under ${ROOTS.map((r) => `${r}/`).join(" or ")} passes ${MAX_LINES} lines`);
}
