/**
 * Values sealed for the browser to carry back: AES-256-GCM under a key derived from the signing
 * key, so any instance that shares JWT_SECRET opens what another sealed, and none can be read or
 * changed on the way. Used for a refused form's one view (src/http/forms.ts): what a person typed
 * travels with them, not in one process's memory that the next request may not reach.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

declare module "hono" {
  interface ContextVariableMap {
    /** The key sealed cookies are made with (sealingKey of the app's signing key). */
    sealKey: Buffer;
  }
}

/** The sealing key for a signing key: a key of its own, so a sealed value is never a token. */
export function sealingKey(secret: Uint8Array): Buffer {
  return createHash("sha256").update("carebook-sealed-cookie\u0000").update(secret).digest();
}

/** Sets `sealKey` for every request (the app's own key). */
export const withSealKey = (key: Buffer): MiddlewareHandler => (c, next) => {
  c.set("sealKey", key);
  return next();
};

/** `value` as JSON, encrypted and authenticated, in base64url. */
export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** What `seal` sealed, or undefined for anything else (forged, changed, another key, not ours). */
export function unseal(key: Buffer, text: string): unknown {
  try {
    const bytes = Buffer.from(text, "base64url");
    if (bytes.length < 29) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"));
  } catch {
    return undefined;
  }
}
