/**
 * Prepared answers (src/http/cached.ts): every encoding decodes to the body, and a `finest`
 * answer's brotli copy is replaced by a smaller one made off the event loop.
 */
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { prepare, sendCached } from "./cached";

/** A directory-like JSON answer: repetitive enough that quality 11 finds more than 5. */
const body = JSON.stringify(
  Array.from({ length: 2000 }, (_, i) => ({ _id: `doctor-${i}`, name: `Dr. Doctor ${i}`, specialization: "Cardiologist", collegeName: `College ${i % 50}` })),
);

function served(options: { finest?: boolean } = {}) {
  const prepared = prepare(body, { "Content-Type": "application/json" }, "no-store", options);
  const app = new Hono();
  app.get("/", (c) => sendCached(c, prepared));
  return (encoding?: string) => app.request("/", { headers: encoding ? { "accept-encoding": encoding } : {} });
}

describe("prepare", () => {
  test("each encoding decodes to the body, with its headers, sent as many times as asked", async () => {
    const get = served();
    for (let i = 0; i < 3; i++) {
      const br = await get("gzip, deflate, br");
      expect(br.headers.get("Content-Encoding")).toBe("br");
      expect(br.headers.get("Vary")).toBe("Accept-Encoding");
      expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(body);
      const gzip = await get("gzip");
      expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
      expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(body);
      const plain = await get();
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      expect(await plain.text()).toBe(body);
    }
  });

  test("finest: the quick brotli copy first, then a smaller one of the same body", async () => {
    const get = served({ finest: true });
    const quick = new Uint8Array(await (await get("br")).arrayBuffer());
    let finest = quick;
    for (let waited = 0; finest.length >= quick.length && waited < 10_000; waited += 50) {
      // real time: a 50 ms poll for the finer brotli copy, made in the background
      await Bun.sleep(50);
      finest = new Uint8Array(await (await get("br")).arrayBuffer());
    }
    expect(finest.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(finest).toString()).toBe(body);
    expect(brotliDecompressSync(quick).toString()).toBe(body);
  });
});
