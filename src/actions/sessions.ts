/**
 * Sessions (issue 28): one row per signed-in browser or client, listed on the profile page and
 * ended one by one or all but this one. Ending a row ends its token at its next request (the
 * session check reads the row with the account, src/db/queries/sessions.ts).
 */
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import type { Role } from "../domain/fields";
import { accountSessions, deleteSession, deleteSessions, insertSession, touchSession } from "../db/queries/sessions";
import { Refusal } from "../domain/refusal";

/** Last seen is written at most this often per session, never on every request. */
export const SEEN_EVERY_MS = 5 * 60_000;

export const SESSION_NOT_FOUND = "Session not found";
export const SESSION_ENDED = "That device is signed out.";
export const OTHERS_ENDED = "Every other device is signed out.";

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

export type SessionView = { id: string; device: string; createdAt: Date; lastSeenAt: Date; current: boolean };

/** The account's live sessions, newest first; `current` marks the one asking. */
export async function listSessions(deps: Deps, role: Role, accountId: string, currentId: string): Promise<SessionView[]> {
  const since = new Date(deps.now().getTime() - deps.config.tokenTtlHours * 3_600_000);
  const rows = await accountSessions(deps.database.db, role, accountId, since);
  return rows.map((row) => ({ id: row.id, device: row.device, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, current: row.id === currentId }));
}

/** Ends one session of the account (this one too, if asked); 404 for a session not its own. */
export async function endSession(deps: Deps, role: Role, accountId: string, sessionId: string): Promise<void> {
  const ended = await deps.database.write((tx) => deleteSession(tx, role, accountId, sessionId));
  if (!ended) throw new Refusal("not_found", SESSION_NOT_FOUND);
}

/** Ends every session of the account but `keep`. */
export function endOtherSessions(deps: Deps, role: Role, accountId: string, keep: string): Promise<void> {
  return deps.database.write(async (tx) => deleteSessions(tx, role, accountId, keep));
}
