import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import { ASSET_ROOT, MIGRATIONS_DIR, STATIC_DIR, staticFile } from "../config/assets";
import { sendStatic, staticRoutes } from "./static";

let dir: string;
let app: Hono;
const CSS = "body { color: #123456; }\n".repeat(40);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "carebook-static-"));
  mkdirSync(join(dir, "build"));
  writeFileSync(join(dir, "app.css"), CSS);
  writeFileSync(join(dir, "build", "client-a1b2c3d4e5.js"), "console.log(1)");
  writeFileSync(join(dir, "build", "client-a1b2c3d4e5.js.gz"), gzipSync("console.log(1)"));
  writeFileSync(join(dir, ".secret"), "no");
  app = new Hono().route("/static", staticRoutes(dir));
  app.get("/favicon.css", (c) => sendStatic(c, "app.css", dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("assets", () => {
  test("from the source tree, the root is the repository", () => {
    expect(Bun.isStandaloneExecutable).toBe(false);
    expect(MIGRATIONS_DIR).toBe(join(ASSET_ROOT, "drizzle"));
    expect(STATIC_DIR).toBe(join(ASSET_ROOT, "static"));
    expect(Bun.file(join(MIGRATIONS_DIR, "meta", "_journal.json")).size).toBeGreaterThan(0);
  });

  test("staticFile accepts plain relative paths to files only", () => {
    expect(staticFile("app.css", dir)).toBe(join(dir, "app.css"));
    expect(staticFile("build/client-a1b2c3d4e5.js", dir)).toBe(join(dir, "build", "client-a1b2c3d4e5.js"));
    for (const bad of ["", "build", "build/", "../package.json", "build/../app.css", ".secret", "/etc/passwd", "a\\b", "missing.css", "app.css\0"]) {
      expect(staticFile(bad, dir)).toBeUndefined();
    }
  });
});

describe("/static", () => {
  test("serves a file with its type, nosniff and an ETag; a matching If-None-Match is 304", async () => {
    const res = await app.request("/static/app.css");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/css");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(await res.text()).toBe(CSS);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    const again = await app.request("/static/app.css", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  test("a hashed name is immutable, and its precompressed copy is sent when accepted", async () => {
    const plain = await app.request("/static/build/client-a1b2c3d4e5.js");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("console.log(1)");

    const gz = await app.request("/static/build/client-a1b2c3d4e5.js", { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("content-type")).toStartWith("text/javascript");
    expect(gz.headers.get("vary")).toBe("Accept-Encoding");
  });

  test("sendStatic serves one file at a route of its own", async () => {
    const res = await app.request("/favicon.css");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CSS);
  });

  test("anything that is not a file below static/ is 404", async () => {
    for (const path of ["/static/", "/static/build", "/static/.secret", "/static/%2e%2e/package.json", "/static/build%2f..%2f..%2fpackage.json", "/static/nope.js"]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });
});
