/** Sealed cookies (src/http/sealed.ts): what one instance seals, any with the same signing key opens; nothing else does. */
import { expect, test } from "bun:test";
import { seal, sealingKey, unseal } from "./sealed";

const secret = new TextEncoder().encode("test-secret-that-is-at-least-32-bytes-long");

test("a value sealed by one instance opens on another with the same key, and on no other", () => {
  const value = { form: { message: "Already booked", values: { reason: "दर्द" } }, until: 1 };
  const sealed = seal(sealingKey(secret), value);
  expect(unseal(sealingKey(new Uint8Array(secret)), sealed)).toEqual(value);
  expect(unseal(sealingKey(new TextEncoder().encode("another-secret-that-is-32-bytes-long!")), sealed)).toBeUndefined();
  expect(sealed).not.toContain("Already");
});

test("a changed, cut or foreign value opens to nothing", () => {
  const key = sealingKey(secret);
  const sealed = seal(key, { a: 1 });
  const flipped = (sealed[20] === "A" ? "B" : "A");
  for (const bad of [sealed.slice(0, 20) + flipped + sealed.slice(21), sealed.slice(0, 30), "", "not base64 at all!", "AAAA"]) {
    expect(unseal(key, bad)).toBeUndefined();
  }
});
