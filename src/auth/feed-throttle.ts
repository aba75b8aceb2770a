/**
 * Refused calendar-feed fetches (an unknown or revoked secret) are limited like failed logins
 * from one client address (SERVER-RULES §3): LOGIN_FAILURE_LIMIT times ten in 15 minutes, then
 * 429 with Retry-After. A fetch with a valid secret is never counted nor refused: the secret has
 * 256 bits, so only guessing produces refusals in numbers.
 */
import { recordEvents } from "../db/queries/throttle";
import type { Deps } from "../deps";
import { assertUnder, LOGIN_WINDOW_MS, PER_ADDRESS_FACTOR } from "./throttle";

const TOO_MANY = "Too many calendar requests. Please try again later.";

/** Counts one refused fetch from `address`, or throws 429 if it has had too many. */
export async function countRefusedFeedFetch(deps: Deps, address: string): Promise<void> {
  const limit = deps.config.loginFailureLimit * PER_ADDRESS_FACTOR;
  // A read first: an address already over the limit costs no write transaction.
  await assertUnder(deps, deps.database.db, "feed_ip", address, limit, LOGIN_WINDOW_MS, TOO_MANY);
  await deps.database.write(async (tx) => {
    // Again inside the write, so parallel refusals cannot all slip under the limit.
    await assertUnder(deps, tx, "feed_ip", address, limit, LOGIN_WINDOW_MS, TOO_MANY);
    await recordEvents(tx, [{ kind: "feed_ip", key: address }], deps.now());
  });
}
