/**
 * The floors' sign-in (bench/floor.ts, bench/floor-writes.ts): what no signed-in request can
 * skip. Verify the token, read its account (a statement per role, prepared once on the floor's
 * libsql connection), and refuse a token whose account has since moved on (token_version).
 */
import type Libsql from "libsql";
import { readToken, type TokenKeys } from "../src/auth/tokens";

export type Who = { role: "patient" | "doctor" | "admin"; account: Record<string, unknown> };

/** The signed-in reader of a floor's connection `db`, for tokens signed with `secret`. */
export function floorSignIn(db: Libsql.Database, secret: string): (token: string | undefined) => Promise<Who | undefined> {
  const keys: TokenKeys = { secret: new TextEncoder().encode(secret), ttlHours: 24 };
  const account = {
    patient: db.prepare('select * from "patients" where "id" = ?'),
    doctor: db.prepare('select * from "doctors" where "id" = ?'),
    admin: db.prepare('select * from "admins" where "id" = ?'),
  };
  return async (token) => {
    if (token === undefined) return undefined;
    const claims = await readToken(keys, token);
    if (claims === undefined) return undefined;
    const row = account[claims.role].get(claims.sub) as Record<string, unknown> | undefined;
    if (row === undefined || row.token_version !== claims.ver) return undefined;
    return { role: claims.role, account: row };
  };
}
