/**
 * How DATABASE_URL, DATABASE_AUTH_TOKEN and DATABASE_SYNC_URL become a libSQL client. No
 * libSQL server runs here, so the remote and replica kinds are checked up to the point where
 * they try to reach one (a refused connection on a closed local port), never past it.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { parseEnv } from "../config/env";
import { clientConfig, databaseKind, migrateDatabase, openDatabase } from "./client";

const SECRET = "0123456789abcdef0123456789abcdef";
const CLOSED = "http://127.0.0.1:1"; // nothing listens on port 1
const dir = mkdtempSync(join(tmpdir(), "carebook-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  test("a file: URL is embedded, a server URL remote, a file: URL with a sync URL a replica", () => {
    expect(databaseKind("file:data/app.db")).toBe("file");
    for (const url of ["libsql://db.example.turso.io", "https://db.example.org", "http://sqld:8080", "wss://db.example.org"]) {
      expect(databaseKind(url)).toBe("remote");
    }
    expect(databaseKind("file:data/replica.db", { syncUrl: "libsql://db.example.turso.io", syncIntervalSeconds: 5 })).toBe("replica");
  });

  test("clientConfig passes the token, and the sync settings only to a replica", () => {
    expect(clientConfig("libsql://db.example.turso.io", "tok")).toEqual({ url: "libsql://db.example.turso.io", authToken: "tok", timeout: 5000 });
    expect(clientConfig("file:r.db", "tok", { syncUrl: "libsql://db.example.turso.io", syncIntervalSeconds: 2.5 })).toEqual({
      url: "file:r.db",
      authToken: "tok",
      timeout: 5000,
      syncUrl: "libsql://db.example.turso.io",
      syncInterval: 2.5,
      readYourWrites: true,
    });
  });

  test("the environment: DATABASE_SYNC_URL makes a replica, with a 5 s default interval", () => {
    expect(parseEnv({}).databaseReplica).toBeUndefined();
    const config = parseEnv({ DATABASE_URL: "file:data/replica.db", DATABASE_SYNC_URL: "libsql://db.example.turso.io", DATABASE_AUTH_TOKEN: "tok", JWT_SECRET: SECRET });
    expect(config.databaseReplica).toEqual({ syncUrl: "libsql://db.example.turso.io", syncIntervalSeconds: 5 });
    expect(config.databaseAuthToken).toBe("tok");
    const faster = parseEnv({ DATABASE_URL: "file:r.db", DATABASE_SYNC_URL: "https://db.example.org", DATABASE_SYNC_INTERVAL: "0.5", JWT_SECRET: SECRET });
    expect(faster.databaseReplica?.syncIntervalSeconds).toBe(0.5);
  });

  test("settings that cannot work together stop the start, naming the variable", () => {
    // A replica's local copy must be a file.
    expect(() => parseEnv({ DATABASE_URL: "libsql://a.example", DATABASE_SYNC_URL: "libsql://b.example", JWT_SECRET: SECRET })).toThrow("DATABASE_SYNC_URL");
    expect(() => parseEnv({ DATABASE_SYNC_URL: "file:other.db", JWT_SECRET: SECRET })).toThrow("DATABASE_SYNC_URL");
    expect(() => parseEnv({ DATABASE_URL: "file:r.db", DATABASE_SYNC_URL: "libsql://b.example", DATABASE_SYNC_INTERVAL: "0", JWT_SECRET: SECRET })).toThrow("DATABASE_SYNC_INTERVAL");
    // Instances that share a database must share the signing key: a generated one is per machine.
    expect(() => parseEnv({ DATABASE_URL: "libsql://a.example" })).toThrow("JWT_SECRET");
    expect(() => parseEnv({ DATABASE_URL: "file:r.db", DATABASE_SYNC_URL: "libsql://b.example" })).toThrow("JWT_SECRET");
    expect(parseEnv({ DATABASE_URL: "libsql://a.example", JWT_SECRET: SECRET }).databaseUrl).toBe("libsql://a.example");
  });

  test("a sync URL libSQL cannot sync from stops the start, naming the schemes that work", () => {
    for (const syncUrl of ["ws://sqld:8080", "wss://db.example.org", "libsql://sqld:8080?tls=0", "libsql://sqld:8080/?x=1&tls=0"]) {
      const start = () => parseEnv({ DATABASE_URL: "file:r.db", DATABASE_SYNC_URL: syncUrl, JWT_SECRET: SECRET });
      expect(start).toThrow("DATABASE_SYNC_URL must be an http:// or https:// URL, or libsql:// for a server with TLS");
    }
    for (const syncUrl of ["http://sqld:8080", "https://db.example.org", "libsql://db.example.turso.io", "libsql://db.example.org?tls=1"]) {
      expect(parseEnv({ DATABASE_URL: "file:r.db", DATABASE_SYNC_URL: syncUrl, JWT_SECRET: SECRET }).databaseReplica?.syncUrl).toBe(syncUrl);
    }
    // A server URL for DATABASE_URL itself still takes every scheme the client speaks.
    for (const url of ["ws://sqld:8080", "libsql://sqld:8080?tls=0"]) expect(parseEnv({ DATABASE_URL: url, JWT_SECRET: SECRET }).databaseUrl).toBe(url);
  });
});

describe("opening", () => {
  test("an embedded file is created with its folder, in WAL mode, and migrated", async () => {
    const database = await openDatabase(`file:${join(dir, "nested", "app.db")}`);
    await migrateDatabase(database, MIGRATIONS_DIR);
    const mode = await database.client.execute("PRAGMA journal_mode");
    expect(String(mode.rows[0]?.[0])).toBe("wal");
    const tables = await database.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'");
    expect(tables.rows.length).toBe(1);
    await migrateDatabase(database, MIGRATIONS_DIR); // a second run applies nothing and succeeds
    database.close();
  });

  test("a remote URL makes a client that talks to the server (refused here)", async () => {
    const database = await openDatabase(CLOSED, "tok");
    expect(database.client.protocol).toBe("http");
    await expect(database.client.execute("SELECT 1")).rejects.toThrow();
    database.close();
  });

  test("a replica opens its local file and first syncs from the primary (refused here)", async () => {
    const path = join(dir, "replica", "r.db");
    await expect(openDatabase(`file:${path}`, "tok", { syncUrl: CLOSED, syncIntervalSeconds: 5 })).rejects.toThrow(/sync|connect/i);
    expect(existsSync(join(dir, "replica"))).toBe(true);
  });
});

describe("file permissions", () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  test("a new database file and its -wal and -shm are created 0600 (readable by the owner only)", async () => {
    const path = join(dir, "private.db");
    const database = await openDatabase(`file:${path}`);
    await database.write(async (tx) => void (await tx.run(sql`CREATE TABLE t (x)`)));
    await database.client.execute("INSERT INTO t VALUES (1)");
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      expect(existsSync(file)).toBe(true);
      expect({ file, mode: modeOf(file).toString(8) }).toEqual({ file, mode: "600" });
    }
    database.close();
  });

  test("an existing database file readable by others is tightened to 0600", async () => {
    const path = join(dir, "older.db");
    writeFileSync(path, "", { mode: 0o644 });
    chmodSync(path, 0o644);
    const database = await openDatabase(`file:${path}`);
    expect(modeOf(path).toString(8)).toBe("600");
    database.close();
  });
});
