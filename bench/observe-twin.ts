/**
 * `bun bench/observe-twin.ts`: two apps in one process, for bench:signed-in's cost of the request
 * log and metrics (issue 30). Both are the real app (createApp over boot()) on the same database,
 * each behind its own Bun.serve: "plain" with LOG_LEVEL=silent and no METRICS_TOKEN, "observed"
 * with LOG_LEVEL=info (its lines on this process's stdout) and METRICS_TOKEN set. The bench loads
 * one port at a time, so the process's CPU time over a turn is that app's alone.
 *
 * Why one process: two processes of the very same build differ by several per cent in CPU per
 * request (their JIT's choices, their memory's layout), more than the cost being read; an
 * identical pair measured by bench:signed-in's rounds showed -7 % to +3 %. In one process both
 * apps run the same compiled code, so what differs is what the log and metrics do.
 * TWIN_CONTROL=1 makes "observed" a second plain app: the bench then reads its own noise.
 * `bun bench/observe-twin.ts <checkout>` runs that checkout's app instead of this one's.
 */
import { join } from "node:path";

process.env.NODE_ENV ??= "production";

const root = process.argv[2] ?? join(import.meta.dir, "..");
const { boot } = await import(join(root, "src/config/boot.ts"));
const { parseEnv } = await import(join(root, "src/config/env.ts"));
const { createApp } = await import(join(root, "src/app.ts"));

const control = process.env.TWIN_CONTROL === "1";
const { METRICS_TOKEN: _, ...rest } = process.env;
const plainEnv = { ...rest, LOG_LEVEL: "silent" };
const observedEnv = control ? plainEnv : { ...process.env, LOG_LEVEL: "info", METRICS_TOKEN: process.env.METRICS_TOKEN || "bench-metrics-token-0123456789" };

for (const [name, env] of [["plain", plainEnv], ["observed", observedEnv]] as const) {
  const app = createApp(await boot(parseEnv(env)));
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
  // On stderr: stdout carries the observed app's log lines.
  console.error(`${name} twin listening on http://127.0.0.1:${server.port}`);
}
