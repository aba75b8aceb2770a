/**
 * Security headers on every answer: a Content-Security-Policy that allows no inline script but
 * the hashed ones a page declares, no framing, nosniff, a strict referrer policy, and HSTS for a
 * year when served over HTTPS.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Deps } from "../config/deps";
import { isHttps, secureSite } from "../http/https";
import { inlineStyleHashes } from "../render/inline-css";

/** The policy, allowing the inline scripts and styles whose SHA-256 hashes (base64) are given. */
export function contentSecurityPolicy(scriptHashes: string[] = [], styleHashes: string[] = inlineStyleHashes()): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" ");
  const styles = ["'self'", ...styleHashes.map((h) => `'sha256-${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${styles}`,
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

/**
 * The headers every answer carries. Legacy ones with no effect in today's browsers
 * (X-XSS-Protection, X-Download-Options, X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies)
 * are left out: they only add bytes to every answer.
 */
const EVERY_ANSWER: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

/** Set by nothing but EVERY_ANSWER, so its presence marks an answer prepared with every one. */
const PREPARED = "X-Frame-Options";

/** The security headers of a page prepared ahead from its rendering: every answer's, and its CSP (or the default). */
export function preparedSecurityHeaders(rendered: Response): [string, string][] {
  return [...EVERY_ANSWER, ["Content-Security-Policy", rendered.headers.get("Content-Security-Policy") ?? defaultPolicy()]];
}

/** HSTS, for a year, on answers to requests that came over HTTPS. */
export function addHsts(c: Context, deps: Deps, headers: Headers): void {
  if (isHttps(c, deps)) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

let DEFAULT_POLICY: string | undefined;
/** The policy of answers with no inline script; built at first use, once the client build (the style hash) is there. */
const defaultPolicy = () => (DEFAULT_POLICY ??= contentSecurityPolicy());

export function securityHeaders(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    // Whether cookies set or read below are `__Host-` ones (src/http/https.ts).
    c.set("secureCookies", secureSite(c, deps));
    await next();
    const headers = c.res.headers;
    // An answer prepared with them (preparedSecurityHeaders: a kept page) has them all already.
    if (!headers.has(PREPARED)) {
      // A page may only have made one stricter (the reset link's page: Referrer-Policy same-origin).
      for (const [name, value] of EVERY_ANSWER) if (!headers.has(name)) headers.set(name, value);
      // A page that declared its inline scripts has set its own policy already.
      if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", defaultPolicy());
    }
    addHsts(c, deps, headers);
  };
}
