/**
 * An account's time zone: chosen on a profile page, or reported by the browser once script runs
 * (only while the account has none). Every page shows times in it (src/domain/time.ts, zoneOf).
 * The notice after a choice is the page's, in the request's language (src/routes/pages/time-zone.ts).
 */
import { setAccountTimeZone } from "../db/queries/accounts";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { canonicalZone } from "../domain/zones";

export const TIME_ZONE_SAVED = "Your time zone is saved.";

/**
 * Keeps `zone` (already checked to be a real one) as the account's; `report`: only if it has none
 * yet. Returns the zone as kept (its canonical name), or undefined when a report changed nothing.
 */
export async function saveTimeZone(deps: Deps, who: { role: Role; id: string }, zone: string, report: boolean): Promise<string | undefined> {
  const kept = canonicalZone(zone);
  return (await deps.database.write((tx) => setAccountTimeZone(tx, who.role, who.id, kept, report))) ? kept : undefined;
}
