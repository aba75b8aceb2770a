/**
 * `carebook backup`: a consistent copy of an embedded database taken while the server keeps
 * serving (SQLite's VACUUM INTO on a connection of its own: one read transaction, so writers
 * go on in WAL mode), checked with integrity_check, then the pictures that copy names. A libSQL
 * server (or an edge node's primary) is first pulled into a temporary embedded replica, since
 * VACUUM INTO is refused on a server and on a replica, and that file is copied the same way. A backup
 * is `NAME.db` and the folder `NAME.uploads/`; both are written under `.partial` names and
 * renamed when complete, the database last, so a `.db` file in the backup folder is always whole.
 * Everything is written private (./private-files.ts): files 0600, folders 0700, from creation.
 */
import { createClient } from "@libsql/client";
import { existsSync, lstatSync, rmSync, statSync } from "node:fs";
import { rename } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { databaseKind } from "../db/client";
import { hasCarebookTables, integrityCheck, picturesNamed, snapshotInto } from "../db/queries/backup";
import type { Config } from "../config/env";
import { beginPictureBackup, listPictures } from "./pictures";
import { newPrivateFolder, privateFolder, privately, writePrivateFile } from "./private-files";

export type BackupResult = {
  /** The database copy written. */
  file: string;
  /** The pictures folder written, if pictures are on the local disk. */
  pictures?: string;
  pictureCount: number;
  bytes: number;
  ms: number;
  /** Milliseconds spent in each step (snapshot, check, checksum, pictures). */
  steps?: Record<string, number>;
  /** What this backup did not write and who keeps it instead, or what was already missing. */
  notes: string[];
};

/**
 * A backup's file name for `now`, sortable so the oldest come first: carebook-2026-11-22T21-04-05-123Z.db,
 * or carebook-scheduled-… for the scheduled ones (only those are ever removed by the schedule).
 */
export function backupName(now = new Date(), kind: "manual" | "scheduled" = "manual"): string {
  return `carebook-${kind === "scheduled" ? "scheduled-" : ""}${now.toISOString().replace(/[:.]/g, "-")}.db`;
}

/** The pictures folder that belongs to the backup file `file`. */
export function picturesDirOf(file: string): string {
  return `${file.replace(/\.db$/, "")}.uploads`;
}

/** The checksum file beside a backup: `sha256sum -c` reads it; restore refuses a file that no longer matches it. */
export const checksumFileOf = (file: string) => `${file}.sha256`;

/** The SHA-256 of a file, in hex, read in chunks. */
export async function sha256Of(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

/** The path of an embedded database's file from its `file:` URL. */
export function databasePath(url: string): string {
  return resolve(url.slice("file:".length).split("?")[0]!);
}

/** Whether anything (a file, a folder, a symlink, even a dangling one) is at `path`. */
const occupied = (path: string) => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/** A new name for a partial write beside `path`, unpredictable, still ending in `.partial` (pruneBackups). */
const partialOf = (path: string) => `${path}.${crypto.randomUUID().slice(0, 8)}.partial`;

/** Writes a backup to `file` (default: a new name in BACKUP_DIR) and reports what it wrote. */
export function takeBackup(config: Config, file?: string): Promise<BackupResult> {
  return privately(() => backupPrivately(config, file));
}

/**
 * Creates the folder a backup goes into, 0700. BACKUP_DIR is ours (the default, and where the
 * scheduled backups go): made 0700 even when it exists. Another folder the operator named for
 * one backup is left as it is when it exists.
 */
function backupFolder(config: Config, dir: string): void {
  privateFolder(dir, { own: dir === resolve(config.backup.dir) });
}

async function backupPrivately(config: Config, file?: string): Promise<BackupResult> {
  const started = performance.now();
  const notes: string[] = [];
  const kind = databaseKind(config.databaseUrl, config.databaseReplica);
  if (config.s3) {
    notes.push(`Pictures are in the S3 bucket ${config.s3.bucket}: the provider keeps them (turn on the bucket's versioning). No pictures were copied.`);
  }
  const local = kind === "file" ? databasePath(config.databaseUrl) : undefined;
  if (local !== undefined && !existsSync(local)) throw new Error(`There is no database at ${local} (DATABASE_URL) to back up.`);
  const target = resolve(file ?? join(config.backup.dir, backupName()));
  const picturesTarget = picturesDirOf(target);
  if (occupied(target) || occupied(picturesTarget) || occupied(checksumFileOf(target))) throw new Error(`${target} already exists; give another name.`);
  backupFolder(config, dirname(target));
  const partial = partialOf(target);
  const picturesPartial = partialOf(picturesTarget);
  // A libSQL server, or the primary of this edge node: its current state pulled into a temporary
  // local replica (a consistent point: the replica applies whole transactions), backed up like a file.
  const pulled = local === undefined ? partialOf(target.replace(/\.db$/, ".replica")) : undefined;

  // Deleted pictures are set aside from before the snapshot until they are copied.
  const pictures = config.s3 ? undefined : await beginPictureBackup(resolve(config.uploadDir));
  try {
    const steps: Record<string, number> = {};
    let mark = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      steps[name] = now - mark;
      mark = now;
    };
    let source = local!;
    if (pulled !== undefined) {
      source = await pullReplica(pulled, config.databaseReplica?.syncUrl ?? config.databaseUrl, config.databaseAuthToken);
      step("pull");
    }
    const live = createClient({ url: `file:${source}`, timeout: 5000 });
    try {
      await snapshotInto(live, partial);
    } finally {
      live.close();
    }
    step("snapshot");
    const copy = createClient({ url: `file:${partial}` });
    let named: Awaited<ReturnType<typeof picturesNamed>>;
    try {
      const problems = await integrityCheck(copy, statSync(partial).size);
      if (problems.join() !== "ok") throw new Error(`The copy failed integrity_check: ${problems.slice(0, 5).join("; ")}`);
      if (!(await hasCarebookTables(copy))) throw new Error(`${local ?? "The primary"} is not a Carebook database.`);
      named = await picturesNamed(copy);
    } finally {
      copy.close();
    }
    step("check");
    let bytes = statSync(partial).size;
    let pictureCount = 0;
    if (pictures) {
      const copied = await pictures.copyNamed(picturesPartial, named);
      bytes += copied.bytes;
      pictureCount = copied.copied;
      if (copied.missing.length > 0) {
        notes.push(`${copied.missing.length} pictures the database names were already missing from ${resolve(config.uploadDir)}: ${copied.missing.slice(0, 5).join(", ")}${copied.missing.length > 5 ? ", …" : ""}`);
      }
      await rename(picturesPartial, picturesTarget);
      step("pictures");
    }
    // integrity_check sees broken structure, not a changed byte inside a record: the checksum does.
    writePrivateFile(checksumFileOf(target), `${await sha256Of(partial)}  ${basename(target)}\n`);
    await rename(partial, target);
    step("checksum");
    return { file: target, pictures: pictures ? picturesTarget : undefined, pictureCount, bytes, ms: performance.now() - started, steps, notes };
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(checksumFileOf(target), { force: true });
    rmSync(picturesPartial, { recursive: true, force: true });
    rmSync(picturesTarget, { recursive: true, force: true }); // it did not exist before this backup
    throw error;
  } finally {
    if (pulled !== undefined) rmSync(pulled, { recursive: true, force: true });
    await pictures?.end();
  }
}

/**
 * Syncs a new embedded replica of the server at `syncUrl` into the new folder `dir` and returns
 * its file. The client is closed before the file is read, so nothing changes it meanwhile.
 */
async function pullReplica(dir: string, syncUrl: string, authToken?: string): Promise<string> {
  newPrivateFolder(dir);
  const path = join(dir, "primary.db");
  let replica: ReturnType<typeof createClient> | undefined;
  try {
    // The native client connects to the server as it opens: both steps can fail on it.
    replica = createClient({ url: `file:${path}`, syncUrl, authToken });
    await replica.sync();
  } catch (error) {
    throw new Error(`Could not copy the database from ${new URL(syncUrl).host}: ${(error as Error).message}`);
  } finally {
    replica?.close();
  }
  return path;
}

/** One line per part written, with sizes and the time taken; then the notes. */
export function describeBackup(result: BackupResult): string {
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
  const lines = [`Database: ${result.file} (${mb(statSync(result.file).size)}, integrity_check ok)`];
  if (result.pictures) lines.push(`Pictures: ${result.pictures}/ (${result.pictureCount} files)`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const steps = Object.entries(result.steps ?? {}).map(([name, ms]) => `${name} ${seconds(ms)}`);
  lines.push(`Wrote ${mb(result.bytes)} in ${seconds(result.ms)}${steps.length ? ` (${steps.join(", ")})` : ""}.`);
  return [...lines, ...result.notes].join("\n");
}
