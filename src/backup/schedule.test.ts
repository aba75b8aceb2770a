/**
 * Scheduled backups in the real server (a child process): with a small fractional
 * BACKUP_INTERVAL_HOURS, backups appear one interval apart, each complete and sound, and only
 * the newest BACKUP_KEEP stay. Pruning counts only finished backups.
 */
import { afterAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, stopServer } from "../../bench/server";
import { integrityCheck } from "../db/queries/backup";
import { backupName, picturesDirOf } from "./backup";
import { lastGoodBackupAt, pruneBackups } from "./schedule";

const dir = mkdtempSync(join(tmpdir(), "carebook-schedule-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each backup is a process of its own (about a second), started one interval after the last ended:
// a short interval keeps the four backups waited for from costing four times 1.8 s.
const INTERVAL_HOURS = 0.0002; // 0.72 s
const finished = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((n) => /^carebook-scheduled-.*\.db$/.test(n)).sort() : []);

test("backups appear at the interval and the oldest beyond BACKUP_KEEP are removed", async () => {
  const backups = join(dir, "backups");
  const server = await startServer({
    DATABASE_URL: `file:${join(dir, "data", "app.db")}`,
    UPLOAD_DIR: join(dir, "uploads"),
    JWT_SECRET: "schedule-test-secret-that-is-at-least-32-bytes",
    BACKUP_DIR: backups,
    BACKUP_INTERVAL_HOURS: String(INTERVAL_HOURS),
    BACKUP_KEEP: "2",
  });
  const listening = Date.now();
  const seen: string[] = [];
  let firstAt = 0;
  try {
    expect(server.output()).toContain(`Backups every ${INTERVAL_HOURS} h into ${backups}, keeping 2.`);
    // A backup counts once the server has logged it, i.e. after its prune.
    const logged = () => server.output().split("Scheduled backup:").length - 1;
    const deadline = Date.now() + 45_000;
    while (logged() < 4 && Date.now() < deadline) {
      for (const name of finished(backups)) {
        if (seen.includes(name)) continue;
        seen.push(name);
        if (firstAt === 0) firstAt = Date.now();
      }
      // real time: a 20 ms poll for the next finished backup: the schedule's real intervals are what is measured
      await Bun.sleep(20);
    }
    for (const name of finished(backups)) if (!seen.includes(name)) seen.push(name);
  } finally {
    await stopServer(server, "SIGTERM");
  }
  expect(server.output()).not.toContain("FAILED");
  expect(seen.length).toBeGreaterThanOrEqual(4);
  // The first comes one interval after the start, not at once.
  expect(firstAt - listening).toBeGreaterThanOrEqual(INTERVAL_HOURS * 3_600_000 * 0.9);
  // Each backup's name is its time: consecutive ones are at least an interval apart.
  const times = seen.map((name) => Date.parse(name.slice("carebook-scheduled-".length, -3).replace(/T(\d+)-(\d+)-(\d+)-(\d+)Z/, "T$1:$2:$3.$4Z")));
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(INTERVAL_HOURS * 3_600_000);

  const kept = finished(backups);
  expect(kept.length).toBe(2);
  expect(kept).toEqual(seen.slice(-2));
  for (const name of kept) {
    expect(existsSync(`${join(backups, name)}.sha256`)).toBe(true);
    expect(existsSync(picturesDirOf(join(backups, name)))).toBe(true);
    const client = createClient({ url: `file:${join(backups, name)}` });
    expect(await integrityCheck(client)).toEqual(["ok"]);
    client.close();
  }
  // Nothing of the removed ones is left: no checksum, no pictures folder, no partial file.
  expect(readdirSync(backups).filter((n) => !kept.some((k) => n.startsWith(k.slice(0, -3))))).toEqual([]);
}, 60_000);

test("pruning counts finished scheduled backups only: not a manual one, not a partial one that may still be written", () => {
  const folder = join(dir, "prune");
  mkdirSync(folder, { recursive: true });
  const names = [0, 1, 2].map((i) => backupName(new Date(Date.UTC(2026, 0, 1, i)), "scheduled"));
  const manual = backupName(new Date(Date.UTC(2025, 0, 1)));
  writeFileSync(join(folder, manual), "db");
  for (const name of names) {
    writeFileSync(join(folder, name), "db");
    writeFileSync(join(folder, `${name}.sha256`), "sum");
    mkdirSync(picturesDirOf(join(folder, name)));
  }
  const fresh = `${backupName(new Date(Date.UTC(2026, 0, 1, 3)), "scheduled")}.partial`;
  const stale = `${backupName(new Date(Date.UTC(2025, 0, 1)), "scheduled")}.partial`;
  writeFileSync(join(folder, fresh), "half");
  writeFileSync(join(folder, stale), "half");
  utimesSync(join(folder, stale), new Date(2025, 0, 1), new Date(2025, 0, 1));

  expect(pruneBackups(folder, 2)).toEqual([names[0]!]);
  const left = readdirSync(folder).sort();
  expect(left).toEqual([manual, names[1]!, `${names[1]}.sha256`, names[2]!, `${names[2]}.sha256`, fresh, picturesDirOf(names[1]!), picturesDirOf(names[2]!)].sort());
});

test("with a remote database a scheduled backup is its pictures folder alone: it counts as finished and is pruned", () => {
  const folder = join(dir, "prune-remote");
  mkdirSync(folder, { recursive: true });
  const names = [0, 1, 2].map((i) => backupName(new Date(Date.UTC(2026, 0, 1, i)), "scheduled"));
  for (const name of names) mkdirSync(picturesDirOf(join(folder, name)));
  expect(lastGoodBackupAt(folder)).toBeNumber();
  expect(pruneBackups(folder, 2)).toEqual([picturesDirOf(names[0]!)]);
  expect(readdirSync(folder).sort()).toEqual([picturesDirOf(names[1]!), picturesDirOf(names[2]!)]);
});
