/**
 * `bun bench/observe-cost.ts`: the request log and metrics' CPU per request, in a form a busy
 * shared machine disturbs little. Two apps, each in a process of its own with a database of its
 * own (so neither's JIT sees the other's calls, nor its writes empty the other's kept pages), plain (LOG_LEVEL=silent, no METRICS_TOKEN) and observed
 * (LOG_LEVEL=info into /dev/null, METRICS_TOKEN set), answer the same request through app.fetch
 * in short batches taken strictly in turn (BATCH requests, some tens of milliseconds; only one
 * side works at a time); the cost is the median over PAIRS rounds of each round's own ratio of
 * CPU time (process.cpuUsage of the side's process). No sockets: the denominator lacks the
 * server's HTTP work, so the share read here is larger than over HTTP (bench:signed-in).
 * OBSERVE_BEFORE=<a checkout of another commit, with its node_modules> adds that commit's
 * observed app as a third side.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const PAIRS = Number(process.env.PAIRS || 40);
const BATCH = Number(process.env.BATCH || 500);
const BEFORE = process.env.OBSERVE_BEFORE;
const ROOT = join(import.meta.dir, "..");
type Ask = { path: string; n: number };

if (process.argv[2] === "--side") {
  // One side: boots the app of the checkout argv[3] on DATABASE_URL, signs a patient up, then answers batches.
  process.env.NODE_ENV = "production";
  const root = process.argv[3]!;
  const { createApp } = await import(join(root, "src/app.ts"));
  const { boot } = await import(join(root, "src/config/boot.ts"));
  const { parseEnv } = await import(join(root, "src/config/env.ts"));
  const app = createApp(await boot(parseEnv(process.env)));
  const body = JSON.stringify({ name: "Bea Bench", email: "bench-patient@example.com", password: "correct-horse-1" });
  const res = await app.fetch(new Request("http://localhost/api/auth/signupPatient", { method: "POST", headers: { "content-type": "application/json" }, body }));
  const token = ((await res.json()) as { token: string }).token;
  process.on("message", async (ask: Ask) => {
    const headers: Record<string, string> = ask.path.startsWith("/api") ? { authorization: `Bearer ${token}` } : { cookie: `carebook_session=${token}` };
    const start = process.cpuUsage();
    for (let i = 0; i < ask.n; i++) await (await app.fetch(new Request(`http://localhost${ask.path}`, { headers }))).arrayBuffer();
    const used = process.cpuUsage(start);
    process.send!({ cpu: (used.user + used.system) / ask.n });
  });
  process.send!({ ready: true });
} else {
  const dir = mkdtempSync(join(tmpdir(), "carebook-observe-cost-"));
  const base = (name: string) => ({
    DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
    UPLOAD_DIR: join(dir, `${name}-uploads`),
    JWT_SECRET: "bench-secret-that-is-at-least-32-bytes-long!",
    AUTH_ATTEMPTS_PER_MINUTE: "1000000",
  });
  const observedEnv = { LOG_LEVEL: "info", METRICS_TOKEN: "bench-metrics-token-0123456789" };
  type Side = { name: string; ask(a: Ask): Promise<number>; stop(): void };
  /** Starts one side and waits until its app is up. */
  const side = (name: string, root: string, env: Record<string, string>) =>
    new Promise<Side>((resolve) => {
      let answer: (cpu: number) => void = () => undefined;
      const child = Bun.spawn(["bun", import.meta.path, "--side", root], {
        env: { ...process.env, ...base(name), ...env },
        stdout: "ignore",
        stderr: "inherit",
        ipc(message: { ready?: boolean; cpu?: number }) {
          if (message.ready) resolve({ name, ask, stop: () => child.kill() });
          else answer(message.cpu!);
        },
      });
      const ask = (a: Ask) => new Promise<number>((done) => ((answer = done), child.send(a)));
    });
  const sides = await Promise.all([
    side("plain", ROOT, { LOG_LEVEL: "silent" }),
    side("observed", ROOT, observedEnv),
    ...(BEFORE ? [side("before", BEFORE, observedEnv)] : []),
  ]);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const paths = (process.env.PATHS ?? "/api/auth/patient-dashboard/patient-meetings,/patient-dashboard,/patient-dashboard/patient-profile,/about").split(",");
  console.log(`${PAIRS} rounds of ${BATCH} requests a side; load average ${loadavg()[0]!.toFixed(1)} at the start`);
  for (const path of paths) {
    const ask = { path, n: BATCH };
    for (const s of sides) await s.ask(ask); // warm the JIT and the kept answers
    const cpu = sides.map((): number[] => []);
    for (let round = 0; round < PAIRS; round++) {
      // The order alternates, so neither side always runs right after the other.
      const order = round % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => sides.length - 1 - i);
      for (const i of order) cpu[i]!.push(await sides[i]!.ask(ask));
    }
    const cost = (i: number) => median(cpu[i]!.map((c, k) => c / cpu[0]![k]!)) - 1;
    const figures = sides.slice(1).map((s, k) => `${s.name} +${(100 * cost(k + 1)).toFixed(1)} % (${median(cpu[k + 1]!).toFixed(1)} µs)`);
    console.log(`${path}: plain ${median(cpu[0]!).toFixed(1)} µs a request; ${figures.join("; ")}; load ${loadavg()[0]!.toFixed(1)}`);
  }
  for (const s of sides) s.stop();
  rmSync(dir, { recursive: true, force: true });
}
