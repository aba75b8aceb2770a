/**
 * Issue 53's promise: splitting the schemas and the operations into one file per resource changed
 * nothing a client reads. openapi.before.json is the document /api/openapi.json served before the
 * move (commit 84788dc), byte for byte; the order of its paths and operations is the README's, so
 * the gathering index must keep it.
 *
 * A change to the API changes this document on purpose: look at the diff this test prints, then
 * write the new copy with `OPENAPI_BEFORE=write bun test src/openapi/unchanged.test.ts` and commit
 * it beside the change, so that the next move is compared with it.
 */
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { openapiRoutes } from "./serve";

const FIXTURE = new URL("./openapi.before.json", import.meta.url);

/** The document as the app serves it: the same routes, mounted at /api as src/app.ts mounts them. */
async function served(): Promise<string> {
  const app = new Hono();
  app.route("/api", openapiRoutes());
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  return res.text();
}

/** Indented, so that a difference reads as the lines that differ (key order kept). */
const readable = (text: string) => JSON.stringify(JSON.parse(text), null, 1);

describe("the OpenAPI document", () => {
  test("is byte for byte the copy taken before the move", async () => {
    const now = await served();
    if (process.env.OPENAPI_BEFORE === "write") await Bun.write(FIXTURE, now);
    const before = await Bun.file(FIXTURE).text();
    // First the lines that differ, then the bytes (spacing or escapes a parse would hide).
    if (now !== before) expect(readable(now)).toBe(readable(before));
    expect(now.length).toBe(before.length);
    expect(now === before).toBe(true);
  });

  test("a changed document fails the comparison (the test can fail)", async () => {
    const before = await Bun.file(FIXTURE).text();
    const doc = JSON.parse(before);
    // Two operations swapped: the same content in another order is a change too.
    const paths = Object.entries(doc.paths);
    [paths[0], paths[1]] = [paths[1]!, paths[0]!];
    const swapped = JSON.stringify({ ...doc, paths: Object.fromEntries(paths) });
    expect(swapped.length).toBe(before.length);
    expect(swapped === before).toBe(false);
  });
});
