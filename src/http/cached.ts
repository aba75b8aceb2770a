/**
 * Answers that are the same for many requests, prepared once: the body, its brotli and gzip
 * copies and an ETag. Sent by Accept-Encoding, with 304 for a matching If-None-Match.
 */
import type { Context } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { keptAtVersion, type Versioned } from "../bounded";

type Encoding = "br" | "gzip" | "identity";

export type CachedBody = {
  etag: string;
  /** Each encoding's bytes with the complete headers to send them with, built once. */
  variants: Record<Encoding, { body: Uint8Array<ArrayBuffer>; headers: [string, string][] }>;
  notModified: [string, string][];
};

/** Prepares `body` (with its own headers, e.g. Content-Type and a page's CSP) for repeated sending. */
export function prepare(body: string, headers: Record<string, string>, cacheControl: string): CachedBody {
  const identity = new TextEncoder().encode(body);
  const etag = `"${Bun.hash(identity).toString(36)}"`;
  const common: [string, string][] = [
    ...Object.entries(headers),
    ["ETag", etag],
    ["Vary", "Accept-Encoding"],
    ["Cache-Control", cacheControl],
  ];
  const variant = (bytes: Uint8Array, encoding: Encoding) => ({
    body: new Uint8Array(bytes),
    headers: encoding === "identity" ? common : [...common, ["Content-Encoding", encoding] as [string, string]],
  });
  return {
    etag,
    variants: {
      // Quality 5: most of the gain of 11 at a small part of its cost, since lists are rebuilt on change.
      br: variant(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), "br"),
      gzip: variant(gzipSync(identity, { level: 6 }), "gzip"),
      identity: variant(identity, "identity"),
    },
    notModified: common.filter(([name]) => name !== "Content-Type"),
  };
}

/** Sends a prepared body in the best encoding the client accepts (304 when the ETag matches). */
export function sendCached(c: Context, cached: CachedBody): Response {
  if (c.req.header("if-none-match") === cached.etag) return new Response(null, { status: 304, headers: cached.notModified });
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding: Encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
  const { body, headers } = cached.variants[encoding];
  return new Response(body, { status: 200, headers });
}

/**
 * Wraps a page whose HTML depends only on `keyOf` (the theme, for public and auth pages): it is
 * rendered once per key, then every request is answered from memory. `headersOf` gives the rest
 * of the headers the answer needs, from the first rendering (e.g. the page's own CSP), and
 * `finish` can add per-request ones (HSTS over HTTPS).
 */
export function renderedOnce(
  render: (c: Context) => Promise<Response>,
  options: {
    keyOf: (c: Context) => string;
    headersOf: (rendered: Response) => [string, string][];
    finish: (c: Context, headers: Headers) => void;
  },
) {
  const pages = new Map<string, Promise<CachedBody>>();
  return async (c: Context): Promise<Response> => {
    const key = options.keyOf(c);
    let page = pages.get(key);
    if (page === undefined) {
      page = render(c).then(async (res) => {
        const headers: [string, string][] = [["Content-Type", res.headers.get("Content-Type") ?? "text/html; charset=UTF-8"], ...options.headersOf(res)];
        // The HTML changes only with a new release; let the browser revalidate by ETag.
        return prepare(await res.text(), Object.fromEntries(headers), "no-cache");
      });
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    const answer = sendCached(c, await page);
    options.finish(c, answer.headers);
    return answer;
  };
}

/** What a kept answer is made of: its JSON, and until when it holds even if nothing is written (ms). */
export type KeptJson = { json: string; until: number };

/**
 * Answers prepared once per key and version and sent from memory while both hold (issue 12): a
 * signed-in account's list, whose account carries a lists version that moves with every change
 * the list shows (src/db/queries/account-lists.ts), and whose statuses move with the clock at a
 * time known when it is made (`until`: a confirmed meeting's end). Private data: sent with
 * `Cache-Control: no-store`, so no browser keeps it. At most `max` kept, oldest out.
 */
export function keptAnswers(max = 1024) {
  const kept = new Map<string, Versioned<{ body: CachedBody; until: number }>>();
  return async (c: Context, key: string, version: number, now: Date, make: () => Promise<KeptJson>): Promise<Response> => {
    const made = await keptAtVersion(
      kept,
      max,
      key,
      version,
      async () => {
        const { json, until } = await make();
        return { body: prepare(json, { "Content-Type": "application/json" }, "no-store"), until };
      },
      ({ until }) => now.getTime() < until,
    );
    return sendCached(c, made.body);
  };
}
