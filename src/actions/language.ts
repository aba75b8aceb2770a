/** A signed-in person's language (issue 31): kept on the account, so their mails follow it and a new device starts in it. */
import { setAccountLanguage } from "../db/queries/accounts";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import type { Lang } from "../domain/i18n";

export const LANGUAGE_SAVED = "Your language is saved; your mails will be written in it.";

/** Keeps `lang` as the account's language. */
export function saveLanguage(deps: Deps, who: { role: Role; id: string }, lang: Lang): Promise<void> {
  return deps.database.write((tx) => setAccountLanguage(tx, who.role, who.id, lang));
}
