/**
 * `backup` in the other deployment shapes: a remote database (a real sqld) is copied through a
 * temporary replica; S3 pictures are left to the bucket; `restore` refuses a remote database.
 */
import { afterAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { migrateDatabase, openDatabase } from "../db/client";
import { parseEnv } from "../config/env";
import { describeBackup, takeBackup } from "./backup";
import { restoreBackup } from "./restore";
import { startSqld } from "../../tests/support/sqld";

const dir = mkdtempSync(join(tmpdir(), "carebook-shapes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = "shapes-test-secret-that-is-at-least-32-bytes";
const PICTURE = "0123456789abcdef0123456789abcdef.jpg";

test("a remote database (sqld) with local pictures: a copy through a temporary replica, with the pictures it names", async () => {
  const sqld = await startSqld();
  try {
    const database = await openDatabase(sqld.url);
    await migrateDatabase(database, MIGRATIONS_DIR);
    await database.client.execute({
      sql: "insert into patients (id, name, email, password_hash, profile_image, created_at) values ('p1', 'Pat', 'pat@example.com', 'x', ?, 0)",
      args: [PICTURE],
    });
    database.close();
    const uploads = join(dir, "uploads");
    mkdirSync(join(uploads, "patients"), { recursive: true });
    writeFileSync(join(uploads, "patients", PICTURE), "jpg");
    writeFileSync(join(uploads, "patients", "ffffffffffffffffffffffffffffffff.jpg"), "named by no one");
    const config = parseEnv({ DATABASE_URL: sqld.url, JWT_SECRET: SECRET, UPLOAD_DIR: uploads });
    const result = await takeBackup(config, join(dir, "remote.db"));
    console.log(`shapes: backup of sqld in ${result.ms.toFixed(0)} ms (${Object.entries(result.steps ?? {}).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(", ")})`);
    expect(result.file).toBe(join(dir, "remote.db"));
    expect(readdirSync(join(dir, "remote.uploads", "patients"))).toEqual([PICTURE]);
    // Only the backup is left: the temporary replica is gone.
    expect(readdirSync(dir).filter((name) => name.startsWith("remote")).sort()).toEqual(["remote.db", "remote.db.sha256", "remote.uploads"]);
    const copy = createClient({ url: `file:${join(dir, "remote.db")}` });
    expect((await copy.execute("select email from patients")).rows.map((row) => row.email)).toEqual(["pat@example.com"]);
    copy.close();
    expect(describeBackup(result)).toContain("integrity_check ok");
  } finally {
    await sqld.stop();
  }
}, 30_000);

test("a server that does not answer: the backup fails in one line naming it, and leaves nothing behind", async () => {
  const config = parseEnv({ DATABASE_URL: "http://127.0.0.1:9", JWT_SECRET: SECRET, STORAGE: "s3", S3_BUCKET: "clinic-pictures" });
  await expect(takeBackup(config, join(dir, "nothing.db"))).rejects.toThrow(/^Could not copy the database from 127\.0\.0\.1:9: /);
  expect(readdirSync(dir).filter((name) => name.startsWith("nothing"))).toEqual([]);
});

test("an embedded database with S3 pictures: the database is written, the pictures are the bucket's", async () => {
  const config = parseEnv({ DATABASE_URL: `file:${join(dir, "s3", "app.db")}`, JWT_SECRET: SECRET, STORAGE: "s3", S3_BUCKET: "clinic-pictures" });
  const database = await openDatabase(config.databaseUrl);
  await migrateDatabase(database, MIGRATIONS_DIR);
  database.close();
  const result = await takeBackup(config, join(dir, "s3.db"));
  expect(existsSync(join(dir, "s3.db"))).toBe(true);
  expect(result.pictures).toBeUndefined();
  expect(describeBackup(result)).toContain("Pictures are in the S3 bucket clinic-pictures");
});

test("restore refuses a remote database and a replica", async () => {
  const remote = parseEnv({ DATABASE_URL: "libsql://clinic.example.turso.io", JWT_SECRET: SECRET });
  await expect(restoreBackup(remote, join(dir, "s3.db"))).rejects.toThrow(/provider's tools/);
  const replica = parseEnv({ DATABASE_URL: `file:${join(dir, "replica.db")}`, DATABASE_SYNC_URL: "libsql://clinic.example.turso.io", JWT_SECRET: SECRET });
  await expect(restoreBackup(replica, join(dir, "s3.db"))).rejects.toThrow(/provider's tools/);
  expect(existsSync(join(dir, "replica.db"))).toBe(false);
});
