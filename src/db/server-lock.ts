/**
 * Who is using an embedded database file, told by SQLite's own file locks on a small lock file
 * beside it (`app.db.lock`). A server holds a SHARED lock on it for as long as it runs; `restore`
 * needs an EXCLUSIVE one, which the OS refuses while any server holds its lock and grants at once
 * when a server has exited or crashed (the OS drops a dead process's locks, so no stale pid file
 * can block a restore, and no pid reused by another program can fake a running server).
 */
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The file of an embedded DATABASE_URL that a server should lock, or undefined (a server, a replica, :memory:). */
export function lockedFile(url: string, isReplica: boolean): string | undefined {
  if (!url.startsWith("file:") || isReplica) return undefined;
  const path = url.slice("file:".length).split("?")[0]!;
  return path === "" || path === ":memory:" ? undefined : resolve(path);
}

/** The lock file of the database at `dbPath`. */
export const lockPath = (dbPath: string) => `${dbPath}.lock`;

function open(dbPath: string, timeoutMs: number): Database {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(lockPath(dbPath), { create: true });
  db.exec(`PRAGMA busy_timeout = ${Math.floor(timeoutMs)}`);
  return db;
}

/**
 * Takes the server's SHARED lock (several servers may share a file; a restore may not). Throws
 * when a restore holds the file. Returns the function that lets it go.
 */
export function holdServerLock(dbPath: string, timeoutMs = 5000): () => void {
  const db = open(dbPath, timeoutMs);
  try {
    db.exec("CREATE TABLE IF NOT EXISTS holder (note TEXT)");
    // A read transaction left open keeps the SHARED lock until release() ends it.
    db.exec("BEGIN");
    db.query("SELECT count(*) FROM holder").get();
  } catch (error) {
    db.close();
    throw new Error(`${dbPath} is being restored (${(error as Error).message}); start the server when the restore has finished.`);
  }
  return () => {
    db.exec("ROLLBACK");
    db.close();
  };
}

/**
 * Takes the EXCLUSIVE lock without waiting, or returns undefined while a server holds the file.
 * Returns the function that lets it go.
 */
export function tryExclusiveLock(dbPath: string): (() => void) | undefined {
  const db = open(dbPath, 0);
  try {
    db.exec("BEGIN EXCLUSIVE");
  } catch {
    db.close();
    return undefined;
  }
  return () => {
    db.exec("ROLLBACK");
    db.close();
  };
}
