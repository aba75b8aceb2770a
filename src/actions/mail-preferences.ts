/** People's mail choices (issue 25): set on the profile page, or turned off by a mail's one-click link. */
import type { Deps } from "../config/deps";
import { preferencesOf, savePreferences, type MailRole } from "../db/queries/mail";
import type { MailPreferences } from "../domain/mail-preferences";
import { isRetiredUnsubscribeToken, readUnsubscribeToken, type Unsubscribe } from "../mail/unsubscribe";
import { isErased } from "../db/queries/erasure";
import { notFound, Refusal } from "../domain/refusal";

export const PREFERENCES_SAVED = "Your mail choices are saved.";

export function mailPreferencesOf(deps: Deps, role: MailRole, accountId: string): Promise<MailPreferences> {
  return preferencesOf(deps.database.db, role, accountId);
}

export function setMailPreferences(deps: Deps, role: MailRole, accountId: string, choice: Partial<MailPreferences>): Promise<MailPreferences> {
  return deps.database.write((tx) => savePreferences(tx, role, accountId, choice));
}

/** The refusal of a link that was one of ours but works no more: its account is erased, or it is of the retired kind. */
export const LINK_GONE = "This unsubscribe link no longer works";

/**
 * What a one-click link names; a not-found refusal for a link this server did not seal, and
 * LINK_GONE (404 too) for one of an erased account (issue 44) or one mailed before issue 44.
 */
export async function unsubscribeTarget(deps: Deps, token: string): Promise<Unsubscribe> {
  const target = readUnsubscribeToken(deps.keys.secret, token);
  if (target === undefined) throw isRetiredUnsubscribeToken(token) ? new Refusal("not_found", LINK_GONE) : notFound("Link");
  if (await isErased(deps.database.db, target.role, target.accountId)) throw new Refusal("not_found", LINK_GONE);
  return target;
}

/** A one-click unsubscribe: that kind of mail off for that account (reminders or notices). */
export async function unsubscribe(deps: Deps, token: string): Promise<Unsubscribe> {
  const target = await unsubscribeTarget(deps, token);
  await deps.database.write((tx) => savePreferences(tx, target.role, target.accountId, { [target.kind]: false }));
  return target;
}
