/**
 * Backups as private as the database, and a restore that checks what it restores (issue 23):
 * every file a backup or a restore writes is 0600 and its folders 0700 (under a umask that
 * would leave them world-readable); the checksum is never written through a symlink; a backup
 * whose pictures folder holds a symlink, or whose schema has an extra trigger, is refused with
 * the difference named and nothing changed.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { parseEnv } from "../config/env";
import { migrateDatabase, openDatabase } from "../db/client";
import { JPEG_1X1 } from "../../tests/support/harness";
import { checksumFileOf, picturesDirOf, sha256Of, takeBackup } from "./backup";
import { restoreBackup } from "./restore";

const dir = mkdtempSync(join(tmpdir(), "carebook-private-"));
const env = {
  DATABASE_URL: `file:${join(dir, "data", "app.db")}`,
  UPLOAD_DIR: join(dir, "uploads"),
  BACKUP_DIR: join(dir, "backups"),
  JWT_SECRET: "private-test-secret-that-is-at-least-32-bytes",
};
const config = parseEnv(env);
const live = join(dir, "data", "app.db");
const PICTURE = "0123456789abcdef0123456789abcdef.jpg";
const previousMask = process.umask(0o022); // the usual umask: files 0644, folders 0755 unless made private

const mode = (path: string) => (lstatSync(path).mode & 0o777).toString(8);

/** The mode of every file and folder under `root` (itself included), by path. */
function modesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = { [root]: mode(root) };
  if (lstatSync(root).isDirectory()) for (const name of readdirSync(root)) Object.assign(out, modesUnder(join(root, name)));
  return out;
}

beforeAll(async () => {
  const database = await openDatabase(env.DATABASE_URL);
  await migrateDatabase(database, MIGRATIONS_DIR);
  await database.client.execute({
    sql: "insert into patients (id, name, email, password_hash, token_version, created_at, profile_image) values (?, 'Pictured', 'p@example.com', 'x', 0, 0, ?)",
    args: [crypto.randomUUID(), PICTURE],
  });
  database.close();
  mkdirSync(join(dir, "uploads", "patients"), { recursive: true });
  writeFileSync(join(dir, "uploads", "patients", PICTURE), JPEG_1X1);
});

afterAll(() => {
  process.umask(previousMask);
  rmSync(dir, { recursive: true, force: true });
});

test("a backup's files are 0600 and its folders 0700, BACKUP_DIR included", async () => {
  mkdirSync(config.backup.dir, { mode: 0o755 }); // made world-readable by an older version
  const result = await takeBackup(config);
  expect(result.pictureCount).toBe(1);
  const modes = modesUnder(config.backup.dir);
  expect(Object.keys(modes).length).toBe(7); // the folder, the .db, its .sha256, NAME.uploads/{,patients,doctors}/ and the picture
  for (const [path, m] of Object.entries(modes)) expect(`${path} ${m}`).toBe(`${path} ${lstatSync(path).isDirectory() ? "700" : "600"}`);
  expect(process.umask()).toBe(0o022); // put back
}, 30_000);

test("a scheduled backup (a file named in BACKUP_DIR) makes BACKUP_DIR 0700 too", async () => {
  chmodSync(config.backup.dir, 0o755);
  await takeBackup(config, join(config.backup.dir, "carebook-scheduled-2026-01-01T00-00-00-000Z.db"));
  expect(mode(config.backup.dir)).toBe("700");
}, 30_000);

test("the checksum is never written through a symlink, even a dangling one", async () => {
  const target = join(dir, "elsewhere", "chosen.db");
  mkdirSync(join(dir, "elsewhere"));
  const victim = join(dir, "victim.txt");
  symlinkSync(victim, checksumFileOf(target));
  await expect(takeBackup(config, target)).rejects.toThrow(/already exists/);
  expect(existsSync(victim)).toBe(false);
  rmSync(checksumFileOf(target));
  // Without the trap, the same backup is written, private, in the folder the operator named.
  const result = await takeBackup(config, target);
  expect(mode(result.file!)).toBe("600");
  expect(mode(checksumFileOf(target))).toBe("600");
  expect(lstatSync(checksumFileOf(target)).isFile()).toBe(true);
  expect(mode(picturesDirOf(target))).toBe("700");
}, 30_000);

test("a restore writes the database, the kept previous one and the pictures 0600", async () => {
  const backup = (await takeBackup(config, join(dir, "to-restore.db"))).file!;
  rmSync(join(dir, "uploads", "patients", PICTURE)); // lost since: the restore brings it back
  const result = await restoreBackup(config, backup);
  expect(result.pictures).toBe(1);
  expect(mode(live)).toBe("600");
  expect(mode(`${live}.before-restore`)).toBe("600");
  expect(mode(join(dir, "uploads", "patients", PICTURE))).toBe("600");
  expect(readFileSync(join(dir, "uploads", "patients", PICTURE))).toEqual(Buffer.from(JPEG_1X1));
}, 30_000);

test("a backup whose pictures folder holds a symlink is refused, and nothing is changed", async () => {
  const backup = (await takeBackup(config, join(dir, "with-link.db"))).file!;
  symlinkSync("/etc/hostname", join(picturesDirOf(backup), "patients", "fedcba9876543210fedcba9876543210.jpg"));
  const before = await sha256Of(live);
  await expect(restoreBackup(config, backup)).rejects.toThrow(/patients\/fedcba9876543210fedcba9876543210\.jpg: a symlink, not a regular file/);
  expect(await sha256Of(live)).toBe(before);
  expect(existsSync(join(dir, "uploads", "patients", "fedcba9876543210fedcba9876543210.jpg"))).toBe(false);
}, 30_000);

test("a backup with an extra trigger (or a missing index) is refused, naming the difference", async () => {
  const backup = (await takeBackup(config, join(dir, "tampered.db"))).file!;
  // The checksum would catch a change made after the backup: this one is made as if before it.
  const tampered = join(dir, "tampered-copy.db");
  cpSync(backup, tampered);
  const client = createClient({ url: `file:${tampered}` });
  await client.execute("create trigger steal after insert on patients begin update patients set email = 'attacker@example.com' where id = new.id; end");
  client.close();
  const before = await sha256Of(live);
  await expect(restoreBackup(config, tampered)).rejects.toThrow(/an extra trigger steal on patients/);

  const index = (await createClient({ url: `file:${backup}` }).execute("select name from sqlite_master where type = 'index' and sql is not null limit 1")).rows[0]![0] as string;
  const unindexed = join(dir, "unindexed.db");
  cpSync(backup, unindexed);
  const other = createClient({ url: `file:${unindexed}` });
  await other.execute(`drop index "${index}"`);
  other.close();
  await expect(restoreBackup(config, unindexed)).rejects.toThrow(`no index ${index}`);
  expect(await sha256Of(live)).toBe(before);
}, 30_000);
