/**
 * Security headers on every answer: a Content-Security-Policy that allows no inline script but
 * the hashed ones a page declares, no framing, nosniff, a strict referrer policy, and HSTS for a
 * year when served over HTTPS.
 */
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Deps } from "../deps";
import { isHttps } from "./session";

/** The policy, allowing the inline scripts whose SHA-256 hashes (base64) are given. */
export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The SHA-256 of an inline script's text, as a CSP source expects it. */
export function scriptHash(source: string): string {
  return new Bun.CryptoHasher("sha256").update(source).digest("base64");
}

/** Sets a page's CSP when it carries inline scripts (the default policy allows none). */
export function allowInlineScripts(c: Context, sources: string[]): void {
  c.header("Content-Security-Policy", contentSecurityPolicy(sources.map(scriptHash)));
}

export function securityHeaders(deps: Deps): MiddlewareHandler {
  const base = secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
    strictTransportSecurity: false,
  });
  const policy = contentSecurityPolicy();
  return async (c, next) => {
    await base(c, next);
    // A page that declared its inline scripts has set its own policy already.
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", policy);
    if (isHttps(c, deps)) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
