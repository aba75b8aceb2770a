/**
 * The door for profile uploads (SERVER-RULES §6), in front of the route that reads the body:
 * - a declared Content-Length above the limit is refused at once (413 JSON), body unread;
 * - a body without one (chunked) is counted as it streams by the route's bodyLimit and cut at
 *   the limit, so no body is read past it either way;
 * - only UPLOAD_SLOTS uploads are read and processed at once, a bounded line waits (Bun reads no
 *   body nobody asks for, so a waiting upload costs a socket, not its size), and the rest get
 *   503 with Retry-After;
 * - fair slots (issue 23): one upload in progress per account (per network when signed out), a
 *   second one gets 429 at once (a page's form posted again waits for the first instead, once);
 *   and once its turn comes, a body that arrives slower than
 *   UPLOAD_PACE.minBytesPerSecond (after a grace period) or is not complete within
 *   UPLOAD_PACE.totalMs is cut with 408, so no one holds a slot by trickling bytes.
 * Refusals are ApiErrors, so they are the usual `{ message }` with the CORS headers of /api.
 * A page's form refused before its body is read (429, 503) goes on to its route with the refusal
 * in `c.var.uploadRefused`, and the route shows the form again with it (pictureBodyLimit).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { readToken } from "../auth/tokens";
import { clientAddress } from "../auth/throttle";
import type { Deps } from "../config/deps";
import { bearerToken, sessionCookieToken } from "./session-token";
import { ApiError, Refusal, refusalAnswer } from "./errors";
import { Limiter } from "../storage/limiter";
import { uploadTooLargeMessage } from "../domain/fields";

declare module "hono" {
  interface ContextVariableMap {
    /** Why the gate refused this page's upload before reading its body (the route shows it). */
    uploadRefused: ApiError | undefined;
  }
}

/** Room for the form's text fields and multipart boundaries around the largest picture. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Uploads read and held at once: one being decoded, two more read meanwhile. */
export const UPLOAD_SLOTS = 3;
/**
 * Uploads that may wait for a slot before the next is told to come back later. A 12-megapixel
 * photo takes one to five seconds to re-encode, so the last in line waits well under the
 * server's idle timeout (src/server.ts).
 */
export const UPLOAD_LINE = 8;

/**
 * Bun.serve's maxRequestBodySize for the app. Bun's own limit answers with a bare 413 (no JSON,
 * no CORS) before the app can, so it is set out of reach: every body is limited by the app itself
 * without being read past its limit (this gate and the bodyLimit of each route; app.ts gives every
 * other request a 64 KB limit), so the refusal is JSON with CORS at any size.
 */
export function socketBodyLimit(_maxUploadBytes: number): number {
  return 2 ** 40;
}


/**
 * How fast an upload's body must arrive once its turn comes: at least `minBytesPerSecond` on
 * average after the first `graceMs` (a phone on a poor connection sends a 10 MB photo at 100 KB/s
 * or more; 16 KB/s is a tenth of a slow 3G link), and all of it within `totalMs`.
 */
export type UploadPace = { minBytesPerSecond: number; graceMs: number; totalMs: number; checkEveryMs: number };
export const UPLOAD_PACE: UploadPace = { minBytesPerSecond: 16 * 1024, graceMs: 10_000, totalMs: 120_000, checkEveryMs: 1_000 };

export const ONE_UPLOAD_MESSAGE = "Another picture upload of yours is still in progress. Please wait for it to finish.";
export const UPLOAD_TOO_SLOW_MESSAGE = "The upload arrived too slowly and was stopped. Please try again on a better connection.";

/** Whose upload this is: the account its token names (bearer or cookie), else the client's network. */
async function uploaderOf(c: Context, deps: Deps): Promise<string> {
  for (const token of [bearerToken(c), sessionCookieToken(c)]) {
    if (token === undefined) continue;
    const claims = await readToken(deps.keys, token);
    if (claims !== undefined) return `${claims.role} ${claims.sub}`;
  }
  return `network ${clientAddress(c, deps)}`;
}

/**
 * The request with its body counted as it streams: `cut()` is the reason it was cut (too slow,
 * or not complete in time), once it was; the stream then fails for whoever reads it.
 */
function pacedRequest(request: Request, pace: UploadPace) {
  const source = request.body;
  if (source === null) return { request, cut: () => undefined, stop: () => undefined };
  const reader = source.getReader();
  const started = performance.now();
  let received = 0;
  let finished = false;
  let reason: string | undefined;
  let sink: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stop = () => {
    finished = true;
    clearInterval(timer);
  };
  const check = () => {
    if (finished) return;
    const elapsed = performance.now() - started;
    const tooSlow = elapsed > pace.graceMs && received < (pace.minBytesPerSecond * elapsed) / 1000;
    if (elapsed <= pace.totalMs && !tooSlow) return;
    reason = UPLOAD_TOO_SLOW_MESSAGE;
    stop();
    reader.cancel().catch(() => undefined);
    sink?.error(new ApiError(408, UPLOAD_TOO_SLOW_MESSAGE));
  };
  const timer = setInterval(check, pace.checkEveryMs);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      sink = controller;
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (finished) return;
        if (done) {
          stop();
          controller.close();
          return;
        }
        received += value.byteLength;
        controller.enqueue(value);
        check();
      } catch (error) {
        if (finished) return;
        stop();
        controller.error(error);
      }
    },
    cancel(why) {
      stop();
      return reader.cancel(why);
    },
  });
  return { request: new Request(request, { body, duplex: "half" } as RequestInit), cut: () => reason, stop };
}

/** `maxBytes`: the largest file this gate lets in (a profile picture's MAX_UPLOAD_BYTES unless said; a report's MAX_DOCUMENT_BYTES). */
export type UploadGateOptions = { slots?: Limiter; pace?: UploadPace; maxBytes?: number; tooLarge?: (maxBytes: number) => string };

/** The middleware for profile uploads of at most `deps.config.maxUploadBytes` of picture. */
export function uploadGate(deps: Deps, options: UploadGateOptions = {}): MiddlewareHandler {
  const maxUploadBytes = options.maxBytes ?? deps.config.maxUploadBytes;
  const tooLarge = options.tooLarge ?? uploadTooLargeMessage;
  const slots = options.slots ?? new Limiter(UPLOAD_SLOTS, UPLOAD_LINE);
  const pace = options.pace ?? UPLOAD_PACE;
  /** The uploaders with an upload in line or in progress: when it ends, and whether a page's post waits for it. */
  const uploading = new Map<string, { ended: Promise<void>; waiting: boolean }>();
  return async (c, next) => {
    const declared = c.req.header("content-length");
    // The pages' profile forms answer an oversized post with the form and its message (their own
    // body limit reads the same header first); the API answers here, body unread.
    const api = c.req.path.startsWith("/api/");
    if (api && declared !== undefined && Number(declared) > maxUploadBytes + FORM_OVERHEAD_BYTES) {
      throw new ApiError(413, tooLarge(maxUploadBytes), { Connection: "close" });
    }
    const uploader = await uploaderOf(c, deps);
    // One upload at a time per uploader, so no one account fills the slots and the line. A page's
    // form posted again while the first post is still on its way (a second tap without script:
    // the browser drops the first) waits for it to end instead, never more than one such.
    let earlier = uploading.get(uploader);
    if (earlier !== undefined && !api && !earlier.waiting) {
      earlier.waiting = true;
      await earlier.ended;
      earlier = uploading.get(uploader);
    }
    // The page's form is shown again by its route (the body unread, the connection ended).
    const refuse = (error: ApiError) => {
      if (api) throw error;
      c.set("uploadRefused", error);
      return next();
    };
    if (earlier !== undefined) return refuse(new ApiError(429, ONE_UPLOAD_MESSAGE, { "Retry-After": "5", Connection: "close" }));
    let end!: () => void;
    uploading.set(uploader, { ended: new Promise<void>((resolve) => (end = resolve)), waiting: false });
    try {
      let release: () => void;
      try {
        release = await slots.acquire();
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        // The upload was never read: end the connection rather than drain it.
        return await refuse(new ApiError(503, error.message, { ...refusalAnswer(error).headers, Connection: "close" }));
      }
      // The body's clock starts now: waiting in line costs the uploader nothing.
      const paced = pacedRequest(c.req.raw, pace);
      c.req.raw = paced.request;
      try {
        await next();
      } finally {
        paced.stop();
        release();
      }
      const reason = paced.cut();
      if (reason !== undefined) c.res = c.json({ message: reason }, 408, { Connection: "close" });
    } finally {
      uploading.delete(uploader);
      end();
    }
  };
}

/**
 * The body limit of a profile form (the largest picture and its form around it), counted as the
 * body streams, so a chunked one is cut at the limit; `onError` answers the refusal, and
 * `onRefused` a page form's refusal by the gate before its body was read (the API's is thrown there).
 */
export function pictureBodyLimit(
  maxUploadBytes: number,
  onError: (c: Context) => Response | Promise<Response>,
  onRefused: (c: Context, refusal: ApiError) => Response | Promise<Response> = (_c, refusal) => {
    throw refusal;
  },
): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxUploadBytes + FORM_OVERHEAD_BYTES, onError });
  return async (c, next) => {
    const refused = c.get("uploadRefused");
    if (refused !== undefined) return onRefused(c, refused);
    return limit(c, () => readUploadForm(c, maxUploadBytes + FORM_OVERHEAD_BYTES, next));
  };
}

/**
 * Reads a profile form's body once, into one buffer of its declared length (or grown up to
 * `maxBytes` as a chunked body streams), and parses it for the route (issue 45). Left to the
 * validator, the body was gathered from the stream's chunks by Bun, kept whole in the request's
 * cache beside the parsed form for as long as the upload lasted, and copied again for the worker.
 * A body that is no form is left in the cache as bytes, so the validator and the pages answer it
 * as before (400, the form shown again).
 */
async function readUploadForm(c: Context, maxBytes: number, next: () => Promise<void>): Promise<void> {
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (body === null || !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) return next();
  const declared = Number(c.req.header("content-length"));
  let buffer = new Uint8Array(Number.isInteger(declared) && declared > 0 ? Math.min(declared, maxBytes) : 64 * 1024);
  let length = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    if (length + chunk.byteLength > buffer.byteLength) {
      const grown = new Uint8Array(Math.min(maxBytes, Math.max(buffer.byteLength * 2, length + chunk.byteLength)));
      // The body limit in front has cut a longer body already; this only guards the arithmetic.
      if (length + chunk.byteLength > grown.byteLength) throw new ApiError(413, uploadTooLargeMessage(maxBytes - FORM_OVERHEAD_BYTES), { Connection: "close" });
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(chunk, length);
    length += chunk.byteLength;
  }
  const bytes = buffer.subarray(0, length);
  const cache = c.req.bodyCache as { formData?: Promise<FormData>; arrayBuffer?: Promise<ArrayBuffer> };
  try {
    const form = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
    cache.formData = Promise.resolve(form);
  } catch {
    cache.arrayBuffer = Promise.resolve(buffer.buffer.slice(0, length));
  }
  return next();
}
