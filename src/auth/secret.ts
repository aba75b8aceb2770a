/**
 * The JWT signing key: JWT_SECRET when given, otherwise a random key generated on first start
 * and kept in the data folder, readable by its owner only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const MIN_BYTES = 32;

/** Returns the signing key's bytes, creating `dataDir/jwt-secret` when no secret is configured. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured !== undefined) return new TextEncoder().encode(configured);
  const path = join(dataDir, "jwt-secret");
  if (existsSync(path)) {
    const stored = readFileSync(path, "utf8").trim();
    if (Buffer.byteLength(stored) < MIN_BYTES) throw new Error(`${path} holds fewer than ${MIN_BYTES} bytes`);
    return new TextEncoder().encode(stored);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600, flag: "wx" });
  return new TextEncoder().encode(secret);
}
