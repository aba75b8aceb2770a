/**
 * Scheduled backups with two instances on one database (issue 43): each interval's backup is
 * taken by one of them only (a lease in the database, src/backup/schedule.ts backupTurns), never
 * by both. Two real servers on one sqld, sharing the uploads and backup folders as an operator
 * would; with a remote database a backup is the pictures folder (NAME.uploads/), whose name is
 * the time the backup began.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, stopServer, type Server } from "../../bench/server";
import { startSqld } from "../../tests/support/sqld";

const dir = mkdtempSync(join(tmpdir(), "carebook-backup-lease-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INTERVAL_HOURS = 0.0005; // 1.8 s
const INTERVAL_MS = INTERVAL_HOURS * 3_600_000;
/** When each scheduled backup in `folder` began, from its name (carebook-scheduled-2026-11-27T19-50-01-123Z.uploads). */
function beganAt(folder: string): number[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => /^carebook-scheduled-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.uploads$/.exec(name))
    .filter((m) => m !== null)
    .map((m) => Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`))
    .sort((x, y) => x - y);
}

test("two instances on one database take turns: one backup an interval, never both", async () => {
  const sqld = await startSqld({ idleShutdownSeconds: 60 });
  const backups = join(dir, "backups");
  const env = {
    DATABASE_URL: sqld.url,
    JWT_SECRET: "backup-lease-test-secret-of-at-least-32-bytes",
    UPLOAD_DIR: join(dir, "uploads"),
    BACKUP_DIR: backups,
    BACKUP_INTERVAL_HOURS: String(INTERVAL_HOURS),
    BACKUP_KEEP: "100",
  };
  let servers: Server[] = [];
  try {
    // Started together: their first turns come round at the same moment.
    servers = await Promise.all([startServer(env, 60_000), startServer(env, 60_000)]);
    const deadline = Date.now() + 30_000;
    // real time: a 50 ms poll for the fourth backup's start; the two servers are processes, their schedules run on their own clocks
    while (beganAt(backups).length < 4 && Date.now() < deadline) await Bun.sleep(50);
  } finally {
    await Promise.all(servers.map((s) => stopServer(s, "SIGTERM")));
    await sqld.stop();
  }
  const output = servers.map((s) => s.output()).join("\n");
  expect(output).not.toContain("FAILED");
  const times = beganAt(backups);
  expect(times.length).toBeGreaterThanOrEqual(4);
  // A turn is held for 0.9 of an interval from the moment it is taken, just before the name's time.
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(INTERVAL_MS * 0.85);
  // Both instances ran the schedule (each logs its start), and the backups came from either.
  expect(output.split("Backups every").length - 1).toBe(2);
}, 60_000);
