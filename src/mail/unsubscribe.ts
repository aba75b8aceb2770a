/**
 * One-click unsubscribe (RFC 8058) without a login. The link's token is the account and the kind
 * of mail, sealed with a key derived from the server's (AES-256-GCM, a fresh nonce each mail): it
 * cannot be made for someone else, carries no readable id or address (issue 44, finding 6), and
 * needs nothing stored. It dies with the account: the use case refuses it once the account is
 * erased (src/actions/mail-preferences.ts). It only ever turns a kind of mail off.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { MailRole } from "../db/queries/mail";

export type Unsubscribe = { role: MailRole; accountId: string; kind: "reminders" | "notices" };

const ROLES = new Set(["patient", "doctor", "admin"]);
const KINDS = new Set(["reminders", "notices"]);
const NONCE = 12;
const TAG = 16;

/** The sealing key: the server's secret, narrowed to this one use. */
const keyOf = (secret: Uint8Array) => createHmac("sha256", secret).update("carebook-unsubscribe-seal").digest();

export function unsubscribeToken(secret: Uint8Array, u: Unsubscribe): string {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), nonce);
  const sealed = Buffer.concat([cipher.update(`${u.role}.${u.kind}.${u.accountId}`, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The token's account and kind, or undefined for anything not sealed by this server. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): Unsubscribe | undefined {
  if (!/^[A-Za-z0-9_-]{40,200}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= NONCE + TAG) return undefined;
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, NONCE));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
    plain = Buffer.concat([decipher.update(bytes.subarray(NONCE, bytes.length - TAG)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
  const [role, kind, accountId, ...rest] = plain.split(".");
  if (rest.length > 0 || !ROLES.has(role ?? "") || !KINDS.has(kind ?? "") || !accountId) return undefined;
  return { role: role as MailRole, kind: kind as Unsubscribe["kind"], accountId };
}

/**
 * Whether a token has the shape of the links mailed before issue 44 (`role.kind.accountId.signature`):
 * retired, since they carried the account's id; their page says so rather than "not ours".
 */
export const isRetiredUnsubscribeToken = (token: string): boolean => /^(patient|doctor|admin)\.(reminders|notices)\.[A-Za-z0-9-]{1,64}\.[\w-]{32}$/.test(token);
