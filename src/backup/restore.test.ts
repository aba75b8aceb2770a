/**
 * `restore` refuses while a server (a real child process) holds the database and proceeds once
 * it is gone, even after a SIGKILL; it refuses damaged files and a newer schema without touching
 * the live database; it migrates an older backup forward; it keeps the replaced database.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createClient } from "@libsql/client";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, startServer, stopServer } from "../../bench/server";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { MIGRATIONS_DIR } from "../config/assets";
import { migrateDatabase, openDatabase } from "../db/client";
import { appliedMigrations, integrityCheck } from "../db/queries/backup";
import { tryExclusiveLock } from "../db/server-lock";
import { parseEnv } from "../config/env";
import { takeBackup } from "./backup";
import { restoreBackup } from "./restore";

const dir = mkdtempSync(join(tmpdir(), "carebook-restore-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  DATABASE_URL: `file:${join(dir, "data", "app.db")}`,
  UPLOAD_DIR: join(dir, "uploads"),
  BACKUP_DIR: join(dir, "backups"),
  JWT_SECRET: "restore-test-secret-that-is-at-least-32-bytes",
};
const config = parseEnv(env);
const START_MS = 60_000;
// Restores migrate and check whole databases: on two loaded cores more than bun's default 5 s.
setDefaultTimeout(30_000);
const live = join(dir, "data", "app.db");
let backup = "";

/** The names of the accounts in the database at `path`. */
async function patientNames(path: string): Promise<string[]> {
  const client = createClient({ url: `file:${path}` });
  try {
    return (await client.execute("select name from patients order by name")).rows.map((r) => String(r[0]));
  } finally {
    client.close();
  }
}

/**
 * What a database holds: every table's rows in order, hashed. The file's bytes can change with no
 * write of the restore's (a checkpoint moving the WAL's pages into the main file): a byte hash of
 * it differed once in a check under load, the refusals all given.
 */
async function contentOf(path: string): Promise<string> {
  const client = createClient({ url: `file:${path}` });
  try {
    const tables = (await client.execute("select name from sqlite_schema where type = 'table' order by name")).rows.map((r) => String(r[0]));
    const hash = new Bun.CryptoHasher("sha256");
    for (const table of tables) {
      hash.update(table);
      for (const row of (await client.execute(`select * from "${table}" order by rowid`)).rows) hash.update(JSON.stringify(Array.from(row, (v) => (typeof v === "bigint" ? String(v) : v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v))));
    }
    return hash.digest("hex");
  } finally {
    client.close();
  }
}

/** Adds a patient straight into the live database (no server is running when this is called). */
async function addPatient(name: string) {
  const database = await openDatabase(env.DATABASE_URL);
  await database.client.execute({
    sql: "insert into patients (id, name, email, password_hash, token_version, created_at) values (?, ?, ?, 'x', 0, 0)",
    args: [crypto.randomUUID(), name, `${name}@example.com`],
  });
  database.close();
}

beforeAll(async () => {
  const database = await openDatabase(env.DATABASE_URL);
  await migrateDatabase(database, MIGRATIONS_DIR);
  database.close();
  await addPatient("in-backup");
  backup = (await takeBackup(config, join(dir, "good.db"))).file;
  await addPatient("after-backup");
}, 30_000); // a migration and a backup with its integrity check: more than bun's 5 s on two loaded cores

/** Runs `bun src/index.ts restore FILE`. */
async function restoreCommand(file: string) {
  const child = Bun.spawn(["bun", "src/index.ts", "restore", file], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

test("restore refuses while the server runs, and proceeds once it is gone, even after a crash", async () => {
  // Servers and restores are processes of their own: on two loaded cores (bun test --parallel) a
  // start can take longer than startServer's 20 s, and a test timed out has bun kill its processes.
  let server = await startServer(env, START_MS);
  try {
    const refused = await restoreCommand(backup);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("A Carebook server is using");
    expect(existsSync(`${live}.before-restore`)).toBe(false);
    // The server still answers from the same database.
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
  } finally {
    await stopServer(server, "SIGKILL");
  }
  // A server killed without its shutdown leaves no lock behind: the OS drops it with the process.
  server = await startServer(env, START_MS);
  await stopServer(server, "SIGKILL");
  expect(await patientNames(live)).toEqual(["after-backup", "in-backup"]);
  const restored = await restoreCommand(backup);
  expect(restored.code, restored.output).toBe(0);
  expect(await patientNames(live)).toEqual(["in-backup"]);
  expect(await patientNames(`${live}.before-restore`)).toEqual(["after-backup", "in-backup"]);
  for (const side of ["-wal", "-shm", "-journal"]) expect(existsSync(`${live}.restoring${side}`)).toBe(false);
}, 180_000);

test("a server does not start while a restore holds the database", async () => {
  const release = tryExclusiveLock(live)!;
  expect(release).toBeDefined();
  try {
    await expect(startServer(env, START_MS)).rejects.toThrow(/is being restored/);
  } finally {
    release();
  }
}, 90_000);

test("a file with flipped bytes is refused and the live database is not touched", async () => {
  await addPatient("live-only");
  const before = await contentOf(live);
  rmSync(`${live}.before-restore`, { force: true });

  // Bytes flipped in the middle of a copy: its checksum no longer matches.
  const flipped = join(dir, "flipped.db");
  copyFileSync(backup, flipped);
  copyFileSync(`${backup}.sha256`, `${flipped}.sha256`);
  const bytes = readFileSync(flipped);
  for (let i = 0; i < 16; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
  writeFileSync(flipped, bytes);
  await expect(restoreBackup(config, flipped)).rejects.toThrow(/does not match its checksum/);

  // Without a checksum file, a broken page is still found by integrity_check (or the header check).
  const broken = join(dir, "broken.db");
  const pages = readFileSync(backup);
  for (let i = 0; i < 64; i++) pages[4096 + i]! ^= 0xff; // the header of page 2, a b-tree page
  writeFileSync(broken, pages);
  await expect(restoreBackup(config, broken)).rejects.toThrow(/is damaged/);
  const header = Buffer.from(pages);
  header.write("garbage!", 0);
  writeFileSync(broken, header);
  await expect(restoreBackup(config, broken)).rejects.toThrow(/is damaged/);

  expect(await contentOf(live)).toBe(before);
  expect(existsSync(`${live}.before-restore`)).toBe(false);
  expect(await patientNames(live)).toContain("live-only");
});

test("an older backup is migrated forward; one from a newer build is refused", async () => {
  // A database made by a build that had only the first two migrations.
  const oldMigrations = join(dir, "old-drizzle");
  cpSync(MIGRATIONS_DIR, oldMigrations, { recursive: true });
  const journalPath = join(oldMigrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const total = journal.entries.length as number;
  journal.entries = journal.entries.slice(0, 2);
  writeFileSync(journalPath, JSON.stringify(journal));
  const oldFile = join(dir, "old.db");
  const old = createClient({ url: `file:${oldFile}` });
  await migrate(drizzle(old), { migrationsFolder: oldMigrations });
  old.close();

  const result = await restoreBackup(config, oldFile);
  expect(result.migrated).toBe(total - 2);
  const client = createClient({ url: env.DATABASE_URL });
  expect((await appliedMigrations(client)).length).toBe(total);
  expect(await integrityCheck(client)).toEqual(["ok"]);
  client.close();

  const newer = join(dir, "newer.db");
  copyFileSync(oldFile, newer);
  const future = createClient({ url: `file:${newer}` });
  await future.execute("insert into __drizzle_migrations (hash, created_at) values ('future', 9999999999999)");
  future.close();
  const liveBefore = await contentOf(live);
  await expect(restoreBackup(config, newer)).rejects.toThrow(/newer Carebook/);
  expect(await contentOf(live)).toBe(liveBefore);
});
