/**
 * Password hashing with argon2id. @node-rs/argon2 hashes on libuv's thread pool, so a login
 * storm does not stall the event loop.
 */
import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no account (`stored` undefined) it still does
 * the work of one verification, so an unknown email cannot be told from a wrong password by time.
 */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    dummyHash ??= hashPassword("carebook-no-such-account");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
