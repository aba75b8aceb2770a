/**
 * Password hashing with argon2id. @node-rs/argon2 hashes on libuv's thread pool, so a login
 * storm does not stall the event loop; hash-slots.ts bounds how many run at once (one per core),
 * taking turns by client address (`lane`).
 */
import { hash, verify } from "@node-rs/argon2";
import { withHashSlot } from "./hash-slots";

// OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a new password; `lane` is who asks (the client's address), for taking turns. */
export function hashPassword(password: string, lane = "server"): Promise<string> {
  return withHashSlot(lane, () => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no account (`stored` undefined) it still does
 * the work of one verification, so an unknown email cannot be told from a wrong password by time.
 */
export async function checkPassword(stored: string | undefined, password: string, lane = "server"): Promise<boolean> {
  if (stored === undefined) {
    dummyHash ??= hash("carebook-no-such-account", OPTIONS);
    const dummy = await dummyHash;
    await withHashSlot(lane, () => verify(dummy, password).catch(() => false));
    return false;
  }
  return withHashSlot(lane, () => verify(stored, password).catch(() => false));
}
