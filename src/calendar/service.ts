/**
 * The calendar use cases, without HTTP: one meeting's file, the feed a secret opens, and an
 * account's feed (made or reset). The page routes and the API both call these.
 */
import { countRefusedFeedFetch } from "../auth/feed-throttle";
import { calendarEntry, calendarFeedRows, feedByHash, feedOf, replaceFeed, type CalendarRole } from "../db/queries/calendar";
import type { Deps } from "../deps";
import { ApiError, conflict, notFound } from "../http/errors";
import { calendarText, calendarVersion, eventFileName, isScheduled } from "./ics";
import { FEED_TOKEN, hashFeedToken, newFeedToken } from "./feed-token";

/** How far back a feed reaches: past meetings that started, and cancellations made, within it. */
export const FEED_WINDOW_DAYS = 30;
const FEED_NAME = "Carebook consultations";

/** One appointment of the account as a calendar file; 404 if not theirs, 409 if it has no time yet. */
export async function meetingCalendar(deps: Deps, role: CalendarRole, accountId: string, appointmentId: string) {
  const row = await calendarEntry(deps.database.db, appointmentId, role, accountId);
  if (row === undefined) throw notFound("Appointment");
  if (!isScheduled(row)) throw conflict("This appointment has no time yet");
  return { text: calendarText([row], role), filename: eventFileName(row) };
}

/**
 * The feed a secret opens. An unknown secret, a malformed one, or a doctor who is no longer
 * approved answers 404, counted under the refused-fetch limit (429 past it).
 */
export async function feedCalendar(deps: Deps, token: string, address: string): Promise<{ version: string; render: () => string }> {
  if (FEED_TOKEN.test(token)) {
    const feed = await feedByHash(deps.database.db, hashFeedToken(token));
    if (feed !== undefined && (feed.role === "patient" || feed.doctorStatus === "approved")) {
      const since = new Date(deps.now().getTime() - FEED_WINDOW_DAYS * 86_400_000);
      const rows = await calendarFeedRows(deps.database.db, feed.role, feed.accountId, since);
      const events = rows.filter(isScheduled);
      // Rendering costs far more than the query; a calendar app that has this version gets 304 without it.
      return { version: calendarVersion(events, feed.role), render: () => calendarText(events, feed.role, { name: FEED_NAME }) };
    }
  }
  await countRefusedFeedFetch(deps, address);
  throw new ApiError(404, "Calendar not found");
}

/** When the account's feed was made (or last reset), if it has one. */
export async function feedMadeAt(deps: Deps, role: CalendarRole, accountId: string): Promise<Date | undefined> {
  return (await feedOf(deps.database.db, role, accountId))?.createdAt;
}

/** Whether `token` is the account's current feed secret (to show a just-made URL once). */
export async function isCurrentFeedToken(deps: Deps, role: CalendarRole, accountId: string, token: string): Promise<boolean> {
  const feed = await feedOf(deps.database.db, role, accountId);
  return feed !== undefined && FEED_TOKEN.test(token) && feed.tokenHash === hashFeedToken(token);
}

/** Makes the account's feed, or gives it a new secret: the old URL is refused from this moment. */
export async function resetFeed(deps: Deps, role: CalendarRole, accountId: string): Promise<{ token: string; createdAt: Date }> {
  const token = newFeedToken();
  const createdAt = deps.now();
  await deps.database.write((tx) => replaceFeed(tx, role, accountId, hashFeedToken(token), createdAt));
  return { token, createdAt };
}
