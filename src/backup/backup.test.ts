/**
 * A backup taken by `bun src/index.ts backup FILE` while the real server (a child process, on
 * loopback) takes bookings as fast as a load can send them and patients replace their pictures.
 * The backup is then restored by `restore` into an empty folder, as on a new machine after a dead
 * disk: the result passes integrity_check, holds every booking acknowledged before the backup
 * started, and every picture it names exists.
 */
import { afterAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bookingLoad, setupClinic, uploadPicture } from "../../bench/booking-load";
import { ROOT, startServer, stopServer } from "../../bench/server";
import { integrityCheck, picturesNamed } from "../db/queries/backup";

const dir = mkdtempSync(join(tmpdir(), "carebook-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (folder: string) => ({
  DATABASE_URL: `file:${join(folder, "data", "app.db")}`,
  UPLOAD_DIR: join(folder, "uploads"),
  BACKUP_DIR: join(folder, "backups"),
  JWT_SECRET: "backup-test-secret-that-is-at-least-32-bytes",
});

/** Runs `bun src/index.ts ARGS` (what the binary's subcommands run) with `environment`. */
async function carebook(args: string[], environment: Record<string, string>) {
  const child = Bun.spawn(["bun", "src/index.ts", ...args], { cwd: ROOT, env: { ...process.env, ...environment }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

test("a backup taken under a booking load restores to a whole database with its pictures", async () => {
  const live = join(dir, "live");
  const server = await startServer(env(live));
  let backupOutput = "";
  let before = new Set<string>();
  let during = 0;
  let load: ReturnType<typeof bookingLoad> | undefined;
  try {
    const clinic = await setupClinic(server.url, { patients: 6, doctors: 4 });
    for (const patient of clinic.patients) expect(await uploadPicture(server.url, patient.token)).toBe(200);
    load = bookingLoad(server.url, clinic, { maxBookings: 5000, maxMs: 30_000, pictures: true });
    // real time: a 5 ms poll until the load has 50 acknowledged bookings, the event itself
    while (load.acknowledged.size < 50 && load.failures.length === 0) await Bun.sleep(5);

    // Every booking whose 201 has arrived by now must be in the backup.
    before = new Set(load.acknowledged.keys());
    const countAtStart = load.acknowledged.size;
    const backup = await carebook(["backup", join(dir, "snapshot.db")], env(live));
    backupOutput = backup.stdout + backup.stderr;
    expect(backup.code, backupOutput).toBe(0);
    during = load.acknowledged.size - countAtStart;
    await load.stop();
    expect(load.failures).toEqual([]);
    expect(load.pictureUploads()).toBeGreaterThan(0);
  } finally {
    await load?.stop();
    await stopServer(server, "SIGTERM");
  }
  console.log(`${before.size} bookings acknowledged before the backup, ${during} while it ran.\n${backupOutput.trim()}`);
  expect(backupOutput).toMatch(/Database: .*snapshot\.db \([\d.]+ MiB, integrity_check ok\)/);
  expect(backupOutput).toMatch(/Wrote [\d.]+ MiB in [\d.]+ s \(snapshot [\d.]+ s, check [\d.]+ s, pictures [\d.]+ s, checksum [\d.]+ s\)\./);
  // The server kept booking while the backup ran: the snapshot did not stop it.
  expect(during).toBeGreaterThan(0);

  // A new machine: nothing but the backup.
  const fresh = join(dir, "fresh");
  const restore = await carebook(["restore", join(dir, "snapshot.db")], env(fresh));
  expect(restore.code, restore.stdout + restore.stderr).toBe(0);
  expect(restore.stdout).toContain("checked with integrity_check and its checksum");

  const client = createClient({ url: env(fresh).DATABASE_URL });
  try {
    expect(await integrityCheck(client)).toEqual(["ok"]);
    const rows = await client.execute("select id from appointments");
    const restored = new Set(rows.rows.map((row) => String(row[0])));
    const lost = [...before].filter((id) => !restored.has(id));
    expect(lost).toEqual([]);
    const named = await picturesNamed(client);
    expect(named.length).toBe(6);
    const absent = named.filter(({ folder, name }) => !existsSync(join(fresh, "uploads", folder, name)));
    expect(absent).toEqual([]);
  } finally {
    client.close();
  }
  // While the backup ran, replaced pictures were set aside, not lost; afterwards they are gone.
  expect(readdirSync(join(live, "uploads")).filter((name) => name.startsWith("."))).toEqual([]);
}, 120_000);
