/**
 * The secret in a subscription feed's URL: 256 random bits, base64url. Only its SHA-256 is
 * stored; a plain hash is enough for a secret this long (nothing to guess, so nothing to slow).
 */
import type { Context } from "hono";
import type { Deps } from "../deps";
import { isHttps } from "../middleware/session";

/** What a feed secret looks like; anything else is refused before any lookup. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh secret. */
export function newFeedToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** The stored form of a secret. */
export function hashFeedToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/** The path a calendar app fetches. */
export const feedPath = (token: string) => `/calendar/${token}.ics`;

/**
 * The feed's addresses as this request reached the server: https (or http) for apps that ask
 * for a URL, and webcal, which phones hand to their calendar app to subscribe.
 */
export function feedUrls(c: Context, deps: Deps, token: string): { url: string; webcalUrl: string } {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const path = feedPath(token);
  return { url: `${isHttps(c, deps) ? "https" : "http"}://${host}${path}`, webcalUrl: `webcal://${host}${path}` };
}
