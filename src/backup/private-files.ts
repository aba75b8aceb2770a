/**
 * Backups are as private as the live database (issue 23): every file a backup or a restore
 * writes is 0600 and every folder 0700, created that way, never made private afterwards (which
 * leaves a moment when they are readable). Files are written to a new, random name opened with
 * O_EXCL (which refuses an existing path, a symlink included) and then renamed into place, so
 * nothing is ever written through a path someone else prepared.
 */
import { chmodSync, closeSync, constants, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

let depth = 0;
let outerMask = 0;

/**
 * Runs `task` with the process's umask at 077, so that whatever it creates (SQLite's own files
 * included: VACUUM INTO, journals) is readable by this user alone; the umask is put back when
 * the last such task ends. Backups and restores run in processes of their own (the CLI, or the
 * scheduled backup's child), so no other file of the server is created under it.
 */
export async function privately<T>(task: () => Promise<T>): Promise<T> {
  if (depth++ === 0) outerMask = process.umask(0o077);
  try {
    return await task();
  } finally {
    if (--depth === 0) process.umask(outerMask);
  }
}

/**
 * Creates `dir` (and missing parents) as 0700. With `own`, a folder that already exists is made
 * 0700 too (BACKUP_DIR, which only backups use); without, an existing folder is left as it is.
 */
export function privateFolder(dir: string, options: { own?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (options.own) chmodSync(dir, PRIVATE_DIR);
}

/** Creates the new folder `dir` as 0700; fails if anything is at that path already. */
export function newPrivateFolder(dir: string): void {
  mkdirSync(dir, { mode: PRIVATE_DIR });
}

/** A new name beside `path`, unique to this call: `.name.<random>.tmp`. */
const freshNameBeside = (path: string) => join(dirname(path), `.${basename(path)}.${crypto.randomUUID()}.tmp`);

/** Opens a new file for writing, 0600, refusing any path that exists (a symlink included). */
const openNew = (path: string) => openSync(path, "wx", PRIVATE_FILE);

/** Writes `data` to a new private file and renames it to `path` (replacing a file or a symlink there, never writing through it). */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  const fresh = freshNameBeside(path);
  const fd = openNew(fresh);
  try {
    writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(fresh, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(fresh, path);
}

/**
 * Copies the regular file `from` to the new path `to` (which must not exist), 0600, in 1 MiB
 * chunks; the copy is synced to disk. `from` is opened without following a symlink.
 */
export function copyPrivateFile(from: string, to: string): number {
  const input = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  let output: number | undefined;
  try {
    output = openNew(to);
    const buffer = Buffer.allocUnsafe(2 ** 20);
    let total = 0;
    for (let n = readSync(input, buffer); n > 0; n = readSync(input, buffer)) {
      let written = 0;
      while (written < n) written += writeSync(output, buffer, written, n - written);
      total += n;
    }
    fsyncSync(output);
    return total;
  } catch (error) {
    if (output !== undefined) rmSync(to, { force: true });
    throw error;
  } finally {
    closeSync(input);
    if (output !== undefined) closeSync(output);
  }
}

/** Copies `from` to `to` through a fresh private file renamed into place. */
export function copyPrivateFileTo(from: string, to: string): number {
  const fresh = freshNameBeside(to);
  const bytes = copyPrivateFile(from, fresh);
  renameSync(fresh, to);
  return bytes;
}
