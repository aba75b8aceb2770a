/**
 * `backup` in the other deployment shapes: with a remote database or S3 pictures it says which
 * part the provider keeps and writes the rest; `restore` refuses a remote database.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { migrateDatabase, openDatabase } from "../db/client";
import { parseEnv } from "../config/env";
import { describeBackup, takeBackup } from "./backup";
import { restoreBackup } from "./restore";

const dir = mkdtempSync(join(tmpdir(), "carebook-shapes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = "shapes-test-secret-that-is-at-least-32-bytes";

test("a remote database with local pictures: the pictures are written, the database is the provider's", async () => {
  const uploads = join(dir, "uploads");
  mkdirSync(join(uploads, "doctors"), { recursive: true });
  writeFileSync(join(uploads, "doctors", "0123456789abcdef0123456789abcdef.png"), "png");
  const config = parseEnv({ DATABASE_URL: "libsql://clinic.example.turso.io", JWT_SECRET: SECRET, UPLOAD_DIR: uploads });
  const result = await takeBackup(config, join(dir, "remote.db"));
  expect(result.file).toBeUndefined();
  expect(result.pictureCount).toBe(1);
  expect(readdirSync(join(dir, "remote.uploads", "doctors"))).toEqual(["0123456789abcdef0123456789abcdef.png"]);
  expect(existsSync(join(dir, "remote.db"))).toBe(false);
  const text = describeBackup(result);
  expect(text).toContain("clinic.example.turso.io): its provider backs it up");
  expect(text).toContain("Pictures: ");
});

test("a remote database and S3 pictures: nothing is written, and both providers are named", async () => {
  const config = parseEnv({ DATABASE_URL: "libsql://clinic.example.turso.io", JWT_SECRET: SECRET, STORAGE: "s3", S3_BUCKET: "clinic-pictures" });
  const result = await takeBackup(config, join(dir, "nothing.db"));
  expect(result.file).toBeUndefined();
  expect(result.pictures).toBeUndefined();
  const text = describeBackup(result);
  expect(text).toContain("Wrote nothing.");
  expect(text).toContain("S3 bucket clinic-pictures");
  expect(text).toContain("its provider backs it up");
  expect(existsSync(join(dir, "nothing.uploads"))).toBe(false);
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
