/**
 * Session tokens: HS256 JWTs with subject, role, token version, issuer and audience, all checked.
 */
import { jwtVerify, SignJWT } from "jose";
import { ROLES, type Role } from "../domain/fields";

const ISSUER = "carebook";
const AUDIENCE = "carebook-api";

export type TokenClaims = { sub: string; role: Role; ver: number };

export type TokenKeys = { secret: Uint8Array; ttlHours: number };

/** Signs a token for an account. */
export function issueToken(keys: TokenKeys, claims: TokenClaims): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${Math.round(keys.ttlHours * 3600)}s`)
    .sign(keys.secret);
}

/** Verifies a token's signature, algorithm, type, issuer, audience and expiry; undefined if any fails. */
export async function readToken(keys: TokenKeys, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: "JWT",
      requiredClaims: ["sub", "exp", "iat"],
    });
    const { sub, role, ver } = payload;
    if (typeof sub !== "string" || !ROLES.includes(role as Role) || typeof ver !== "number") return undefined;
    return { sub, role: role as Role, ver };
  } catch {
    return undefined;
  }
}
