/**
 * SERVER-RULES §7: a form post authenticated by the session cookie is refused (403) unless it
 * comes from this site. The browser says so in `Sec-Fetch-Site`, else in `Origin`, else (old
 * browsers, some privacy settings) in `Referer`; a post that names none of them is refused too.
 */
import type { Context, MiddlewareHandler } from "hono";

/** The host the browser addressed (what a same-origin page's Origin names). */
const ownHost = (c: Context) => c.req.header("host") ?? new URL(c.req.url).host;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined; // "null" (an opaque origin) or garbage: not this site
  }
}

/** Whether the request says it comes from a page of this site. */
export function isSameOrigin(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined) return site === "same-origin";
  const origin = c.req.header("origin");
  if (origin !== undefined) return hostOf(origin) === ownHost(c);
  const referer = c.req.header("referer");
  return referer !== undefined && hostOf(referer) === ownHost(c);
}

/** Refuses a cross-site (or unattributed) request with 403 before the handler runs. */
export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (!isSameOrigin(c)) return c.text("This form must be sent from Carebook's own pages.", 403);
  await next();
};
