/**
 * The operator's endpoints (docs/deploy.md, "Observe"): GET /healthz (liveness: no I/O at all),
 * GET /readyz (readiness: src/observe/readiness.ts) and GET /metrics (Prometheus text, only with
 * `Authorization: Bearer <METRICS_TOKEN>`, else 401; without METRICS_TOKEN there is no such route,
 * so it is the 404 of any unknown path). Mounted before
 * every other route and middleware but the request log: no throttle, no session, no cookie, no
 * cache.
 */
import { Hono } from "hono";
import { timingSafeEqual } from "node:crypto";
import type { Deps } from "../config/deps";

const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/** Whether `given` is the token, compared in constant time. */
function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export function observeRoutes(deps: Deps) {
  const routes = new Hono();
  const { readiness, metrics } = deps.observe;
  const token = deps.config.metricsToken;

  routes.get("/healthz", (c) => c.json({ status: "ok" }, 200, NO_STORE));

  routes.get("/readyz", async (c) => {
    const report = await readiness.run();
    return c.json({ status: report.ok ? "ok" : "unavailable", checks: report.checks }, report.ok ? 200 : 503, NO_STORE);
  });

  if (token !== undefined) {
    routes.get("/metrics", async (c) => {
      if (!sameToken(c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1], token)) {
        return c.json({ message: "Authentication required" }, 401, { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="metrics"' });
      }
      return c.body(await metrics.text(), 200, { ...NO_STORE, "Content-Type": metrics.contentType });
    });
  }

  return routes;
}
