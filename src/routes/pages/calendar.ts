/**
 * The calendar's page routes (issue 13), for the session cookie and for calendar apps:
 * - GET {meetings page}/{appointmentId}.ics: one meeting's file (Add to calendar);
 * - POST {meetings page}/calendar-feed: make or reset the account's feed, then show it once;
 * - GET /calendar/{secret}.ics: the feed itself, with no login (the secret is the key).
 * The meetings pages are /patient-dashboard/patient-meetings and /doctor-dashboard/doctor-Meetings;
 * pages.ts mounts this after its guards, so only the page's role reaches the first two.
 */
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { clientAddress } from "../../auth/throttle";
import { sendCalendar } from "../../calendar/http";
import { feedCalendar, meetingCalendar, resetFeed } from "../../calendar/service";
import { langOf } from "../../i18n/request";
import { notFoundResponse } from "../../components/NotFound";
import type { CalendarRole } from "../../db/queries/calendar";
import type { Deps } from "../../config/deps";
import { Refusal } from "../../domain/refusal";
import { pageAccount } from "../../middleware/page-guard";
import { isHttps } from "../../http/https";
import { translator } from "../../i18n/catalog";
import { tOf } from "../../i18n/request";

/** Each role's meetings page: the calendar routes live below it. */
export const MEETINGS_PAGE: Record<CalendarRole, string> = {
  patient: "/patient-dashboard/patient-meetings",
  doctor: "/doctor-dashboard/doctor-Meetings",
};

/** Carries a just-made feed secret across the post's redirect, to the meetings page only, once. */
export const FEED_ONCE_COOKIE = "carebook_calendar_link";

/** Browsers may cache a calendar for the one user, revalidating by ETag each time. */
const PRIVATE = "private, no-cache";

const icsFile = z.object({ file: z.string().max(80).regex(/^[^/]+\.ics$/) });
const nameOf = (c: Context) => {
  const parsed = icsFile.safeParse({ file: c.req.param("file") });
  return parsed.success ? parsed.data.file.slice(0, -".ics".length) : undefined;
};

/** One meeting's file for the signed-in `role`; the 404 page for an appointment that is not theirs. */
function meetingFile(deps: Deps, role: CalendarRole) {
  return async (c: Context) => {
    const account = pageAccount(c, role);
    const id = nameOf(c);
    if (id === undefined) return notFoundResponse(c);
    try {
      // The file a page offers is written in the page's language.
      const { text, filename } = await meetingCalendar(deps, role, account.id, id, langOf(c));
      return sendCalendar(c, text, { cacheControl: PRIVATE, filename });
    } catch (error) {
      if (error instanceof Refusal && error.kind === "not_found") return notFoundResponse(c);
      if (error instanceof Refusal && error.kind === "conflict") return c.text(inPageLanguage(c, error.message), 409);
      throw error;
    }
  };
}

/** The calendar service's refusal in the page's language: its one conflict has a message of ours; any other stays as it is. */
function inPageLanguage(c: Context, message: string): string {
  return message === translator("en")("calendarPanel.noTimeYet") ? tOf(c)("calendarPanel.noTimeYet") : message;
}

/** Makes or resets the feed, then back to the meetings page, which shows the new URL once. */
function resetFeedForm(deps: Deps, role: CalendarRole) {
  return async (c: Context) => {
    const account = pageAccount(c, role);
    const { token } = await resetFeed(deps, role, account.id);
    setCookie(c, FEED_ONCE_COOKIE, token, {
      path: MEETINGS_PAGE[role],
      httpOnly: true,
      sameSite: "Strict",
      secure: isHttps(c, deps),
      maxAge: 300,
    });
    return c.redirect(`${MEETINGS_PAGE[role]}#calendar`, 303);
  };
}

/** The calendar's page routes; mount behind the dashboards' guards. */
export function calendarPages(deps: Deps) {
  const pages = new Hono();
  for (const role of ["patient", "doctor"] as const) {
    pages.get(`${MEETINGS_PAGE[role]}/:file{[^/]+\\.ics}`, meetingFile(deps, role));
    // Same-site only, like every page form (sameOriginForms in src/routes/pages.ts).
    pages.post(`${MEETINGS_PAGE[role]}/calendar-feed`, resetFeedForm(deps, role));
  }
  pages.get("/calendar/:file{[^/]+\\.ics}", async (c) => {
    const text = await feedCalendar(deps, nameOf(c) ?? "", clientAddress(c, deps));
    return sendCalendar(c, text, { cacheControl: PRIVATE });
  });
  return pages;
}
