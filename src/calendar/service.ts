/**
 * The calendar use cases, without HTTP: one meeting's file, the feed a secret opens, and an
 * account's feed (made or reset). The page routes and the API both call these.
 *
 * A feed's secret has 256 random bits (base64url) and only its SHA-256 is stored: a plain hash is
 * enough for a secret this long, as there is nothing to guess and so nothing to slow down.
 */
import { assertUnder, LOGIN_WINDOW_MS, WIDE_FACTOR, type Limit } from "../auth/throttle";
import { recordEvents } from "../db/queries/throttle";
import { accountLanguage, calendarEntry, calendarFeedRows, feedByHash, feedOf, replaceFeed, type CalendarRole } from "../db/queries/calendar";
import type { Deps } from "../config/deps";
import { conflict, notFound, Refusal } from "../domain/refusal";
import { calendarText, calendarVersion, eventFileName, isScheduled } from "./ics";
import { isLang, type Lang } from "../domain/i18n";

/** How far back a feed reaches: past meetings that started, and cancellations made, within it. */
export const FEED_WINDOW_DAYS = 30;

/** The language an account's calendars are written in (issue 31): the one it chose, else English. */
const calendarLang = (language: string | null | undefined): Lang => (isLang(language) ? language : "en");

/** What a feed secret looks like; anything else is refused before any lookup. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newFeedToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
const hashFeedToken = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/**
 * One appointment of the account as a calendar file, in `lang` (the page's, when a page offers
 * the file) or else the account's language; 404 if not theirs, 409 if it has no time yet.
 */
export async function meetingCalendar(deps: Deps, role: CalendarRole, accountId: string, appointmentId: string, lang?: Lang) {
  const [row, language] = await Promise.all([
    calendarEntry(deps.database.db, appointmentId, role, accountId),
    lang ?? accountLanguage(deps.database.db, role, accountId),
  ]);
  if (row === undefined) throw notFound("Appointment");
  if (!isScheduled(row)) throw conflict("This appointment has no time yet");
  return { text: calendarText([row], role, { lang: calendarLang(language) }), filename: eventFileName(row) };
}

/**
 * The feed a secret opens, in its account's language. An unknown secret, a malformed one, or a
 * doctor who is no longer approved answers 404, counted under the refused-fetch limit (429 past it).
 */
export async function feedCalendar(deps: Deps, token: string, address: string): Promise<{ version: string; render: () => string }> {
  if (FEED_TOKEN.test(token)) {
    const feed = await feedByHash(deps.database.db, hashFeedToken(token));
    if (feed !== undefined && (feed.role === "patient" || feed.doctorStatus === "approved")) {
      const since = new Date(deps.now().getTime() - FEED_WINDOW_DAYS * 86_400_000);
      const rows = await calendarFeedRows(deps.database.db, feed.role, feed.accountId, since);
      const events = rows.filter(isScheduled);
      const lang = calendarLang(feed.language);
      // Rendering costs far more than the query; a calendar app that has this version gets 304 without it.
      return { version: calendarVersion(events, feed.role, lang), render: () => calendarText(events, feed.role, { feed: true, lang }) };
    }
  }
  await countRefusedFeedFetch(deps, address);
  throw new Refusal("not_found", "Calendar not found");
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

const TOO_MANY = "Too many calendar requests. Please try again later.";

/**
 * Counts one refused fetch (an unknown, reset or malformed secret) from `address`, or throws 429
 * with Retry-After past the per-address limit of failed logins (SERVER-RULES §3):
 * LOGIN_FAILURE_LIMIT times ten in 15 minutes. A valid secret is never counted nor refused: it
 * has 256 bits, so only guessing produces refusals in numbers.
 */
async function countRefusedFeedFetch(deps: Deps, address: string): Promise<void> {
  const limit: Limit = { kind: "feed_ip", keys: { key: address }, limit: deps.config.loginFailureLimit * WIDE_FACTOR, windowMs: LOGIN_WINDOW_MS, message: TOO_MANY };
  // A read first: an address already over the limit costs no write transaction.
  await assertUnder(deps, deps.database.db, limit);
  await deps.database.write(async (tx) => {
    // Again inside the write, so parallel refusals cannot all slip under the limit.
    await assertUnder(deps, tx, limit);
    recordEvents(tx, [{ kind: "feed_ip", key: address }], deps.now());
  });
}
