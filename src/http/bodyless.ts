/**
 * One body limit for every method (issue 23). Bun hands the app no body for a GET (or HEAD)
 * even when the request declares one, so the body limits, which count a body as it streams,
 * never saw it: a GET could send megabytes the server still had to read past. A request whose
 * body the app is not given is refused (413, the connection closed, nothing read) when it
 * declares more than the limit, or a chunked body of unknown length.
 */
import type { MiddlewareHandler } from "hono";

export const BODY_TOO_LARGE = "Request body is too large";

/** Refuses a request that declares a body over `maxBytes` (or a chunked one) that the app is not given. */
export function withoutBody(maxBytes: number): MiddlewareHandler {
  // Not async: a request passes straight on, without a frame of its own (docs/performance.md, issue 12).
  return (c, next) => {
    if (c.req.raw.body !== null) return next();
    const declared = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (!chunked && (declared === undefined || Number(declared) <= maxBytes)) return next();
    const api = c.req.path === "/api" || c.req.path.startsWith("/api/");
    if (api) return Promise.resolve(c.json({ message: BODY_TOO_LARGE }, 413, { Connection: "close" }));
    return Promise.resolve(c.text(BODY_TOO_LARGE, 413, { Connection: "close" }));
  };
}
