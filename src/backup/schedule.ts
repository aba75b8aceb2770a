/**
 * Scheduled backups inside the server: every BACKUP_INTERVAL_HOURS a `carebook backup` runs as
 * a child process (its own copy of the binary, or `bun src/index.ts backup`), so the snapshot's
 * synchronous SQLite work never stalls the server's event loop. The child writes under
 * `.partial` names, checks the copy with integrity_check and renames it only then; the server
 * removes the oldest backups beyond BACKUP_KEEP only after the child has exited with success.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Config } from "../config/env";
import type { Database } from "../db/client";
import { takeLease } from "../db/queries/leases";
import { backupName, checksumFileOf, picturesDirOf } from "./backup";

/**
 * A finished scheduled backup: its database copy (NAME.db, renamed last), or, with a remote
 * database, which writes no copy, its pictures folder alone (NAME.uploads). .partial ones and
 * manual backups are never counted.
 */
const COMPLETE = /^(carebook-scheduled-[0-9T-]+Z)\.(db|uploads)$/;
/**
 * How much of an interval a turn is held: the instances' timers drift apart by how long each
 * backup takes, so a turn must end a little before the holder's next one comes round.
 */
const LEASE_SHARE = 0.9;
/** A leftover of a backup that died is removed once it is older than this. */
const PARTIAL_STALE_MS = 24 * 3_600_000;

/** The command that runs this program's `backup` subcommand, from the binary or from the source tree. */
export function backupCommand(file: string): string[] {
  if (Bun.isStandaloneExecutable) return [process.execPath, "backup", file];
  return [process.execPath, resolve(import.meta.dir, "..", "index.ts"), "backup", file];
}

/** Removes the oldest complete scheduled backups in `dir` beyond `keep`, and stale partial ones; returns the removed names. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const entries = readdirSync(dir);
  const complete = finished(entries);
  const removed = complete.slice(0, Math.max(0, complete.length - keep)).map((stem) => (entries.includes(`${stem}.db`) ? `${stem}.db` : `${stem}.uploads`));
  for (const name of removed) {
    const db = join(dir, name.replace(/\.uploads$/, ".db"));
    rmSync(db, { force: true });
    rmSync(checksumFileOf(db), { force: true });
    rmSync(picturesDirOf(db), { recursive: true, force: true });
  }
  for (const name of entries.filter((n) => n.endsWith(".partial"))) {
    const path = join(dir, name);
    if (Date.now() - statSync(path).mtimeMs > PARTIAL_STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  return removed;
}

/** When the newest complete scheduled backup in `dir` was finished (ms), if there is one. */
export function lastGoodBackupAt(dir: string): number | undefined {
  const entries = existsSync(dir) ? readdirSync(dir) : [];
  const newest = finished(entries).at(-1);
  if (newest === undefined) return undefined;
  return statSync(join(dir, entries.includes(`${newest}.db`) ? `${newest}.db` : `${newest}.uploads`)).mtimeMs;
}

/** The finished scheduled backups among `entries`, oldest first, by name without its ending. */
function finished(entries: string[]): string[] {
  return [...new Set(entries.map((name) => COMPLETE.exec(name)?.[1]).filter((stem) => stem !== undefined))].sort();
}

/**
 * Whether this instance takes this interval's backup: instances on one database share one
 * schedule, so each turn is a lease (src/db/queries/leases.ts) held for most of an interval.
 * Whoever comes next within that time leaves the turn to its holder; one that comes after it
 * (its holder died, or is late) takes it.
 */
export function backupTurns(database: Database, intervalMs: number): () => Promise<boolean> {
  const holder = crypto.randomUUID();
  return () => {
    const now = new Date();
    return database.write((tx) => takeLease(tx, "scheduled-backup", holder, now, new Date(now.getTime() + intervalMs * LEASE_SHARE)));
  };
}

/**
 * Starts the schedule when BACKUP_INTERVAL_HOURS is above 0: the first backup one interval
 * after start, then one interval after each ends (never two at once), each only when `myTurn`
 * says so (backupTurns: not when another instance on the database has just taken it). Returns stop().
 */
export function scheduleBackups(config: Config, myTurn: () => Promise<boolean>, log: (line: string) => void = console.log) {
  const { dir, intervalHours, keep } = config.backup;
  if (intervalHours <= 0) return undefined;
  const intervalMs = intervalHours * 3_600_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let child: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
  let stopped = false;

  async function runOnce() {
    if (!(await myTurn()) || stopped) return;
    const file = join(resolve(dir), backupName(new Date(), "scheduled"));
    child = Bun.spawn(backupCommand(file), { env: process.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    child = undefined;
    if (stopped) return;
    if (code === 0 && (existsSync(file) || existsSync(picturesDirOf(file)))) {
      const removed = pruneBackups(resolve(dir), keep);
      log(`Scheduled backup: ${out.trim().split("\n").join("; ")}${removed.length ? `; removed ${removed.length} older (BACKUP_KEEP=${keep})` : ""}`);
    } else {
      // Nothing is pruned after a failure: the older backups are all there is.
      log(`Scheduled backup FAILED (exit ${code}): ${(err || out).trim()}`);
    }
  }

  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().catch((error) => log(`Scheduled backup FAILED: ${(error as Error).message}`)).finally(next), intervalMs);
    timer.unref();
  };
  next();
  log(`Backups every ${intervalHours} h into ${resolve(dir)}, keeping ${keep}.`);
  return {
    /** Stops the schedule; a backup in progress is ended (its .partial files are left for the next prune). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const running = child;
      if (running) {
        running.kill("SIGTERM");
        await running.exited;
      }
    },
  };
}
