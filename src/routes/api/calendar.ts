/**
 * Calendars through the API (issue 13), bearer-authenticated, for the patient and the approved
 * doctor alike ({role} is patient or doctor):
 * - GET  /{role}-dashboard/meetings/{id}/calendar.ics: one scheduled meeting as text/calendar;
 * - GET  /{role}-dashboard/calendar-feed: `{ feed: { createdAt } | null }` (the URL is never
 *   shown again: only its hash is kept);
 * - POST /{role}-dashboard/calendar-feed: makes or resets the feed, 201 `{ message, feed: { url,
 *   webcalUrl, createdAt } }`; the previous URL is refused from then on.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { feedUrls, sendCalendar } from "../../calendar/http";
import { feedMadeAt, meetingCalendar, resetFeed } from "../../calendar/service";
import type { Deps } from "../../config/deps";
import { meetingIdParam } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";

/** The calendar calls, mounted at /api/auth. */
export function calendarApi(deps: Deps) {
  const api = new Hono();
  for (const role of ["patient", "doctor"] as const) {
    const base = `/${role}-dashboard`;
    const guard = requireRole(deps, role);

    api.get(`${base}/meetings/:id/calendar.ics`, guard, zValidator("param", meetingIdParam, onInvalid), async (c) => {
      const account = signedIn(c, role);
      // In the account's language (the session read it already), else English.
      const { text, filename } = await meetingCalendar(deps, role, account.id, c.req.valid("param").id, account.language ?? "en");
      // The API's rule for every answer (app.ts): nothing kept in caches.
      return sendCalendar(c, text, { cacheControl: "no-store", filename });
    });

    api.get(`${base}/calendar-feed`, guard, async (c) => {
      const account = signedIn(c, role);
      const createdAt = await feedMadeAt(deps, role, account.id);
      return c.json({ feed: createdAt === undefined ? null : { createdAt: createdAt.toISOString() } });
    });

    api.post(`${base}/calendar-feed`, guard, async (c) => {
      const account = signedIn(c, role);
      const { token, createdAt } = await resetFeed(deps, role, account.id);
      return c.json(
        {
          message: "Calendar link created. Keep it private: it is shown only this once.",
          feed: { ...feedUrls(c, deps, token), createdAt: createdAt.toISOString() },
        },
        201,
      );
    });
  }
  return api;
}
