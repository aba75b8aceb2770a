/**
 * Issue 57 item 4: an edge node's first sync of the 100x database from a libSQL server. The big
 * file (SCALE_DB, default data/scale.db, built by `bun run bench:scale`) is put where sqld keeps
 * its database, sqld is started on it (timed until it answers: it writes the file's pages into
 * its replication log when the log is empty), then an embedded replica, as an edge node opens
 * one (src/db/client.ts), syncs from frame 0: the time, the frames, the replica's size and the
 * bytes sqld sent (counted by a pass-through proxy on loopback). Last, a second sync with
 * nothing new, and the replica's row counts against the file's.
 *
 * `bun bench/scale/edge-sync.ts` (needs about three times the file's size on disk, in a temporary
 * folder removed at the end). Prints one reading with the machine and its load.
 */
import { createClient } from "@libsql/client";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startSqld } from "../../tests/support/sqld";

const ROOT = resolve(import.meta.dir, "..", "..");
const BIG = resolve(ROOT, process.env.SCALE_DB || join("data", "scale.db"));
const TABLES = ["doctors", "patients", "appointments", "mail_outbox", "audit_events"];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (from: number) => (performance.now() - from) / 1000;
const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

/** A loopback proxy to `target` that counts the bytes of the answers it passes on. */
function countingProxy(target: string) {
  let answered = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const res = await fetch(`${target}${url.pathname}${url.search}`, { method: req.method, headers: req.headers, body: req.body });
      const body = new Uint8Array(await res.arrayBuffer());
      answered += body.byteLength;
      const headers = new Headers(res.headers);
      headers.delete("content-encoding");
      headers.delete("content-length");
      return new Response(body, { status: res.status, headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, answered: () => answered, stop: () => server.stop(true) };
}

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

  const proxy = countingProxy(sqld.url);
  const replicaDir = join(dir, "edge");
  mkdirSync(replicaDir);
  const replicaPath = join(replicaDir, "replica.db");
  const replica = createClient({ url: `file:${replicaPath}`, syncUrl: proxy.url });
  const syncStart = performance.now();
  const synced = await replica.sync();
  const syncSeconds = seconds(syncStart);
  say(
    `First sync: ${syncSeconds.toFixed(1)} s, ${synced?.frames_synced ?? "?"} frames, ${mb(proxy.answered())} sent by sqld ` +
      `(${(proxy.answered() / 1024 / 1024 / syncSeconds).toFixed(0)} MB/s), the replica's folder ${mb(sizeOf(replicaDir))}`,
  );
  const againStart = performance.now();
  const before = proxy.answered();
  const again = await replica.sync();
  say(`Second sync (nothing new): ${(seconds(againStart) * 1000).toFixed(0)} ms, ${again?.frames_synced ?? "?"} frames, ${proxy.answered() - before} bytes`);

  const big = new Database(BIG, { readonly: true });
  for (const table of TABLES) {
    const want = (big.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const got = Number((await replica.execute(`select count(*) as n from ${table}`)).rows[0]!.n);
    say(`${table}: ${got.toLocaleString("en")} rows on the replica, ${want.toLocaleString("en")} in the file${got === want ? "" : "  <-- differs"}`);
  }
  replica.close();
  proxy.stop();
  await sqld.stop();
  say(`nproc ${cpus().length}; load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(" ")}; ${new Date().toISOString()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
