/**
 * The single binary for the tests that run it (src/build/binary.test.ts, src/build/edge.test.ts),
 * built once by buildBinary() and shared: `bun build --compile` takes some 10 s of both cores,
 * and both files used to make the same executable, each its own, in the same run.
 *
 * The build is kept in the temporary folder under a key of everything it is made from (the
 * sources below src/ but their tests, drizzle/, static/, the lockfile and the build settings,
 * and this Bun), so a change to any of them builds anew. Two files asking at once (bun test
 * --parallel) take turns through a lock folder: one builds, the other waits and copies.
 * The browser bundles in static/build are not rebuilt here (skipClient): the test preload makes
 * them when they are missing, and rebuilding them (which first deletes static/build) while other
 * test files of a parallel run read them broke those files.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildBinary } from "../../src/build/binary";

const ROOT = resolve(import.meta.dir, "..", "..");
/** What the binary is made from, below the repository root. */
const INPUTS = ["src", "drizzle", "static", "package.json", "bun.lock", "tsconfig.json", "bunfig.toml"];
/** A lock older than this was left by a process that died while building. */
const STALE_LOCK_MS = 5 * 60_000;
/** Cached builds unused this long (made by other checkouts or older sources) are removed. */
const UNUSED_MS = 6 * 3_600_000;

/** Every file below `path` (or `path` itself), sorted, tests left out. */
function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return (readdirSync(path, { recursive: true }) as string[])
    .map((name) => join(path, name))
    .filter((file) => !/\.test\.tsx?$/.test(file) && statSync(file).isFile())
    .sort();
}

/** A key of the binary's inputs: the same key, the same executable. */
function inputsKey(): string {
  const hash = createHash("sha256").update(`${Bun.version} ${Bun.revision} ${process.platform} ${process.arch}\n`);
  for (const input of INPUTS) {
    for (const file of files(join(ROOT, input))) hash.update(`${file.slice(ROOT.length)}\n`).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 24);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes the cached builds nobody has used for a long time (never one being built). */
function pruneOld(cache: string, keep: string) {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (name === keep || name.endsWith(".lock")) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_MS && !existsSync(`${path}.lock`)) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
}

/**
 * Copies the binary for this checkout to `outfile` (building it first when no build of the same
 * inputs is kept) and returns `outfile`. The copy is the caller's own: a cached build may be
 * removed later, never the copy.
 */
export async function sharedBinary(outfile: string): Promise<string> {
  const cache = join(tmpdir(), "carebook-binary-cache");
  mkdirSync(cache, { recursive: true });
  const key = inputsKey();
  const dir = join(cache, key);
  const built = join(dir, "carebook");
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 240_000;
  while (!existsSync(built)) {
    if (Date.now() > deadline) throw new Error(`no binary at ${built}: another build held ${lock} too long`);
    let mine = false;
    try {
      mkdirSync(lock); // atomic: one process wins
      writeFileSync(join(lock, "pid"), String(process.pid));
      mine = true;
    } catch {
      const pid = Number(existsSync(join(lock, "pid")) ? readFileSync(join(lock, "pid"), "utf8") : NaN);
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if ((Number.isInteger(pid) && !alive(pid)) || age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await Bun.sleep(200); // real time: a 200 ms poll for the build another file is making
    }
    if (!mine) continue;
    try {
      if (!existsSync(built)) {
        const partial = join(`${dir}.partial-${process.pid}`, "carebook");
        await buildBinary({ outfile: partial, skipClient: true });
        mkdirSync(dir, { recursive: true });
        renameSync(partial, built); // whole or absent: a waiter never copies half a file
        rmSync(`${dir}.partial-${process.pid}`, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    pruneOld(cache, key);
  }
  mkdirSync(resolve(outfile, ".."), { recursive: true });
  copyFileSync(built, outfile);
  utimesSync(dir, new Date(), new Date()); // used now (for pruneOld)
  return outfile;
}
