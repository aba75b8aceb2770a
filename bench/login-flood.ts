/**
 * Login flood (issue 10, point 4): other users' login latency alone, and while 64 connections
 * flood the login of one account from one address with its correct password (successful logins
 * are not failures, so only the per-address attempt limit and the argon2 bound stop them).
 *
 *   bun run bench:login-flood            # this checkout
 *   BENCH_ROOT=/path/to/checkout bun bench/login-flood.ts   # another build, e.g. before the fix
 *
 * The server is the real one (bun src/index.ts) on 127.0.0.1 with the production limits and
 * TRUST_PROXY=1; the bench plays the proxy by sending X-Forwarded-For, so each user and the
 * flood have their own address. Bounded: OTHERS logins per phase (default 120), the flood stops
 * when the measured phase ends or after FLOOD_MAX_SECONDS (default 60), at most FLOOD_MAX
 * requests (default 200000). Prints p50/p99 alone and during the flood, and the machine's load.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, availableParallelism } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PASSWORD, ROOT, pool, startServer, stopServer } from "./server";

const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 64);
const OTHERS = Number(process.env.OTHERS ?? 120);
const USERS = 12;
const OTHERS_PARALLEL = 2;
const FLOOD_MAX_SECONDS = Number(process.env.FLOOD_MAX_SECONDS ?? 60);
const FLOOD_MAX = Number(process.env.FLOOD_MAX ?? 200_000);
const root = process.env.BENCH_ROOT ?? ROOT;

type Call = { status: number; ms: number };

async function login(base: string, email: string, address: string): Promise<Call> {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/loginPatient`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summary = (calls: Call[]) => {
  const ms = calls.map((c) => c.ms);
  const statuses: Record<number, number> = {};
  for (const c of calls) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
  return { n: calls.length, p50: percentile(ms, 50), p99: percentile(ms, 99), statuses };
};
const fmt = (s: ReturnType<typeof summary>) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (${s.n} logins, ${JSON.stringify(s.statuses)})`;

/** `count` logins by the users, each user from its own address (in `net`), OTHERS_PARALLEL at a time. */
function others(base: string, users: string[], count = OTHERS, net = "10.1.0"): Promise<Call[]> {
  return pool(Array.from({ length: count }, (_, i) => i), OTHERS_PARALLEL, (i) => login(base, users[i % users.length]!, `${net}.${(i % users.length) + 1}`));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "carebook-flood-"));
  const env = {
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    UPLOAD_DIR: join(dir, "uploads"),
    JWT_SECRET: "flood-bench-secret-that-is-at-least-32-bytes",
    TRUST_PROXY: "1",
    // The production defaults, not the bench server's lifted ones.
    LOGIN_FAILURE_LIMIT: "10",
    SIGNUP_LIMIT: "20",
    AUTH_ATTEMPTS_PER_MINUTE: "60",
  };
  const server = await startServer(env, 20_000, root);
  const base = server.url;
  try {
    console.log(`login flood bench: ${root === ROOT ? "this checkout" : root}, ${availableParallelism()} cores, load average at start ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const users = await pool(Array.from({ length: USERS }, (_, i) => i), 2, async (i) => {
      const email = `flood-user-${i}@example.com`;
      const res = await fetch(`${base}/api/auth/signupPatient`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.2.0.${i + 1}` },
        body: JSON.stringify({ name: `User ${i}`, email, password: PASSWORD }),
      });
      if (res.status !== 201) throw new Error(`signup ${i}: ${res.status} ${await res.text()}`);
      return email;
    });
    const victim = "flood-victim@example.com";
    const made = await fetch(`${base}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.3.0.1" },
      body: JSON.stringify({ name: "Victim", email: victim, password: PASSWORD }),
    });
    if (made.status !== 201) throw new Error(`victim signup: ${made.status}`);

    await others(base, users, 24, "10.4.0"); // warm up (not measured), from other addresses
    const alone = summary(await others(base, users));
    console.log(`alone:        ${fmt(alone)}`);

    // The flood: CONNECTIONS loops logging in to one account from one address, until told to stop.
    let stop = false;
    const flood: Call[] = [];
    const floodStart = performance.now();
    let floodEnd = 0;
    const deadline = Date.now() + FLOOD_MAX_SECONDS * 1000;
    const loops = Array.from({ length: CONNECTIONS }, async () => {
      while (!stop && Date.now() < deadline && flood.length < FLOOD_MAX) flood.push(await login(base, victim, "10.9.9.9"));
      floodEnd ||= performance.now(); // the first loop to stop: the flood was whole until then
    });
    await Bun.sleep(500); // let the flood fill the queue first
    const during = summary(await others(base, users));
    const othersEnd = performance.now();
    stop = true;
    await Promise.all(loops);
    const floodSummary = summary(flood);
    console.log(`during flood: ${fmt(during)}`);
    const whole = floodEnd === 0 || floodEnd >= othersEnd;
    console.log(
      `the flood:    ${floodSummary.n} requests from ${CONNECTIONS} connections in ${((othersEnd - floodStart) / 1000).toFixed(1)} s, ${JSON.stringify(floodSummary.statuses)}, flood p50 ${floodSummary.p50.toFixed(1)} ms; ${whole ? "it lasted the whole measured phase" : "IT STOPPED BEFORE THE MEASURED PHASE ENDED (raise FLOOD_MAX or FLOOD_MAX_SECONDS)"}`,
    );
    console.log(`ratio during/alone: p50 ${(during.p50 / alone.p50).toFixed(2)}x, p99 ${(during.p99 / alone.p99).toFixed(2)}x (target: within 2x)`);
    console.log(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  } finally {
    await stopServer(server, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
