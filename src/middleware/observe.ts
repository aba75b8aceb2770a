/**
 * The first middleware of the app: gives every request its id (X-Request-Id from a trusted proxy,
 * else a new one; returned in X-Request-Id), then writes one log line and counts it in the metrics
 * once it is answered. The line holds what an operator needs and nothing personal: time, request
 * id, method, the route's pattern (never the path with its ids, never the query), status,
 * duration, bytes sent and the role admitted. A 5xx line carries the error and its stack.
 */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { matchedRoutes } from "hono/route";
import type { Deps } from "../config/deps";
import { ApiError, Refusal } from "../http/errors";
import { requestWriter } from "../observe/request-line";

declare module "hono" {
  interface ContextVariableMap {
    /** This request's id, as logged and returned in X-Request-Id (the "Reference" of an error). */
    requestId: string;
  }
}

/** An id a proxy may hand on: short, and nothing that could break a log line or a header. */
const PROXY_ID = /^[A-Za-z0-9._:@-]{1,128}$/;
/** The probes: logged at debug, not info (a load balancer asks every few seconds). */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);
/** The routes that take a profile picture; refusals at their door (413, 503) count as picture uploads. */
const PICTURE_ROUTES = new Set([
  "PUT /api/auth/patient-profile",
  "PUT /api/auth/doctor-profile",
  "POST /patient-dashboard/patient-profile",
  "POST /doctor-dashboard/doctor-profile",
]);
/** Statuses whose answer has no body. */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * The pattern of the route that answered (Hono's routePath), e.g. /api/auth/admin-dashboard/doctor-status/:id.
 * When a middleware answered first (a refusal, a guard), the route the request was going to; "unmatched" when none.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = c.req.routeIndex; i < routes.length; i++) {
    const route = routes[i]!;
    if (route.method !== "ALL") return route.path;
  }
  return "unmatched";
}

/** Bytes of an answer that does not say its Content-Length: its size as a Blob (no copy), which becomes the answer. */
async function bodyBytes(c: Context): Promise<number> {
  const res = c.res;
  if (c.req.method === "HEAD" || BODILESS.has(res.status)) return 0;
  // Reading `res.body` would make Bun build a stream of it; a Blob shares the bytes (or the file).
  const blob = await res.blob();
  c.res = undefined;
  c.res = new Response(blob.size === 0 ? null : blob, res);
  return blob.size;
}

/** An error that is an answer (a refusal, a redirect), not a failure worth a stack in the log. */
const answered = (error: unknown) => error instanceof Refusal || error instanceof ApiError || error instanceof HTTPException;

export function observeRequests(deps: Deps): MiddlewareHandler {
  const { log, metrics } = deps.observe;
  const writeLine = requestWriter(log);
  const trusted = deps.config.trustProxy > 0;
  return async (c, next) => {
    const started = performance.now();
    const given = trusted ? c.req.header("x-request-id") : undefined;
    const id = given !== undefined && PROXY_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", id);
    metrics.inFlight(1);
    try {
      await next();
    } finally {
      metrics.inFlight(-1);
    }
    c.res.headers.set("X-Request-Id", id);
    const status = c.res.status;
    const route = routePattern(c);
    const method = c.req.method;
    const ms = performance.now() - started;
    metrics.request(route, method, status, ms / 1000);
    const error = c.error;
    if (error instanceof ApiError && (status === 413 || status === 503) && PICTURE_ROUTES.has(`${method} ${route}`)) {
      metrics.pictureUpload(status === 503 ? "busy" : "too_large");
    }
    const level = status >= 500 ? "error" : PROBES.has(route) ? "debug" : "info";
    if (!log.isLevelEnabled(level)) return;
    const declared = c.res.headers.get("content-length");
    const bytes = declared !== null ? Number(declared) : await bodyBytes(c);
    const line = { reqId: id, method, route, status, ms: Math.round(ms * 100) / 100, bytes, role: c.get("user")?.role ?? null };
    if (level !== "error") writeLine(level, line);
    else if (error !== undefined && !answered(error)) log.error({ ...line, err: error }, "request failed");
    else log.error(line, "request");
  };
}
