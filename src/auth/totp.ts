/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), HMAC-SHA1 with node:crypto: the
 * whole algorithm is a dozen lines, so no library (tested against RFC 6238's published vectors).
 * Secrets travel as RFC 4648 base32, the form authenticator apps take.
 */
import { createHmac, randomBytes } from "node:crypto";

/** Seconds per step, and digits per code: what every authenticator app assumes by default. */
export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps accepted either side of now (clock drift between the phone and the server). */
export const WINDOW = 1;
/** RFC 4226 §4 asks for at least 128 bits and recommends 160: 20 random bytes. */
const SECRET_BYTES = 20;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 (RFC 4648) without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 to bytes; spaces, dashes, padding and case are forgiven (people retype it). */
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A new secret, base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** RFC 4226 HOTP: the code of `counter` under `key`, `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step `at` falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / STEP_SECONDS);

/** The code of the step `at` falls in. */
export const totpAt = (secret: string, at: Date): string => hotp(base32Decode(secret), stepAt(at));

/**
 * The step whose code `code` is, within WINDOW steps of `at` and later than `after` (the last
 * step used: a code is never taken twice); undefined when none matches.
 */
export function matchingStep(secret: string, code: string, at: Date, after = -1): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = base32Decode(secret);
  const now = stepAt(at);
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    if (step > after && hotp(key, step) === code) return step;
  }
  return undefined;
}

/** The otpauth:// URL authenticator apps read from the QR code (Google Authenticator's key URI format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${query}`;
}
