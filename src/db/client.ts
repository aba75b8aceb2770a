/**
 * The one libSQL client and its drizzle wrapper. Every write goes through `write`, which runs
 * it in a BEGIN IMMEDIATE transaction, one at a time per process: an embedded SQLite file has a
 * single writer, and a second writer waiting inside the native busy handler would stall the
 * event loop that the first one needs to finish.
 */
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What queries read through: the database itself, or an open transaction. */
export type Reader = Db | Tx;

export type Database = {
  db: Db;
  client: Client;
  /** Runs `fn` in one write transaction; writers are serialized within this process. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): void;
};

const BUSY_TIMEOUT_MS = 5000;

/** Opens the database at `url`: a `file:` path (created with its folder) or a libSQL server. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const isFile = url.startsWith("file:");
  if (isFile) {
    const path = url.slice("file:".length).split("?")[0]!;
    if (path !== ":memory:" && path !== "") mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (isFile) {
    // WAL is a property of the file; foreign keys and the busy timeout are set on every
    // connection the client opens (libSQL's defaults: foreign_keys on, timeout from the config).
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  const db = drizzle(client, { schema });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    client,
    write(fn) {
      const run = queue.then(() => db.transaction(fn));
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

/** Applies the committed drizzle-kit migrations in `folder`. */
export async function migrateDatabase(database: Database, folder = "drizzle"): Promise<void> {
  await migrate(database.db, { migrationsFolder: folder });
}

/** Whether a failed write broke a UNIQUE constraint (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(`${(e as { code?: string }).code ?? ""} ${e.message}`)) return true;
  }
  return false;
}
