/**
 * Sessions (issue 28): one row per signed-in browser or client, listed on the profile page and
 * ended one by one or all but this one. Ending a row ends its token at its next request (the
 * session check reads the row with the account, src/db/queries/sessions.ts).
 *
 * The private calendar feed (issue 13) is one more way into the account: it is listed with the
 * devices and ended like one, and whatever ends every other device ends it too (issue 44).
 */
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import type { Role } from "../domain/fields";
import { accountSessions, deleteSession, deleteSessions, insertSession, touchSession } from "../db/queries/sessions";
import { deleteFeed, deleteFeedNow, feedOf } from "../db/queries/calendar";
import { Refusal } from "../domain/refusal";

/** Last seen is written at most this often per session, never on every request. */
export const SEEN_EVERY_MS = 5 * 60_000;

export const SESSION_NOT_FOUND = "Session not found";
export const SESSION_ENDED = "That device is signed out.";
export const OTHERS_ENDED = "Every other device is signed out.";
export const FEED_ENDED = "The calendar feed is turned off: its address no longer opens.";

/**
 * A new session row for the account; its id (the token's `sid`). `also` writes in the same
 * transaction (the login's trusted device): one COMMIT, fewer round trips (issue 43).
 */
export async function beginSession(deps: Deps, role: Role, accountId: string, device: string, also?: (tx: Tx) => void): Promise<string> {
  const id = crypto.randomUUID();
  const now = deps.now();
  // Writes only, sent with the COMMIT: one round trip (src/db/at-commit.ts).
  await deps.database.write(async (tx) => {
    insertSession(tx, { id, role, accountId, device, createdAt: now, lastSeenAt: now });
    also?.(tx);
  });
  return id;
}

/** Moves last-seen on when the stored one is older than SEEN_EVERY_MS. */
export async function noteSeen(deps: Deps, sessionId: string, lastSeenAt: Date): Promise<void> {
  const now = deps.now();
  if (now.getTime() - lastSeenAt.getTime() < SEEN_EVERY_MS) return;
  await deps.database.write(async (tx) => touchSession(tx, sessionId, now));
}

/** The devices list's id of the account's calendar feed (a session id is a UUID: never this). */
export const FEED_ENTRY = "calendar-feed";
/** The devices list's name of the feed (the pages show it in their language). */
export const FEED_DEVICE = "Calendar feed";

export type SessionView = { id: string; kind: "device" | "calendarFeed"; device: string; createdAt: Date; lastSeenAt: Date; current: boolean };

/** Whether the role can have a calendar feed (the admin has none). */
const hasFeed = (role: Role): role is "patient" | "doctor" => role !== "admin";

/**
 * Ends the account's calendar feed in `tx`, with its sessions: a logout everywhere, "Log out
 * everywhere else", a password change or reset (issue 44). Sent with the COMMIT.
 */
export function endFeedWith(tx: Tx, role: Role, accountId: string): void {
  if (hasFeed(role)) deleteFeed(tx, role, accountId);
}

/**
 * The account's live sessions, newest first; `current` marks the one asking. The calendar feed,
 * when the account has one, comes last: its fetches are not recorded, so it was last seen when made.
 */
export async function listSessions(deps: Deps, role: Role, accountId: string, currentId: string): Promise<SessionView[]> {
  const since = new Date(deps.now().getTime() - deps.config.tokenTtlHours * 3_600_000);
  const [rows, feed] = await Promise.all([accountSessions(deps.database.db, role, accountId, since), hasFeed(role) ? feedOf(deps.database.db, role, accountId) : undefined]);
  const devices = rows.map((row): SessionView => ({ id: row.id, kind: "device", device: row.device, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, current: row.id === currentId }));
  if (feed === undefined) return devices;
  return [...devices, { id: FEED_ENTRY, kind: "calendarFeed", device: FEED_DEVICE, createdAt: feed.createdAt, lastSeenAt: feed.createdAt, current: false }];
}

/** Ends one session of the account (this one too, if asked), or its calendar feed; 404 for one not its own. */
export async function endSession(deps: Deps, role: Role, accountId: string, sessionId: string): Promise<void> {
  const ended = await deps.database.write(async (tx) =>
    sessionId === FEED_ENTRY ? hasFeed(role) && (await deleteFeedNow(tx, role, accountId)) : deleteSession(tx, role, accountId, sessionId),
  );
  if (!ended) throw new Refusal("not_found", SESSION_NOT_FOUND);
}

/** Ends every session of the account but `keep`, and its calendar feed. */
export function endOtherSessions(deps: Deps, role: Role, accountId: string, keep: string): Promise<void> {
  return deps.database.write(async (tx) => {
    deleteSessions(tx, role, accountId, keep);
    endFeedWith(tx, role, accountId);
  });
}
