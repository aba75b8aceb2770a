/**
 * CSRF for the pages' forms (SERVER-RULES §7). A form post carries the session cookie, so one
 * sent from another site could act for the user: every non-GET request to a page route must say
 * it comes from this site, by `Origin`, or `Sec-Fetch-Site: same-origin`, with `Referer` as the
 * fallback for the few clients that send neither. Anything else is refused with 403 and changes
 * nothing. The JSON API mostly needs none of this, as it acts on the bearer header alone; but
 * its calls that set or clear the session cookie (login, signup, logout) refuse a browser's
 * cross-site request (crossSiteApiRefused, issue 23): a `text/plain` form on another site
 * needs no preflight, and would otherwise log a visitor out (or into the attacker's account).
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../http/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined || url === "null") return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** Whether a state-changing request says it was made by a page of this site. */
export function fromThisSite(c: Context): boolean {
  // Behind a TLS proxy the scheme differs (https outside, http here); the host does not.
  const host = c.req.header("host") ?? hostOf(c.req.url);
  const origin = c.req.header("origin");
  if (origin !== undefined) return hostOf(origin) === host;
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined) return site === "same-origin";
  return hostOf(c.req.header("referer")) === host;
}

/** Refuses (403) a state-changing page request that did not come from this site. */
export const sameOriginForms: MiddlewareHandler = (c, next) => {
  // Not async: a GET passes straight on, without a frame of its own (docs/performance.md, issue 12).
  if (SAFE.has(c.req.method)) return next();
  const api = c.req.path === "/api" || c.req.path.startsWith("/api/");
  if (!api && !fromThisSite(c)) return Promise.resolve(c.text("This form must be sent from Carebook's own pages.", 403));
  return next();
};

export const CROSS_SITE_MESSAGE = "This request must come from Carebook's own pages or an allowed origin.";

/**
 * For the /api calls that act on the session cookie: refuses (403 JSON) a request a browser made
 * from another site, by its `Origin` (unless it is one of CORS_ORIGINS) or, without one, by
 * `Sec-Fetch-Site: cross-site` or `same-site` (a sibling subdomain). A request with neither, as
 * every non-browser client sends, passes: no browser can be made to send it.
 */
export function crossSiteApiRefused(allowedOrigins: readonly string[]): MiddlewareHandler {
  return (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const host = c.req.header("host") ?? hostOf(c.req.url);
    const refused =
      origin !== undefined
        ? !allowedOrigins.includes(origin) && hostOf(origin) !== host
        : ["cross-site", "same-site"].includes(c.req.header("sec-fetch-site") ?? "");
    if (refused) throw new ApiError(403, CROSS_SITE_MESSAGE);
    return next();
  };
}
