import type { Context } from "hono";
import { forwardedProto } from "../auth/throttle";
import type { Deps } from "../config/deps";

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
