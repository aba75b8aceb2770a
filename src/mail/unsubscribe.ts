/**
 * One-click unsubscribe (RFC 8058) without a login: the link names the account and the kind of
 * mail, signed with the server's key (HMAC-SHA256), so it cannot be made for someone else and
 * needs nothing stored. It only ever turns a kind of mail off.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { MailRole } from "../db/queries/mail";

export type Unsubscribe = { role: MailRole; accountId: string; kind: "reminders" | "notices" };

const ROLES = new Set(["patient", "doctor", "admin"]);
const KINDS = new Set(["reminders", "notices"]);

function signature(secret: Uint8Array, payload: string): string {
  return createHmac("sha256", secret).update(`carebook-unsubscribe\u0000${payload}`).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(secret: Uint8Array, u: Unsubscribe): string {
  const payload = `${u.role}.${u.kind}.${u.accountId}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The token's account and kind, or undefined for anything not signed by this server. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): Unsubscribe | undefined {
  const parts = token.split(".");
  if (parts.length !== 4) return undefined;
  const [role, kind, accountId, sig] = parts as [string, string, string, string];
  if (!ROLES.has(role) || !KINDS.has(kind) || !/^[A-Za-z0-9-]{1,64}$/.test(accountId)) return undefined;
  const expected = Buffer.from(signature(secret, `${role}.${kind}.${accountId}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { role: role as MailRole, kind: kind as Unsubscribe["kind"], accountId };
}
