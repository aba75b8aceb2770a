/**
 * Compresses HTML and JSON answers made per request (pages, API lists) for clients that accept
 * it: brotli at a quick level, else gzip. Static files and cached answers come precompressed
 * and are left alone.
 */
import type { MiddlewareHandler } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this, compression costs more than the bytes it saves. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json|text\/calendar)/;

export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  // The cheap tests first: reading `res.body` makes Bun build a stream for the body, which cost
  // a tenth of a signed-in request's CPU even when nothing was to be compressed.
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (encoding === undefined) return;
  const res = c.res;
  if (res.headers.has("Content-Encoding") || !COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "") || res.body === null) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const body =
    bytes.length < MIN_BYTES
      ? bytes
      : encoding === "br"
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
        : gzipSync(bytes, { level: 6 });
  const compressed = new Response(new Uint8Array(body), res);
  // Its own length, not the original's: the request log reads the bytes sent from it.
  compressed.headers.set("Content-Length", String(body.length));
  compressed.headers.append("Vary", "Accept-Encoding");
  if (bytes.length >= MIN_BYTES) compressed.headers.set("Content-Encoding", encoding);
  // Hono's setter would copy the new answer again around a stream of its body (and merge the old
  // headers, which `compressed` already has): clear it first so the bytes go out as they are.
  c.res = undefined;
  c.res = compressed;
};
