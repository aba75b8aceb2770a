import { describe, expect, test } from "bun:test";
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, otpauthUrl, stepAt, totpAt } from "./totp";

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's length, T0 = 0, X = 30, 8 digits.
const SEED = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("RFC 6238 test vectors", () => {
  for (const [seconds, sha1, sha256, sha512] of VECTORS) {
    test(`T = ${seconds}`, () => {
      const counter = stepAt(new Date(seconds * 1000));
      expect(hotp(SEED.sha1, counter, 8)).toBe(sha1);
      expect(hotp(SEED.sha256, counter, 8, "sha256")).toBe(sha256);
      expect(hotp(SEED.sha512, counter, 8, "sha512")).toBe(sha512);
    });
  }
});

test("RFC 4226 Appendix D: HOTP values 0 to 9", () => {
  const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
  expect(expected.map((_, i) => hotp(SEED.sha1, i))).toEqual(expected);
});

test("base32 (RFC 4648 §10 vectors) round-trips, forgiving case, spaces and padding", () => {
  const cases: [string, string][] = [["f", "MY"], ["fo", "MZXQ"], ["foo", "MZXW6"], ["foob", "MZXW6YQ"], ["fooba", "MZXW6YTB"], ["foobar", "MZXW6YTBOI"]];
  for (const [plain, encoded] of cases) {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(Buffer.from(base32Decode(encoded.toLowerCase() + "===")).toString()).toBe(plain);
  }
  const secret = newTotpSecret();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes
  expect(base32Decode(secret.replace(/(.{4})/g, "$1 ")).length).toBe(20);
});

describe("matchingStep", () => {
  const secret = base32Encode(SEED.sha1);
  const at = new Date(1_111_111_111_000);
  test("takes the step before, now and after, nothing further", () => {
    const now = stepAt(at);
    for (const delta of [-1, 0, 1]) expect(matchingStep(secret, totpAt(secret, new Date(at.getTime() + delta * 30_000)), at)).toBe(now + delta);
    for (const delta of [-2, 2]) expect(matchingStep(secret, totpAt(secret, new Date(at.getTime() + delta * 30_000)), at)).toBeUndefined();
  });
  test("never a step at or before the last one used", () => {
    const code = totpAt(secret, at);
    expect(matchingStep(secret, code, at, stepAt(at))).toBeUndefined();
    expect(matchingStep(secret, code, at, stepAt(at) - 1)).toBe(stepAt(at));
  });
  test("refuses what is not six digits", () => {
    expect(matchingStep(secret, "12345", at)).toBeUndefined();
    expect(matchingStep(secret, "abcdef", at)).toBeUndefined();
  });
});

test("otpauth URL carries the secret and the issuer", () => {
  const url = new URL(otpauthUrl("Carebook", "a@example.com", "JBSWY3DPEHPK3PXP"));
  expect(url.protocol).toBe("otpauth:");
  expect(url.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
  expect(url.searchParams.get("issuer")).toBe("Carebook");
  expect(url.host).toBe("totp");
  expect(decodeURIComponent(url.pathname)).toBe("/Carebook:a@example.com");
});
