/**
 * bench:scale's operations on the big file (issue 57 item 4), each timed as an operator meets it:
 * - an online backup (`bun src/cli/backup.ts`, a child process as the server's schedule runs it)
 *   while this process keeps answering a read one request at a time: MB/s, and the reads' p50 and
 *   longest wait during it;
 * - a restore of that backup into another path (`restoreBackup`, as `bun run restore`): MB/s;
 * - the latest migrations' statements on the big file (bench/scale/migration-probe.ts: their new
 *   names suffixed, rolled back), each alone: the time it takes (SCALE_MIGRATIONS, a comma-separated
 *   list of drizzle/ file names, else the last MIGRATIONS_PROBED);
 * - a restart: `bun src/index.ts` on the big file until it listens (time to ready).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restoreBackup } from "../../src/backup/restore";
import { parseEnv } from "../../src/config/env";
import { percentile } from "../booking-load";
import { ROOT, startServer, stopServer } from "../server";
import { appEnv, SCALE_ADMIN, startSized } from "./measure";
import { countsAt } from "./population";
import { MIGRATIONS_DIR } from "../../src/config/assets";

/** How many of the newest migrations the operations time when SCALE_MIGRATIONS does not name them. */
const MIGRATIONS_PROBED = 2;
const probedMigrations = (): string[] =>
  process.env.SCALE_MIGRATIONS?.split(",").filter(Boolean) ??
  readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort().slice(-MIGRATIONS_PROBED);

export type Ops = {
  bytes: number;
  backup: { seconds: number; mbps: number; reads: number; readP50: number; readMax: number; quietP50: number };
  restore?: { seconds: number; mbps: number; error?: string };
  migrations: { name: string; seconds: number; error?: string }[];
  restart?: { seconds: number; error?: string };
};

const MB = 1e6;
const errorOf = (e: unknown) => (e as Error).message.split("\n")[0]!.slice(0, 160);

export async function measureOps(big: string, log: (line: string) => void): Promise<Ops> {
  const dir = mkdtempSync(join(tmpdir(), "carebook-scale-ops-"));
  const bytes = statSync(big).size;
  try {
    // The backup, with the app answering a read in this process all along.
    const uploads = join(dir, "uploads");
    const s = await startSized(big, countsAt(1));
    let ops: Ops;
    try {
      const path = "/api/auth/patient-dashboard/patient-meetings";
      const headers = { authorization: `Bearer ${s.tokens.patient}` };
      const readOnce = async () => {
        const t = performance.now();
        const res = await fetch(s.base + path, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} during the backup`);
        return performance.now() - t;
      };
      const quiet: number[] = [];
      for (let i = 0; i < 40; i++) quiet.push(await readOnce());
      const during: number[] = [];
      let running = true;
      const reader = (async () => {
        while (running) during.push(await readOnce());
      })();
      const file = join(dir, "backup.db");
      const t = performance.now();
      // In a child process, as the server's schedule takes it (src/backup/schedule.ts): the
      // snapshot's synchronous work stops that process's event loop, not the server's.
      const child = Bun.spawn(["bun", "src/cli/backup.ts", file], { cwd: ROOT, env: { ...process.env, ...appEnv(big, uploads) }, stdout: "ignore", stderr: "pipe" });
      const [err, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
      if (code !== 0) throw new Error(`backup failed: ${err}`);
      const seconds = (performance.now() - t) / 1000;
      running = false;
      await reader;
      ops = {
        bytes,
        migrations: [],
        backup: { seconds, mbps: bytes / MB / seconds, reads: during.length, readP50: percentile(during, 50), readMax: Math.max(...during), quietP50: percentile(quiet, 50) },
      };
      log(`backup: ${seconds.toFixed(1)} s, ${ops.backup.mbps.toFixed(0)} MB/s; ${during.length} reads during it, p50 ${ops.backup.readP50.toFixed(1)} ms, longest ${ops.backup.readMax.toFixed(0)} ms`);
    } finally {
      await s.close();
    }

    // The restore into another path, as `bun run restore` does with the server stopped.
    try {
      const target = join(dir, "restored", "app.db");
      const t = performance.now();
      await restoreBackup(parseEnv(appEnv(target, join(dir, "uploads"))), join(dir, "backup.db"));
      const seconds = (performance.now() - t) / 1000;
      ops.restore = { seconds, mbps: bytes / MB / seconds };
      log(`restore: ${seconds.toFixed(1)} s`);
    } catch (e) {
      ops.restore = { seconds: NaN, mbps: NaN, error: errorOf(e) };
      log(`restore failed: ${ops.restore.error}`);
    }
    rmSync(join(dir, "restored"), { recursive: true, force: true });

    rmSync(join(dir, "backup.db"), { force: true });

    // Each of the latest migrations' statements on the big file itself, in a transaction rolled back.
    for (const name of probedMigrations()) {
      try {
        const run = Bun.spawnSync(["bun", "bench/scale/migration-probe.ts", big, name], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
        if (run.exitCode !== 0) throw new Error(run.stderr.toString());
        const seconds = Number(run.stdout.toString().trim().split(" ")[1]);
        ops.migrations.push({ name, seconds });
        log(`migration ${name}: ${seconds.toFixed(2)} s`);
      } catch (e) {
        ops.migrations.push({ name, seconds: NaN, error: errorOf(e) });
        log(`migration ${name} failed: ${errorOf(e)}`);
      }
    }

    // A restart: a fresh server process on the big file until it listens.
    try {
      const t = performance.now();
      const server = await startServer({ ...appEnv(big, join(dir, "uploads")), ADMIN_EMAIL: SCALE_ADMIN.email, ADMIN_PASSWORD: SCALE_ADMIN.password }, 120_000);
      ops.restart = { seconds: (performance.now() - t) / 1000 };
      await stopServer(server, "SIGTERM");
      log(`restart: ${ops.restart.seconds.toFixed(2)} s to ready`);
    } catch (e) {
      ops.restart = { seconds: NaN, error: errorOf(e) };
    }
    return ops;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

export function opsTable(o: Ops): string {
  const size = `${(o.bytes / MB).toFixed(0)} MB`;
  return [
    "| operation on the 100x file | figure |",
    "|---|---|",
    `| online backup (bun src/cli/backup.ts in a child, ${size}) | ${f(o.backup.seconds)} s, **${f(o.backup.mbps, 0)} MB/s**; a read answered throughout: ${o.backup.reads} reads, p50 ${f(o.backup.readP50)} ms (${f(o.backup.quietP50)} ms before), longest **${f(o.backup.readMax, 0)} ms** |`,
    `| restore (restoreBackup, into another path) | ${o.restore?.error ?? `${f(o.restore!.seconds)} s, ${f(o.restore!.mbps, 0)} MB/s`} |`,
    ...o.migrations.map((m) => `| migration drizzle/${m.name} (its statements on the file, rolled back) | ${m.error ?? `**${f(m.seconds, 2)} s**`} |`),
    `| restart (\`bun src/index.ts\` until it listens) | ${o.restart?.error ?? `**${f(o.restart!.seconds, 2)} s**`} |`,
  ].join("\n");
}
