/**
 * The files the server ships beside its code: migrations (drizzle/) and static files (static/,
 * with the island bundles in static/build/). From the source tree they are read from the
 * repository; inside the `bun run build` executable they are embedded under the binary's own
 * virtual folder (import.meta.dir is /$bunfs/root there), at the same relative paths. Nothing
 * else needs to know which of the two it is running from.
 */
import { statSync } from "node:fs";
import { join, resolve } from "node:path";

/** The folder that holds drizzle/ and static/: the repository root, or the binary's embedded root. */
export const ASSET_ROOT = Bun.isStandaloneExecutable ? import.meta.dir : resolve(import.meta.dir, "..", "..");

/** The committed drizzle-kit migrations. */
export const MIGRATIONS_DIR = join(ASSET_ROOT, "drizzle");

/** static/: CSS, icons, and the built island bundles in static/build/. */
export const STATIC_DIR = join(ASSET_ROOT, "static");

/** A path below static/ is plain segments: no `..`, no dot-files, no backslashes or control characters. */
const SEGMENT = /^[A-Za-z0-9_@+~-][A-Za-z0-9._@+~-]*$/;

/**
 * The absolute path of a regular file below static/ (`relative` like "build/client-3f9a.js"),
 * or undefined when the name is not a safe relative path or no such file exists. The path works
 * with Bun.file and node:fs both from the source tree and inside the binary.
 */
export function staticFile(relative: string, dir = STATIC_DIR): string | undefined {
  const segments = relative.split("/");
  if (!segments.every((s) => SEGMENT.test(s))) return undefined;
  const path = join(dir, ...segments);
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}
