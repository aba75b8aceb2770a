/**
 * The one libSQL client and its drizzle wrapper. Every write goes through `write`, which runs
 * it in a BEGIN IMMEDIATE transaction, one at a time per process: an embedded SQLite file has a
 * single writer, and a second writer waiting inside the native busy handler would stall the
 * event loop that the first one needs to finish.
 */
import { createClient, type Client, type Config as ClientConfig, type InValue } from "@libsql/client";
import Libsql from "libsql";
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
  /**
   * One row by a statement prepared once and kept, for the reads every request makes (the
   * session's account). An embedded file is read on a read-only connection of its own, since
   * the client prepares each statement again on every call; other kinds go through the client.
   */
  readRow(sql: string, args: InValue[]): Promise<Record<string, unknown> | undefined>;
  close(): void;
};

const BUSY_TIMEOUT_MS = 5000;

/** An embedded replica: the `file:` database is a local copy of this primary, read locally, written through. */
export type Replica = { syncUrl: string; syncIntervalSeconds: number };

/** How the server reaches its data: an embedded file, a local replica of a server, or a server. */
export type DatabaseKind = "file" | "replica" | "remote";

export function databaseKind(url: string, replica?: Replica): DatabaseKind {
  if (!url.startsWith("file:")) return "remote";
  return replica === undefined ? "file" : "replica";
}

/** The libSQL client configuration for a DATABASE_URL, its token, and the replica settings if any. */
export function clientConfig(url: string, authToken?: string, replica?: Replica): ClientConfig {
  const config: ClientConfig = { url, authToken, timeout: BUSY_TIMEOUT_MS };
  if (databaseKind(url, replica) === "replica") {
    config.syncUrl = replica!.syncUrl;
    config.syncInterval = replica!.syncIntervalSeconds;
    // A node reads its own writes at once; other nodes' writes arrive with the next sync.
    config.readYourWrites = true;
  }
  return config;
}

/**
 * Opens the database at `url`: a `file:` path (created with its folder), a libSQL server
 * (`libsql:`, `http(s):`, `ws(s):`, with `authToken`), or, given `replica`, a local `file:` copy
 * of a server that answers reads itself and passes writes to the server.
 */
export async function openDatabase(url: string, authToken?: string, replica?: Replica): Promise<Database> {
  const kind = databaseKind(url, replica);
  if (kind !== "remote") {
    const path = url.slice("file:".length).split("?")[0]!;
    if (path !== ":memory:" && path !== "") mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient(clientConfig(url, authToken, replica));
  if (kind === "file") {
    // WAL is a property of the file; foreign keys and the busy timeout are set on every
    // connection the client opens (libSQL's defaults: foreign_keys on, timeout from the config).
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  } else if (kind === "replica") {
    // Pull the primary's current state before anything (the migrator first of all) reads it.
    await client.sync();
  }
  const db = drizzle(client, { schema });
  let queue: Promise<unknown> = Promise.resolve();
  const reader = kind === "file" ? preparedReader(url) : undefined;
  return {
    db,
    client,
    write(fn) {
      const run = queue.then(() => db.transaction(fn));
      queue = run.catch(() => undefined);
      return run;
    },
    readRow: reader?.readRow ?? (async (sql, args) => (await client.execute({ sql, args })).rows[0] as Record<string, unknown> | undefined),
    close: () => {
      reader?.close();
      client.close();
    },
  };
}

/** A read-only connection to an embedded file that keeps every statement it prepares. */
function preparedReader(url: string) {
  const path = url.slice("file:".length).split("?")[0]!;
  if (path === "" || path === ":memory:") return undefined; // another connection would see another database
  let connection: Libsql.Database | undefined;
  const statements = new Map<string, Libsql.Statement>();
  return {
    async readRow(sql: string, args: InValue[]) {
      connection ??= new Libsql(path, { readonly: true, timeout: BUSY_TIMEOUT_MS });
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return (statement.get(...args) ?? undefined) as Record<string, unknown> | undefined;
    },
    close: () => connection?.close(),
  };
}

/**
 * Applies the committed drizzle-kit migrations in `folder`. Instances that start together
 * against one database can race to apply the same migration; the loser's attempt fails (the
 * table exists) and a retry finds it applied, so a failure is retried twice before it counts.
 */
export async function migrateDatabase(database: Database, folder = "drizzle"): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(database.db, { migrationsFolder: folder });
    } catch (error) {
      if (attempt >= 3) throw error;
      await Bun.sleep(250 * attempt + Math.random() * 250);
    }
  }
}

/** Whether a failed write broke a UNIQUE constraint (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(`${(e as { code?: string }).code ?? ""} ${e.message}`)) return true;
  }
  return false;
}
