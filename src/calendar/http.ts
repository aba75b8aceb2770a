/**
 * The calendar's HTTP side, shared by the page routes and the API: sending iCalendar text with
 * an ETag (304 when the client has it already), and the feed's URLs at the site's own origin.
 */
import type { Context } from "hono";
import type { Deps } from "../config/deps";
import { siteOrigin } from "../http/https";

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** A calendar to send: its text, or a version tag and a way to render it only when needed. */
export type CalendarBody = string | { version: string; render: () => string };

/**
 * Answers a calendar as text/calendar. The ETag is weak because compression (app.ts) may send
 * the same calendar in other bytes. A versioned body answers 304 without being rendered.
 * `filename` makes it a download (a one-meeting file).
 */
export function sendCalendar(c: Context, body: CalendarBody, options: { cacheControl: string; filename?: string }): Response {
  const etag = `W/"${typeof body === "string" ? Bun.hash(body).toString(36) : body.version}"`;
  c.header("Cache-Control", options.cacheControl);
  c.header("ETag", etag);
  if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  if (options.filename) c.header("Content-Disposition", `attachment; filename="${options.filename}"`);
  return c.body(typeof body === "string" ? body : body.render(), 200, { "Content-Type": "text/calendar; charset=utf-8" });
}

/** The path a calendar app fetches. */
export const feedPath = (token: string) => `/calendar/${token}.ics`;

/**
 * The feed's addresses at the site's own origin (PUBLIC_URL; never the request's Host, see
 * siteOrigin): https (or http) for apps that ask for a URL, and webcal, which phones hand to
 * their calendar app to subscribe.
 */
export function feedUrls(c: Context, deps: Deps, token: string): { url: string; webcalUrl: string } {
  const url = `${siteOrigin(c, deps)}${feedPath(token)}`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}
