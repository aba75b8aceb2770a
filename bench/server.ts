/**
 * The real server as a child process, for the crash and load scripts: `bun src/index.ts` on a
 * given database, on a free port bound to 127.0.0.1 only, with an admin seeded. Plus a tiny JSON client.
 */
import type { Subprocess } from "bun";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..");
export const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
export const PASSWORD = "bench-password-1";

export type Server = { url: string; process: Subprocess<"ignore", "pipe" | null, "pipe">; output: () => string };

/**
 * Builds the browser bundles of checkout `root` when it has none (a clean clone): every page
 * reads their manifest, and answers 500 without it. Called by the test preload, `startServer` and
 * bench:scale's in-process app; a checkout that has them keeps them (the benches that measure the
 * bundles build them afresh themselves).
 */
export function ensureClientBuild(root = ROOT): void {
  if (existsSync(join(root, "static", "build", "manifest.json"))) return;
  const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error(`the client build of ${root} failed`);
}

/**
 * Starts `bun src/index.ts` with `env` (after `ensureClientBuild`); resolves once it listens (PORT=0: the OS picks the port).
 * `root` is the checkout to run, this one unless another build is to be compared; `bunFlags` go
 * to `bun` itself (e.g. `--cpu-prof` to profile the server under a load). The request log is
 * off (LOG_LEVEL=warn) unless `env` sets LOG_LEVEL; `stdoutFile` takes the server's stdout
 * (its log lines) into a file instead of this process's memory.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
  root = ROOT,
  bunFlags: string[] = [],
  stdoutFile?: string,
): Promise<Server> {
  ensureClientBuild(root);
  const child = Bun.spawn(["bun", ...bunFlags, "src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_FAILURE_LIMIT: "100000",
      SIGNUP_LIMIT: "1000000",
      AUTH_ATTEMPTS_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdin: "ignore",
    stdout: stdoutFile === undefined ? "pipe" : Bun.file(stdoutFile),
    stderr: "pipe",
  });
  const output = collected(child.stdout instanceof ReadableStream ? [child.stdout, child.stderr] : [child.stderr]);
  const printed = async () => (stdoutFile === undefined ? output() : output() + (await Bun.file(stdoutFile).text().catch(() => "")));
  return whenPrinted(child, printed, output, timeoutMs, "the server", (text) => {
    const match = text.match(/listening on (http:\/\/localhost:\d+)/);
    return match ? { url: match[1]!.replace("localhost", "127.0.0.1"), process: child as Server["process"], output } : undefined;
  });
}

/** A child's piped output as text, collected as it comes. */
function collected(streams: ReadableStream<Uint8Array>[]): () => string {
  let output = "";
  for (const stream of streams) {
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) output += decoder.decode(chunk);
    })();
  }
  return () => output;
}

/**
 * Reads what `child` printed every 25 ms until `found` makes something of it; kills the child and
 * throws with its `output` when it exits first or `timeoutMs` passes.
 */
async function whenPrinted<T>(
  child: { exitCode: number | null; kill(signal: "SIGKILL"): void },
  printed: () => Promise<string>,
  output: () => string,
  timeoutMs: number,
  what: string,
  found: (text: string) => T | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = found(await printed());
    if (result !== undefined) return result;
    if (child.exitCode !== null) break;
    await Bun.sleep(25);
  }
  child.kill("SIGKILL");
  throw new Error(`${what} did not start:\n${output()}`);
}

/**
 * bench/observe-twin.ts of this checkout, running the app of `root`: a plain app and an observed
 * one (request log into `stdoutFile`, metrics kept) in one process, each on its own port.
 */
export async function startTwin(env: Record<string, string>, root: string, stdoutFile: string, timeoutMs = 20_000): Promise<{ plain: Server; observed: Server }> {
  const child = Bun.spawn(["bun", join(ROOT, "bench/observe-twin.ts"), root], {
    cwd: root,
    env: { ...process.env, ...env },
    stdin: "ignore",
    stdout: Bun.file(stdoutFile),
    stderr: "pipe",
  });
  const output = collected([child.stderr]);
  const side = (url: string): Server => ({ url, process: child as unknown as Server["process"], output });
  return whenPrinted(child, async () => output(), output, timeoutMs, "the twin apps", (text) => {
    const plain = text.match(/plain twin listening on (http:\/\/[\d.:]+)/)?.[1];
    const observed = text.match(/observed twin listening on (http:\/\/[\d.:]+)/)?.[1];
    return plain && observed ? { plain: side(plain), observed: side(observed) } : undefined;
  });
}

/** Stops a server: SIGTERM (graceful) or SIGKILL (a crash); resolves when the process is gone. */
export async function stopServer(server: Server, signal: "SIGTERM" | "SIGKILL"): Promise<number | null> {
  server.process.kill(signal);
  await server.process.exited;
  return server.process.exitCode;
}

export { api, type Reply } from "../tests/support/http";

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** Waits until `url` answers (anything but a 5xx), or throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
