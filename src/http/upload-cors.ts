/**
 * CORS for the pictures under /uploads (SERVER-RULES §6): a client on a CORS_ORIGINS origin
 * loads them with `<img crossorigin>`, which sends Origin and needs Access-Control-Allow-Origin
 * back, and Cross-Origin-Resource-Policy must let that origin embed them. Any other origin, and
 * a request without Origin, keeps the same-origin policy every answer has.
 * Registered before securityHeaders so that it runs after it and has the last word on CORP.
 */
import type { MiddlewareHandler } from "hono";

export function uploadCors(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    await next();
    if (allowed.size === 0) return;
    // The answer differs by Origin: a shared cache must keep one per origin.
    c.res.headers.append("Vary", "Origin");
    const origin = c.req.header("origin");
    if (origin === undefined || !allowed.has(origin)) return;
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
