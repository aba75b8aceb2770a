/**
 * Device cookies (OWASP Authentication Cheat Sheet, "device cookies"): after a successful login
 * the browser gets a cookie naming the account it logged in to and a random device id, signed
 * with HMAC-SHA256 under a key derived from the JWT secret. A login that presents a valid one
 * for the account it tries is from a trusted device: it is limited by its own failures only, so
 * guesses from elsewhere never lock the owner out. Nothing here knows HTTP; see
 * src/middleware/device.ts for the cookie itself.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { TokenKeys } from "./tokens";

/** How long a browser stays trusted for an account after its last successful login. */
export const DEVICE_DAYS = 180;

/**
 * A cookie is genuine when its signature holds, and live while its device id is in the
 * trusted_devices table (src/db/queries/devices.ts): a login rotates the id (the old cookie is
 * retired), a logout retires every id of the account (issue 23).
 */

/** One account as the throttle names it: role and (lower-cased) email. */
export type AccountKey = { role: string; email: string };

/** The cookie-name suffix for an account: keyed, so a cookie name does not reveal the email. */
const TAG_BYTES = 12;

const derived = new WeakMap<TokenKeys, Buffer>();

/** A key for device cookies only, derived from the JWT secret (HKDF), so one secret serves both. */
function deviceKey(keys: TokenKeys): Buffer {
  let key = derived.get(keys);
  if (key === undefined) {
    key = Buffer.from(hkdfSync("sha256", keys.secret, "carebook", "device-cookie v1", 32));
    derived.set(keys, key);
  }
  return key;
}

const mac = (keys: TokenKeys, text: string) => createHmac("sha256", deviceKey(keys)).update(text).digest();

/** The tag naming an account's device cookie (hex). */
export function accountTag(keys: TokenKeys, account: AccountKey): string {
  return mac(keys, `account ${account.role} ${account.email}`).subarray(0, TAG_BYTES).toString("hex");
}

/**
 * The end of a device id that ties it to the password it was earned with (issue 28): a new
 * password (a reset or a change) makes every device cookie given before it untrusted.
 */
const passwordMark = (keys: TokenKeys, passwordHash: string) => mac(keys, `password ${passwordHash}`).subarray(0, 8).toString("base64url");
const RANDOM_CHARS = 22; // 16 random bytes in base64url

/** A new device id: 128 random bits, then the password's mark. */
export function newDeviceId(keys: TokenKeys, passwordHash: string): string {
  return randomBytes(16).toString("base64url") + passwordMark(keys, passwordHash);
}

/** Whether a (verified) device id was given under the account's current password. */
export function deviceOfPassword(keys: TokenKeys, deviceId: string, passwordHash: string): boolean {
  return deviceId.length > RANDOM_CHARS && deviceId.slice(RANDOM_CHARS) === passwordMark(keys, passwordHash);
}

/** A new signed device cookie value for the account tagged `tag`: `deviceId.signature`. */
export function signDevice(keys: TokenKeys, tag: string, deviceId = randomBytes(16).toString("base64url")): string {
  return `${deviceId}.${mac(keys, `device ${tag} ${deviceId}`).toString("base64url")}`;
}

/** The device id a cookie value holds for the account tagged `tag`, or undefined if it is not genuine. */
export function verifyDevice(keys: TokenKeys, tag: string, value: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (match === null) return undefined;
  const expected = mac(keys, `device ${tag} ${match[1]}`);
  const given = Buffer.from(match[2]!, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : undefined;
}
