import type { Context } from "hono";
import { forwardedProto } from "../auth/throttle";
import type { Deps } from "../config/deps";
import { siteUrl } from "../config/env";

declare module "hono" {
  interface ContextVariableMap {
    /** Whether this request's cookies go out as `__Host-` with Secure (set by securityHeaders). */
    secureCookies: boolean | undefined;
  }
}

/** Whether the request came over HTTPS (directly, or through a trusted proxy). */
export function isHttps(c: Context, deps: Deps): boolean {
  if (c.req.url.startsWith("https:")) return true;
  return forwardedProto(c, deps) === "https";
}

/**
 * Whether the site is served over HTTPS for this request: it came over HTTPS, or PUBLIC_URL says
 * the site's origin is https (a TLS proxy that does not say so, TRUST_PROXY unset). Then every
 * cookie goes out Secure with the `__Host-` prefix, which a sibling subdomain cannot set.
 */
export function secureSite(c: Context, deps: Deps): boolean {
  return isHttps(c, deps) || deps.config.publicUrl?.startsWith("https://") === true;
}

/**
 * The name a site-wide cookie goes by on this request: `__Host-name` where the site is served
 * over HTTPS (secureSite, noted by securityHeaders), the plain name only on http development.
 * The cookie is read by the same name, so a plain one planted beside it is never read over HTTPS.
 */
export function hostCookie(c: Context, name: string): string {
  return c.get("secureCookies") ? `__Host-${name}` : name;
}

/** Whether `host` (a Host header's value) names this machine: localhost, 127.0.0.0/8 or [::1], any port. */
function isLoopbackHost(host: string): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i.test(host);
}

/**
 * The site's own origin, for every link the server writes into a feed, a file or a mail:
 * PUBLIC_URL. The request's Host header is never trusted for it (anyone can send any Host, and
 * a cache or a mail would keep the link). Without PUBLIC_URL (development), a loopback Host is
 * used as it came, since that is the developer's own browser; any other Host gives the server's
 * own local address, http://localhost:PORT, a link that works on this machine and leads nowhere
 * else (docs/decisions.md, issue 23).
 */
export function siteOrigin(c: Context, deps: Deps): string {
  if (deps.config.publicUrl !== undefined) return deps.config.publicUrl;
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  if (isLoopbackHost(host)) return `${isHttps(c, deps) ? "https" : "http"}://${host.toLowerCase()}`;
  return siteUrl(deps.config);
}
