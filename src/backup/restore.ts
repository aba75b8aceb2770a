/**
 * `carebook restore FILE`: puts a backup in place of the embedded database. It refuses while a
 * server holds the database (../db/server-lock.ts), and checks a copy of the backup written
 * beside the database (integrity_check, Carebook's tables, migrations no newer than this
 * build's, migrating an older one forward, then the very schema our migrations make: no table,
 * index, trigger or view more, less or different) and its pictures folder (regular picture files
 * only) before it touches the live file. Everything it writes is private (./private-files.ts):
 * files 0600 and folders 0700 from creation, never written through an existing path. The swap is a hard
 * link of the live file to `app.db.before-restore` and one rename of the checked copy over
 * `app.db`: at every instant `app.db` is either the old database or the new one.
 */
import { createClient } from "@libsql/client";
import { chmodSync, existsSync, linkSync, openSync, closeSync, fsyncSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { databaseKind } from "../db/client";
import { appliedMigrations, checkpoint, hasCarebookTables, integrityCheck, schemaObjects, toSingleFile, type SchemaObject } from "../db/queries/backup";
import { tryExclusiveLock } from "../db/server-lock";
import type { Config } from "../config/env";
import { picturesFolderProblems, restorePictures } from "./pictures";
import { copyPrivateFile, copyPrivateFileTo, PRIVATE_FILE, privateFolder, privately } from "./private-files";
import { checksumFileOf, databasePath, picturesDirOf, sha256Of } from "./backup";

export type RestoreResult = {
  database: string;
  /** The database that was replaced, kept as `app.db.before-restore`. */
  previous?: string;
  /** How many migrations were applied to bring the backup up to this build. */
  migrated: number;
  pictures: number;
  ms: number;
  notes: string[];
};

/** The `when` of every migration this build ships (drizzle's journal). */
function knownMigrations(): number[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

const SIDE_FILES = ["-wal", "-shm", "-journal"];
const removeWithSideFiles = (path: string) => [path, ...SIDE_FILES.map((s) => path + s)].forEach((p) => rmSync(p, { force: true }));

/** Checks (and migrates) the copy at `staging`; throws a sentence for the operator on any problem. */
async function checkCopy(staging: string, file: string): Promise<number> {
  const client = createClient({ url: `file:${staging}` });
  let applied: number[];
  try {
    const problems = await integrityCheck(client, statSync(staging).size).catch((error: Error) => [error.message]);
    if (problems.join() !== "ok") throw new Error(`${file} is damaged (integrity_check: ${problems.slice(0, 5).join("; ")}). Nothing was changed.`);
    if (!(await hasCarebookTables(client))) throw new Error(`${file} is not a Carebook database. Nothing was changed.`);
    applied = await appliedMigrations(client);
  } finally {
    client.close();
  }
  const known = knownMigrations();
  if (applied.some((when) => !known.includes(when))) {
    throw new Error(`${file} was written by a newer Carebook (it has migrations this build does not know). Restore it with that version. Nothing was changed.`);
  }
  const missing = known.length - applied.length;
  if (missing > 0) {
    // One plain connection (not openDatabase's pair) so that leaving WAL mode is not blocked.
    const client = createClient({ url: `file:${staging}` });
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const problems = await integrityCheck(client);
      if (problems.join() !== "ok") throw new Error(`${file} failed integrity_check after migrating: ${problems.join("; ")}. Nothing was changed.`);
      await toSingleFile(client); // the copy must be whole in its one file before the swap
    } finally {
      client.close();
    }
  }
  const differences = await schemaDifferences(staging);
  if (differences.length > 0) {
    throw new Error(`${file} does not have the schema this build's migrations make: ${differences.slice(0, 8).join("; ")}${differences.length > 8 ? "; …" : ""}. Nothing was changed.`);
  }
  if (existsSync(`${staging}-wal`) && statSync(`${staging}-wal`).size > 0) throw new Error("The checked copy kept a write-ahead log; nothing was changed.");
  return missing;
}

/** The schema this build's migrations make, from an empty database in memory. */
async function migratedSchema(): Promise<SchemaObject[]> {
  const client = createClient({ url: ":memory:" });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return await schemaObjects(client);
  } finally {
    client.close();
  }
}

/** SQL compared without the differences of spacing that do not change it. */
const normalSql = (sql: string) => sql.replace(/\s+/g, " ").trim();

/**
 * Every difference between the schema of the database at `path` and the one the migrations
 * make, named: an extra trigger (which could rewrite every booking), a missing index, a table
 * whose definition differs. Empty when they are the same.
 */
export async function schemaDifferences(path: string): Promise<string[]> {
  const expected = await migratedSchema();
  const client = createClient({ url: `file:${path}` });
  let actual: SchemaObject[];
  try {
    actual = await schemaObjects(client);
  } finally {
    client.close();
  }
  const key = (o: SchemaObject) => `${o.type} ${o.name}`;
  // drizzle's own bookkeeping table is checked by appliedMigrations; its SQL is the library's,
  // which may be written differently by another drizzle version than the one that made the backup.
  const ours = (o: SchemaObject) => o.table !== "__drizzle_migrations";
  const want = new Map(expected.filter(ours).map((o) => [key(o), o]));
  const have = new Map(actual.filter(ours).map((o) => [key(o), o]));
  const differences: string[] = [];
  for (const [k, o] of have) {
    const w = want.get(k);
    if (w === undefined) differences.push(`an extra ${o.type} ${o.name}${o.type === "table" ? "" : ` on ${o.table}`}`);
    else if (normalSql(w.sql) !== normalSql(o.sql) || w.table !== o.table) differences.push(`${o.type} ${o.name} is defined differently`);
  }
  for (const [k, o] of want) if (!have.has(k)) differences.push(`no ${o.type} ${o.name}`);
  return differences;
}

/** Keeps the live database (with its WAL, merged when it can be) as `previous`. */
async function keepPrevious(target: string, previous: string): Promise<void> {
  const live = createClient({ url: `file:${target}` });
  await checkpoint(live).catch(() => undefined); // a damaged live file keeps its WAL beside it instead
  live.close();
  removeWithSideFiles(previous);
  try {
    linkSync(target, previous);
    chmodSync(previous, PRIVATE_FILE); // one file with app.db, which is the server's private database too
  } catch {
    copyPrivateFileTo(target, previous); // a file system without hard links
  }
  if (existsSync(`${target}-wal`) && statSync(`${target}-wal`).size > 0) renameSync(`${target}-wal`, `${previous}-wal`);
  // A WAL left beside app.db would be replayed into the restored file: none may remain.
  for (const side of SIDE_FILES) rmSync(target + side, { force: true });
}

/** Restores the backup `file` (and its pictures) into the configured database; throws a sentence on refusal. */
export function restoreBackup(config: Config, file: string): Promise<RestoreResult> {
  return privately(() => restorePrivately(config, file));
}

async function restorePrivately(config: Config, file: string): Promise<RestoreResult> {
  const started = performance.now();
  const kind = databaseKind(config.databaseUrl, config.databaseReplica);
  if (kind !== "file") {
    throw new Error("DATABASE_URL is a libSQL server or a replica of one: restore into a file (DATABASE_URL=file:…), then load that file with the provider's tools (docs/deploy.md).");
  }
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new Error(`There is no backup file at ${source}.`);
  if (existsSync(`${source}-wal`) && statSync(`${source}-wal`).size > 0) {
    throw new Error(`${source} has a write-ahead log beside it: it is a live database, not a backup. Take one with \`carebook backup\`.`);
  }
  const target = databasePath(config.databaseUrl);
  privateFolder(dirname(target));
  const picturesDir = picturesDirOf(source);
  if (!config.s3 && existsSync(picturesDir)) {
    const problems = picturesFolderProblems(picturesDir);
    if (problems.length > 0) {
      throw new Error(`${picturesDir} holds what no backup writes: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}. Nothing was changed.`);
    }
  }

  const checksum = await checksumMatches(source);
  if (checksum === false) throw new Error(`${source} does not match its checksum (${checksumFileOf(source)}): the file has changed since the backup. Nothing was changed.`);

  const release = tryExclusiveLock(target);
  if (!release) throw new Error(`A Carebook server is using ${target}. Stop it, then run the restore again. Nothing was changed.`);
  const staging = `${target}.restoring`;
  try {
    removeWithSideFiles(staging);
    copyPrivateFile(source, staging); // a new file, 0600 (refused if anything reappeared at the path)
    const migrated = await checkCopy(staging, source);
    for (const side of SIDE_FILES) rmSync(staging + side, { force: true });

    const previous = existsSync(target) ? `${target}.before-restore` : undefined;
    if (previous) await keepPrevious(target, previous);
    renameSync(staging, target);
    syncFolder(dirname(target));

    const notes: string[] = checksum === undefined ? [`No ${checksumFileOf(source)} beside the backup: checked by integrity_check alone.`] : [];
    let pictures = 0;
    if (config.s3) notes.push(`Pictures are in the S3 bucket ${config.s3.bucket}; restore them with the provider's versioning if needed.`);
    else if (existsSync(picturesDir)) pictures = await restorePictures(picturesDir, resolve(config.uploadDir));
    else notes.push(`No pictures folder beside the backup (${picturesDir}); ${resolve(config.uploadDir)} was left as it is.`);
    return { database: target, previous, migrated, pictures, ms: performance.now() - started, notes };
  } finally {
    removeWithSideFiles(staging);
    release();
  }
}

/** True or false when the backup has a checksum file beside it; undefined when it has none. */
async function checksumMatches(file: string): Promise<boolean | undefined> {
  const sidecar = checksumFileOf(file);
  if (!existsSync(sidecar)) return undefined;
  const expected = readFileSync(sidecar, "utf8").trim().split(/\s+/)[0]?.toLowerCase();
  return expected === (await sha256Of(file));
}

/** Makes the rename durable: the folder's entry is written to disk. */
function syncFolder(dir: string) {
  try {
    const fd = openSync(dir, "r");
    fsyncSync(fd);
    closeSync(fd);
  } catch {
    // not every platform can open a folder; the rename itself is still atomic
  }
}

/** What the restore did, for the operator. */
export function describeRestore(result: RestoreResult): string {
  return [
    `Restored ${result.database}${result.migrated > 0 ? ` (migrated forward by ${result.migrated} migrations)` : ""}; checked with integrity_check${result.notes.some((n) => n.includes(".sha256")) ? "" : " and its checksum"}.`,
    result.previous ? `The previous database is kept as ${result.previous}.` : "There was no previous database.",
    `Pictures added to the uploads folder: ${result.pictures}.`,
    ...result.notes,
    `Took ${(result.ms / 1000).toFixed(2)} s. Start the server now.`,
  ].join("\n");
}
