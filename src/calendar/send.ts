/** Sends iCalendar text with an ETag (304 when the client has it already). */
import type { Context } from "hono";

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
