/**
 * The one libSQL client and its drizzle wrapper. Every write goes through `write`, which runs
 * it in a BEGIN IMMEDIATE transaction, one at a time per process: an embedded SQLite file has a
 * single writer, and a second writer waiting inside the native busy handler would stall the
 * event loop that the first one needs to finish.
 */
import {
  createClient,
  type Client,
  type Config as ClientConfig,
  type InArgs,
  type InStatement,
  type InValue,
  type ResultSet,
  type Row,
} from "@libsql/client";
import Libsql from "libsql";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import * as schema from "./schema";
import { keptIn } from "../domain/bounded";
import { countRoundTrips, type RoundTrip } from "./round-trips";
import { committingKept, runBeforeCommit } from "./at-commit";
import { countedTogether, sendingTogether } from "./together";

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What queries read through: the database itself, or an open transaction. */
export type Reader = Db | Tx;

export type Database = {
  db: Db;
  client: Client;
  /** An embedded file, a local replica of a server, or a server. */
  kind: DatabaseKind;
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

/** How long an edge node's boot asks again while its primary makes the first snapshot, and how often. */
export const FIRST_SYNC = { limitMs: 10 * 60_000, everyMs: 2000 };

/**
 * An edge node's first sync at boot. Just after sqld starts on a large file it answers "snapshot
 * not found" while it makes the snapshot a new replica starts from (about 50 s at 100x,
 * docs/performance.md): the boot asks again every 2 s for up to 10 minutes rather than exit. Any
 * other error, or this one past the limit, is thrown. `wait` is the pause between asks.
 */
export async function firstSync(sync: () => Promise<unknown>, wait: (ms: number) => Promise<unknown> = Bun.sleep, limit = FIRST_SYNC): Promise<number> {
  let refusals = 0;
  for (;;) {
    try {
      await sync();
      if (refusals > 0) console.log(`The primary served the first sync after ${refusals} "snapshot not found" answers.`);
      return refusals;
    } catch (error) {
      if (!String(error).includes("snapshot not found") || (refusals + 1) * limit.everyMs > limit.limitMs) throw error;
      refusals++;
      await wait(limit.everyMs);
    }
  }
}

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
 * of a server that answers reads itself and passes writes to the server. `onRoundTrip` hears of
 * every statement or batch that leaves the process (src/db/round-trips.ts; tests count them).
 */
export async function openDatabase(url: string, authToken?: string, replica?: Replica, onRoundTrip?: RoundTrip): Promise<Database> {
  const kind = databaseKind(url, replica);
  const path = kind === "remote" ? "" : url.slice("file:".length).split("?")[0]!;
  const onDisk = path !== ":memory:" && path !== "";
  if (onDisk) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    // An embedded file is created 0600 before libSQL opens it. A replica's is left to libSQL,
    // which refuses to sync into a file it did not create (no wal index beside it); ownerOnly
    // tightens it just after, before the first sync brings any data.
    if (kind === "file" && !existsSync(path)) closeSync(openSync(path, "a", 0o600));
  }
  const raw = createClient(clientConfig(url, authToken, replica));
  const client = onRoundTrip ? countRoundTrips(raw, onRoundTrip) : raw;
  if (onDisk) ownerOnly(path);
  if (kind === "file") {
    // WAL is a property of the file; foreign keys and the busy timeout are set on every
    // connection the client opens (libSQL's defaults: foreign_keys on, timeout from the config).
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  } else if (kind === "replica") {
    // Pull the primary's current state before anything (the migrator first of all) reads it.
    await firstSync(() => client.sync());
  }
  const reader = kind === "file" ? preparedReader(url, onRoundTrip && countedTogether(onRoundTrip)) : undefined;
  // Transactions send their kept writes with their COMMIT (src/db/at-commit.ts); reads made
  // together go in one batch (src/db/together.ts).
  // An embedded replica's client has one connection, which a write transaction holds: a read of
  // another request meanwhile waits for it rather than failing (TRANSACTION_ACTIVE).
  let queue: Promise<unknown> = Promise.resolve();
  const shared = kind === "replica" ? waitingOutTransactions(client, () => queue) : client;
  const reads = sendingTogether(shared);
  const db = drizzle(committingKept(reader ? withPreparedReads(reads, reader) : reads), { schema });
  if (reader) keptRowReaders.set(db, reader.rows);
  return {
    db,
    client,
    kind,
    write(fn) {
      const run = queue.then(() =>
        db.transaction(async (tx) => {
          const result = await fn(tx);
          await runBeforeCommit(tx);
          return result;
        }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    readRow: reader?.readRow ?? (async (sql, args) => (await shared.execute({ sql, args })).rows[0] as Record<string, unknown> | undefined),
    close: () => {
      reader?.close();
      client.close();
    },
  };
}

const WAITS = new Set<PropertyKey>(["execute", "batch", "executeMultiple"]);

/**
 * `client` whose statements outside a transaction, refused while this process's write transaction
 * holds the one connection (an embedded replica), wait for that transaction (`running`) and go
 * again; a transaction's own statements go through its transaction object, untouched.
 */
function waitingOutTransactions(client: Client, running: () => Promise<unknown>): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (!WAITS.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await value.apply(target, args);
          } catch (error) {
            if ((error as { code?: string }).code !== "TRANSACTION_ACTIVE" || attempt >= 100) throw error;
            // The running write ends soon; a bound, should anything inside it wait on this read.
            await Promise.race([running(), Bun.sleep(50)]);
          }
        }
      };
    },
  });
}

/**
 * The database holds health data: its file is readable by its owner only (0600), like the JWT
 * secret, and an older file is tightened. SQLite gives the -wal and -shm files the mode of the
 * database file; any already there are tightened too, and a replica's wal index.
 */
function ownerOnly(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-client_wal_index`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

/** Kept-statement reads by the drizzle instance that fronts them (embedded files only). */
const keptRowReaders = new WeakMap<object, (sql: string, args: InValue[]) => unknown[][]>();

/**
 * Reads rows as value arrays through a statement kept on the read-only connection, when `r` is
 * an embedded file's database (not a transaction, not a remote or replica); undefined otherwise.
 */
export function keptRowReader(r: Reader): ((sql: string, args: InValue[]) => unknown[][]) | undefined {
  return keptRowReaders.get(r);
}

/** How many prepared statements a reader keeps (drizzle makes one text per query shape). */
const MAX_STATEMENTS = 512;

/**
 * A read-only connection to an embedded file that keeps every statement it prepares.
 * @libsql/client prepares each statement again on every call (about 200 µs per read under
 * load, against 26 µs for a kept statement), so plain reads come here instead.
 */
function preparedReader(url: string, onRoundTrip: RoundTrip = () => {}) {
  const path = url.slice("file:".length).split("?")[0]!;
  if (path === "" || path === ":memory:") return undefined; // another connection would see another database
  let connection: Libsql.Database | undefined;
  const statements = new Map<string, { statement: Libsql.Statement; columns: string[] }>();

  function prepared(sql: string) {
    onRoundTrip(sql);
    return keptIn(statements, MAX_STATEMENTS, sql, () => {
      connection ??= new Libsql(path, { readonly: true, timeout: BUSY_TIMEOUT_MS });
      const statement = connection.prepare(sql);
      // Rows as arrays of values: a row object costs the driver a name per value (13-15 µs for
      // the session's account against 8.6 µs as an array, measured with this driver).
      statement.raw(true);
      return { statement, columns: statement.columns().map((c) => c.name) };
    });
  }

  return {
    async readRow(sql: string, args: InValue[]) {
      const { statement, columns } = prepared(sql);
      const values = statement.get(...args.map(toSql)) as unknown[] | undefined;
      if (values === undefined) return undefined;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
      return row;
    },
    /** A SELECT's rows as arrays of values, in column order (for the hot lists, src/db/queries/kept-list.ts). */
    rows(sql: string, args: InValue[]): unknown[][] {
      return prepared(sql).statement.all(...args.map(toSql)) as unknown[][];
    },
    /** A SELECT, answered in @libsql/client's own ResultSet shape (what drizzle reads). */
    query(sql: string, args: InValue[]): ResultSet {
      const { statement, columns } = prepared(sql);
      const rows = (statement.all(...args.map(toSql)) as unknown[][]).map((values) => toRow(values, columns));
      return {
        columns,
        columnTypes: columns.map(() => ""),
        rows,
        rowsAffected: 0,
        lastInsertRowid: undefined,
        toJSON: () => ({ columns, rows: rows.map((row) => Array.from(row as ArrayLike<unknown>)), rowsAffected: 0 }),
      };
    },
    close: () => connection?.close(),
  };
}

/** An argument as @libsql/client would send it. */
function toSql(value: InValue): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return value;
}

/** A row as @libsql/client builds one: values by index (and length), and by column name (enumerable). */
function toRow(values: unknown[], columns: string[]): Row {
  const row = {} as Row;
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = values[i] instanceof Buffer ? (values[i] as Buffer).buffer : values[i];
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column)) Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
  }
  return row;
}

/** The client drizzle uses: plain SELECTs through kept statements, everything else (writes, transactions, batches) as is. */
function withPreparedReads(client: Client, reader: NonNullable<ReturnType<typeof preparedReader>>): Client {
  const execute = async (stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const positional = stmt.args === undefined || Array.isArray(stmt.args);
    if (positional && /^\s*select\b/i.test(stmt.sql)) return reader.query(stmt.sql, (stmt.args ?? []) as InValue[]);
    return client.execute(stmt);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") return execute;
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
