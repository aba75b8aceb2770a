/** People's mail choices (issue 25): set on the profile page, or turned off by a mail's one-click link. */
import type { Deps } from "../config/deps";
import { preferencesOf, savePreferences, type MailRole } from "../db/queries/mail";
import type { MailPreferences } from "../domain/mail-preferences";
import { readUnsubscribeToken, type Unsubscribe } from "../mail/unsubscribe";
import { notFound } from "../domain/refusal";

export const PREFERENCES_SAVED = "Your mail choices are saved.";

export function mailPreferencesOf(deps: Deps, role: MailRole, accountId: string): Promise<MailPreferences> {
  return preferencesOf(deps.database.db, role, accountId);
}

export function setMailPreferences(deps: Deps, role: MailRole, accountId: string, choice: MailPreferences): Promise<MailPreferences> {
  return deps.database.write((tx) => savePreferences(tx, role, accountId, choice));
}

/** What a one-click link names, or a not-found refusal for a link this server did not sign. */
export function unsubscribeTarget(deps: Deps, token: string): Unsubscribe {
  const target = readUnsubscribeToken(deps.keys.secret, token);
  if (target === undefined) throw notFound("Link");
  return target;
}

/** A one-click unsubscribe: that kind of mail off for that account (reminders or notices). */
export async function unsubscribe(deps: Deps, token: string): Promise<Unsubscribe> {
  const target = unsubscribeTarget(deps, token);
  await deps.database.write((tx) => savePreferences(tx, target.role, target.accountId, { [target.kind]: false }));
  return target;
}
