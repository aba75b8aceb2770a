/**
 * Session tokens: HS256 JWTs with subject, role, token version, issuer and audience, all checked.
 */
import { jwtVerify, SignJWT } from "jose";
import { ROLES, type Role } from "../domain/fields";
import { setBounded } from "../domain/bounded";

const ISSUER = "carebook";
const AUDIENCE = "carebook-api";

/** `sid`: the session row the token belongs to (src/db/schema/sessions.ts); a token without one is refused by the session check. */
export type TokenClaims = { sub: string; role: Role; ver: number; sid?: string };

export type TokenKeys = { secret: Uint8Array; ttlHours: number };

/** Signs a token for an account. */
export function issueToken(keys: TokenKeys, claims: TokenClaims): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.ver, ...(claims.sid !== undefined && { sid: claims.sid }) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${Math.round(keys.ttlHours * 3600)}s`)
    .sign(keys.secret);
}

// A verified token's claims, per signing key, until the token expires: every signed-in request
// presents its token again, and verifying it costs about 0.1 ms. Bounded; the oldest go first.
const verified = new WeakMap<TokenKeys, Map<string, { claims: TokenClaims; expiresAt: number }>>();
const MAX_REMEMBERED = 10_000;

/** Verifies a token's signature, algorithm, type, issuer, audience and expiry; undefined if any fails. */
export async function readToken(keys: TokenKeys, token: string): Promise<TokenClaims | undefined> {
  let known = verified.get(keys);
  if (known === undefined) verified.set(keys, (known = new Map()));
  const hit = known.get(token);
  if (hit !== undefined) {
    if (hit.expiresAt > Date.now()) return hit.claims;
    known.delete(token);
  }
  const checked = await verifyToken(keys, token);
  if (checked === undefined) return undefined;
  const { exp, ...claims } = checked;
  setBounded(known, MAX_REMEMBERED, token, { claims, expiresAt: exp * 1000 });
  return claims;
}

async function verifyToken(keys: TokenKeys, token: string): Promise<(TokenClaims & { exp: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: "JWT",
      requiredClaims: ["sub", "exp", "iat"],
    });
    const { sub, role, ver, exp, sid } = payload;
    if (typeof sub !== "string" || !ROLES.includes(role as Role) || typeof ver !== "number" || typeof exp !== "number") return undefined;
    if (sid !== undefined && typeof sid !== "string") return undefined;
    return { sub, role: role as Role, ver, exp, ...(sid !== undefined && { sid }) };
  } catch {
    return undefined;
  }
}
