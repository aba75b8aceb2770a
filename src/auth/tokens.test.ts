import { describe, expect, setSystemTime, test } from "bun:test";
import { SignJWT } from "jose";
import { issueToken, readToken, type TokenKeys } from "./tokens";

const keys: TokenKeys = { secret: new TextEncoder().encode("unit-test-secret-that-is-32-bytes-or-more"), ttlHours: 12 };
const otherKeys: TokenKeys = { secret: new TextEncoder().encode("another-secret-that-is-also-32-bytes-long"), ttlHours: 12 };
const claims = { sub: "account-1", role: "patient" as const, ver: 3 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

/** A token signed with `keys` whose claims and header are exactly what the test says. */
function craft(
  payload: Record<string, unknown>,
  options: { issuer?: string; audience?: string; exp?: number; typ?: string; secret?: Uint8Array } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: options.typ ?? "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 3600)
    .setIssuer(options.issuer ?? "carebook")
    .setAudience(options.audience ?? "carebook-api");
  return jwt.sign(options.secret ?? keys.secret);
}

describe("issueToken / readToken", () => {
  test("round trip keeps sub, role and version", async () => {
    const token = await issueToken(keys, claims);
    expect(await readToken(keys, token)).toEqual(claims);
    for (const role of ["doctor", "admin"] as const) {
      expect(await readToken(keys, await issueToken(keys, { ...claims, role }))).toEqual({ ...claims, role });
    }
  });

  test("the token is HS256 with issuer, audience, iat and an exp of TOKEN_TTL_HOURS", async () => {
    const token = await issueToken({ ...keys, ttlHours: 2 }, claims);
    const [header, payload] = token.split(".");
    expect(decode(header!)).toEqual({ alg: "HS256", typ: "JWT" });
    const body = decode(payload!);
    expect(body).toMatchObject({ sub: "account-1", role: "patient", ver: 3, iss: "carebook", aud: "carebook-api" });
    expect(body.exp - body.iat).toBe(2 * 3600);
    expect(Math.abs(body.iat - Date.now() / 1000)).toBeLessThan(5);
  });

  test("a crafted token with the right claims is accepted (the refusals below are for their one difference)", async () => {
    expect(await readToken(keys, await craft({ sub: "account-1", role: "patient", ver: 3 }))).toEqual(claims);
  });
});

describe("refused tokens", () => {
  test("alg none", async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: "account-1", role: "admin", ver: 0, iss: "carebook", aud: "carebook-api", iat: now, exp: now + 3600 };
    expect(await readToken(keys, `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`)).toBeUndefined();
    expect(await readToken(keys, `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}`)).toBeUndefined();
  });

  test("signed with another key", async () => {
    expect(await readToken(keys, await issueToken(otherKeys, claims))).toBeUndefined();
  });

  test("expired", async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    expect(await readToken(keys, await craft({ sub: "account-1", role: "patient", ver: 3 }, { exp: past }))).toBeUndefined();
  });

  test("wrong audience or issuer", async () => {
    expect(await readToken(keys, await craft({ sub: "a", role: "patient", ver: 0 }, { audience: "someone-else" }))).toBeUndefined();
    expect(await readToken(keys, await craft({ sub: "a", role: "patient", ver: 0 }, { issuer: "evil" }))).toBeUndefined();
  });

  test("tampered role (payload changed, signature kept)", async () => {
    const [header, payload, signature] = (await issueToken(keys, claims)).split(".");
    const forged = `${header}.${b64({ ...decode(payload!), role: "admin" })}.${signature}`;
    expect(await readToken(keys, forged)).toBeUndefined();
  });

  test("tampered signature", async () => {
    const token = await issueToken(keys, claims);
    const last = token.at(-2) === "A" ? "B" : "A";
    expect(await readToken(keys, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeUndefined();
  });

  test("a role that does not exist, a missing sub, or a missing version", async () => {
    expect(await readToken(keys, await craft({ sub: "a", role: "superuser", ver: 0 }))).toBeUndefined();
    expect(await readToken(keys, await craft({ role: "patient", ver: 0 }))).toBeUndefined();
    expect(await readToken(keys, await craft({ sub: "a", role: "patient" }))).toBeUndefined();
    expect(await readToken(keys, await craft({ sub: "a", role: "patient", ver: "0" }))).toBeUndefined();
  });

  test("garbage", async () => {
    for (const token of ["", "abc", "a.b.c", "Bearer x", `${b64({ alg: "HS256" })}..`]) {
      expect(await readToken(keys, token)).toBeUndefined();
    }
  });
});

describe("remembered verification", () => {
  test("a token verified once is still refused once it has expired", async () => {
    const shortKeys: TokenKeys = { secret: new TextEncoder().encode("remembered-secret-at-least-32-bytes!!"), ttlHours: 1 };
    const token = await issueToken(shortKeys, { sub: "account-9", role: "doctor", ver: 0 });
    expect(await readToken(shortKeys, token)).toEqual({ sub: "account-9", role: "doctor", ver: 0 });
    expect(await readToken(shortKeys, token)).toEqual({ sub: "account-9", role: "doctor", ver: 0 }); // from memory
    // The process's clock moved past the hour (the memory and the signature's check both read it).
    setSystemTime(new Date(Date.now() + 3_600_000 + 1_000));
    try {
      expect(await readToken(shortKeys, token)).toBeUndefined();
    } finally {
      setSystemTime();
    }
  });

  test("a token verified under one key is not accepted under another, even when remembered", async () => {
    const a: TokenKeys = { secret: new TextEncoder().encode("key-a-key-a-key-a-key-a-key-a-key-a!"), ttlHours: 1 };
    const b: TokenKeys = { secret: new TextEncoder().encode("key-b-key-b-key-b-key-b-key-b-key-b!"), ttlHours: 1 };
    const token = await issueToken(a, { sub: "account-1", role: "admin", ver: 0 });
    expect(await readToken(a, token)).toBeDefined();
    expect(await readToken(b, token)).toBeUndefined();
  });
});
