/**
 * The benchmark's load generator: wrk when it is installed (installed from Debian if apt-get
 * can), else autocannon through npm. One call runs one bounded load against one URL and returns
 * requests per second and the p50/p99 latency in milliseconds.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type LoadOptions = {
  url: string;
  seconds: number;
  connections: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};
export type LoadResult = { rps: number; p50: number; p99: number; requests: number; errors: number };
export type Generator = { name: string; run(options: LoadOptions): Promise<LoadResult> };

/** wrk if present, else after `apt-get install -y wrk` (not with BENCH_INSTALL=off, as in tests), else autocannon (npm). */
export async function loadGenerator(): Promise<Generator> {
  if (!Bun.which("wrk") && Bun.which("apt-get") && process.env.BENCH_INSTALL !== "off") {
    console.log("wrk is missing: apt-get install -y wrk");
    const install = Bun.spawnSync(["sh", "-c", "apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)"], {
      stdout: "ignore",
      stderr: "inherit",
      timeout: 300_000,
    });
    if (install.exitCode !== 0) console.log("apt-get could not install wrk; falling back to autocannon");
  }
  const wrkPath = Bun.which("wrk");
  if (wrkPath) return { name: `wrk ${wrkVersion(wrkPath)} (1 thread)`, run: (o) => runWrk(wrkPath, o) };
  return { name: "autocannon (npm)", run: runAutocannon };
}

function wrkVersion(path: string): string {
  const run = Bun.spawnSync([path, "-v"]);
  return (run.stdout.toString() + run.stderr.toString()).match(/wrk\s+([\d.]+)/)?.[1] ?? "";
}

const scripts = mkdtempSync(join(tmpdir(), "carebook-bench-lua-"));
let scriptCount = 0;

/** A wrk Lua script setting the method, headers and body. */
function wrkScript(o: LoadOptions): string {
  const lines = [`wrk.method = ${JSON.stringify(o.method ?? "GET")}`];
  for (const [k, v] of Object.entries(o.headers ?? {})) lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  if (o.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(o.body)}`);
  const path = join(scripts, `s${++scriptCount}.lua`);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

/** "1.23ms" / "456.00us" / "1.01s" / "1.00m" in milliseconds. */
function ms(text: string): number {
  const m = text.match(/([\d.]+)(us|ms|s|m)\b/);
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === "us" ? value / 1000 : m[2] === "ms" ? value : m[2] === "s" ? value * 1000 : value * 60_000;
}

async function runWrk(wrk: string, o: LoadOptions): Promise<LoadResult> {
  // wrk counts whole seconds: a shorter run (a quick check) takes one.
  const args = [wrk, "-t1", `-c${o.connections}`, `-d${Math.max(1, Math.ceil(o.seconds))}s`, "--timeout", "10s", "--latency", "-s", wrkScript(o), o.url];
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => proc.kill(), (o.seconds + 30) * 1000);
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  clearTimeout(killer);
  await proc.exited;
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`wrk failed: ${out}\n${err}`);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  return { rps, p50: ms(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? ""), p99: ms(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? ""), requests, errors: non2xx + socketErrors };
}

/**
 * Requests a run shorter than a second sends instead (a quick check's, src/build/bench-signed-in.test.ts):
 * autocannon rounds a duration up to a whole second, a second of full load on both cores each run.
 */
const QUICK_REQUESTS_PER_CONNECTION = 8;

async function runAutocannon(o: LoadOptions): Promise<LoadResult> {
  const bound = o.seconds < 1 ? ["-a", String(o.connections * QUICK_REQUESTS_PER_CONNECTION)] : ["-d", String(o.seconds)];
  const args = ["bun", "x", "autocannon", "-j", "-c", String(o.connections), ...bound, "-m", o.method ?? "GET"];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (o.body !== undefined) args.push("-b", o.body);
  args.push(o.url);
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => proc.kill(), (o.seconds + 60) * 1000);
  const out = await new Response(proc.stdout).text();
  clearTimeout(killer);
  await proc.exited;
  const json = JSON.parse(out.slice(out.indexOf("{")));
  return {
    // A counted run ends at autocannon's next one-second tick, so its own duration says nothing:
    // its rate is the connections over the mean latency (each connection sends as one returns).
    rps: o.seconds < 1 ? (o.connections * 1000) / json.latency.average : json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    requests: json.requests.total,
    errors: (json.non2xx ?? 0) + (json.errors ?? 0) + (json.timeouts ?? 0),
  };
}
