/**
 * Issue 57 item 4: an edge node's first sync of the 100x database from a libSQL server. The big
 * file (SCALE_DB, default data/scale.db, built by `bun run bench:scale`) is put where sqld keeps
 * its database, sqld is started on it (timed until it answers: it writes the file's pages into
 * its replication log when the log is empty), then an embedded replica, as an edge node opens
 * one (src/db/client.ts), syncs from frame 0: the time, the frames, the replica's size and the
 * bytes sqld wrote meanwhile (/proc's wchar: its sockets' and files'; it has nothing else to
 * write then). Last, a second sync with nothing new, and the replica's row counts against the file's.
 *
 * `bun bench/scale/edge-sync.ts` (needs about three times the file's size on disk, in a temporary
 * folder removed at the end). Prints one reading with the machine and its load.
 */
import { createClient } from "@libsql/client";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startSqld } from "../../tests/support/sqld";
import { FIRST_SYNC, firstSync } from "../../src/db/client";

const ROOT = resolve(import.meta.dir, "..", "..");
const BIG = resolve(ROOT, process.env.SCALE_DB || join("data", "scale.db"));
const TABLES = ["doctors", "patients", "appointments", "mail_outbox", "audit_events"];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (from: number) => (performance.now() - from) / 1000;
const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

/** Bytes a process has written through write calls (its sockets' and files'), from /proc. */
const written = (pid: number) => Number(readFileSync(`/proc/${pid}/io`, "utf8").match(/^wchar: (\d+)$/m)?.[1] ?? NaN);
/** The pid of the sqld serving on `url`'s port. */
const sqldPid = (url: string) => {
  const port = new URL(url).port;
  const found = Bun.spawnSync(["pgrep", "-f", `http-listen-addr 127.0.0.1:${port}`]).stdout.toString().trim().split("\n")[0];
  return Number(found);
};

const dir = mkdtempSync(join(tmpdir(), "carebook-edge-sync-"));
const log: string[] = [];
const say = (line: string) => {
  console.log(line);
  log.push(line);
};
try {
  const fileSize = statSync(BIG).size;
  say(`File: ${BIG}, ${mb(fileSize)}`);
  // sqld keeps its database at <db-path>/dbs/default/data: made by a first start on an empty folder.
  const first = await startSqld({ dir, idleShutdownSeconds: 3600 });
  await first.halt();
  const data = join(dir, "data.sqld", "dbs", "default");
  for (const name of readdirSync(data)) rmSync(join(data, name), { recursive: true, force: true });
  const copyStart = performance.now();
  // The file as a checkpointed whole: its WAL, if any, into it first.
  new Database(BIG).exec("PRAGMA wal_checkpoint(TRUNCATE)");
  copyFileSync(BIG, join(data, "data"));
  say(`Copied into sqld's folder in ${seconds(copyStart).toFixed(1)} s`);

  const startAt = performance.now();
  const sqld = await startSqld({ dir, idleShutdownSeconds: 3600, startTimeoutMs: 3_600_000 });
  say(`sqld answered after ${seconds(startAt).toFixed(1)} s on the ${mb(fileSize)} file; its folder now ${mb(sizeOf(join(dir, "data.sqld")))}`);

  const pid = sqldPid(sqld.url);
  const replicaDir = join(dir, "edge");
  mkdirSync(replicaDir);
  const replicaPath = join(replicaDir, "replica.db");
  const replica = createClient({ url: `file:${replicaPath}`, syncUrl: sqld.url });
  const sentBefore = written(pid);
  const syncStart = performance.now();
  // Right after its start sqld may still be making the snapshot a new replica starts from, and says
  // "snapshot not found": the app's boot asks again every 2 s (src/db/client.ts `firstSync`); here
  // the same, for up to 30 minutes.
  let synced: Awaited<ReturnType<typeof replica.sync>> | undefined;
  const refusals = await firstSync(async () => (synced = await replica.sync()), Bun.sleep, { ...FIRST_SYNC, limitMs: 30 * 60_000 });
  const syncSeconds = seconds(syncStart);
  if (refusals > 0) say(`(sqld answered "snapshot not found" ${refusals} times, 2 s apart, before it served the first sync)`);
  const sent = written(pid) - sentBefore;
  say(
    `First sync: ${syncSeconds.toFixed(1)} s, ${synced?.frames_synced ?? "?"} frames, ${mb(sent)} written by sqld meanwhile ` +
      `(${(sent / 1024 / 1024 / syncSeconds).toFixed(0)} MB/s), the replica's folder ${mb(sizeOf(replicaDir))}`,
  );
  const againStart = performance.now();
  const before = written(pid);
  const again = await replica.sync();
  say(`Second sync (nothing new): ${(seconds(againStart) * 1000).toFixed(0)} ms, ${again?.frames_synced ?? "?"} frames, ${written(pid) - before} bytes written by sqld`);

  const big = new Database(BIG, { readonly: true });
  for (const table of TABLES) {
    const want = (big.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const got = Number((await replica.execute(`select count(*) as n from ${table}`)).rows[0]!.n);
    say(`${table}: ${got.toLocaleString("en")} rows on the replica, ${want.toLocaleString("en")} in the file${got === want ? "" : "  <-- differs"}`);
  }
  replica.close();
  await sqld.stop();
  say(`nproc ${cpus().length}; load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(" ")}; ${new Date().toISOString()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
