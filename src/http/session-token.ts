/**
 * Where a request carries its session token, valid or not: the API's bearer header, or the pages'
 * HttpOnly cookie. Reading and writing the carrier is HTTP; checking what the token names is the
 * one session check (resolveSession in src/middleware/session.ts). The upload gate
 * (src/http/upload-gate.ts) reads the token here too, to know whose upload it is.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { hostCookie } from "./https";

const COOKIE = "carebook_session";
const SECURE_COOKIE = "__Host-carebook_session";

/** The Authorization header's bearer token, valid or not. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The token the pages' cookie holds, valid or not: the `__Host-` one, or (on http only) the plain one. */
export function sessionCookieToken(c: Context): string | undefined {
  return getCookie(c, SECURE_COOKIE) ?? (hostCookie(c, COOKIE) === COOKIE ? getCookie(c, COOKIE) : undefined);
}

/** Whether the request carries a session cookie at all (not whether it is valid): a cheap test. */
export function hasSessionCookie(c: Context): boolean {
  return /(?:^|;\s*)(?:__Host-)?carebook_session=/.test(c.req.header("cookie") ?? "");
}

/** Sets `token` as the pages' session cookie, under the name this request's site uses (hostCookie). */
export function setSessionCookie(c: Context, token: string, maxAgeSeconds: number): void {
  const name = hostCookie(c, COOKIE);
  setCookie(c, name, token, { httpOnly: true, sameSite: "Lax", path: "/", secure: name === SECURE_COOKIE, maxAge: maxAgeSeconds });
}

/** Clears the pages' session cookie under both of its names. */
export function endSessionCookie(c: Context): void {
  deleteCookie(c, COOKIE, { path: "/" });
  deleteCookie(c, SECURE_COOKIE, { path: "/", secure: true });
}
