/**
 * Password hashing with argon2id. @node-rs/argon2 hashes on libuv's thread pool, so a login
 * storm does not stall the event loop; hash-slots.ts bounds how many run at once (one per core),
 * taking turns by client address (`lane`).
 */
import { hash, verify } from "@node-rs/argon2";
import { withHashSlot } from "./hash-slots";

/** OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1. Every server uses these. */
export const PRODUCTION_HASH = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2's least work (8 KiB, one pass), for the unit and API tests only: thousands of signups and
 * logins would otherwise spend most of `bun test`'s CPU hashing (issue 50). Only the test runner's
 * preload (tests/support/preload.ts) calls `useTestHashing`; nothing the server, the binary or a
 * command runs does, and src/auth/passwords.test.ts proves a started server stores the production
 * parameters. A stored hash carries its own parameters, so verifying follows whichever made it.
 */
const TEST_HASH = { algorithm: 2 /* Argon2id */, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let options: typeof PRODUCTION_HASH | typeof TEST_HASH = PRODUCTION_HASH;

/** Makes this process hash with argon2's least work: called by the test runner's preload alone. */
export function useTestHashing(on = true): void {
  options = on ? TEST_HASH : PRODUCTION_HASH;
  dummyHash = undefined;
}

/** Hashes a new password; `lane` is who asks (the client's address), for taking turns. */
export function hashPassword(password: string, lane = "server"): Promise<string> {
  return withHashSlot(lane, () => hash(password, options));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no account (`stored` undefined) it still does
 * the work of one verification, so an unknown email cannot be told from a wrong password by time.
 */
export async function checkPassword(stored: string | undefined, password: string, lane = "server"): Promise<boolean> {
  if (stored === undefined) {
    dummyHash ??= hash("carebook-no-such-account", options);
    const dummy = await dummyHash;
    await withHashSlot(lane, () => verify(dummy, password).catch(() => false));
    return false;
  }
  return withHashSlot(lane, () => verify(stored, password).catch(() => false));
}
