/**
 * The door for profile uploads (SERVER-RULES §6), in front of the route that reads the body:
 * - a declared Content-Length above the limit is refused at once (413 JSON), body unread;
 * - a body without one (chunked) is counted as it streams by the route's bodyLimit and cut at
 *   the limit, so no body is read past it either way;
 * - only UPLOAD_SLOTS uploads are read and processed at once, a bounded line waits (Bun reads no
 *   body nobody asks for, so a waiting upload costs a socket, not its size), and the rest get
 *   503 with Retry-After.
 * Refusals are ApiErrors, so they are the usual `{ message }` with the CORS headers of /api.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, Refusal, refusalAnswer } from "./errors";
import { Limiter } from "../storage/limiter";
import { uploadTooLargeMessage } from "../domain/fields";

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

/** The middleware for profile uploads of at most `maxUploadBytes` of picture. */
export function uploadGate(maxUploadBytes: number, slots = new Limiter(UPLOAD_SLOTS, UPLOAD_LINE)): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header("content-length");
    // The pages' profile forms answer an oversized post with the form and its message (their own
    // body limit reads the same header first); the API answers here, body unread.
    const api = c.req.path.startsWith("/api/");
    if (api && declared !== undefined && Number(declared) > maxUploadBytes + FORM_OVERHEAD_BYTES) {
      throw new ApiError(413, uploadTooLargeMessage(maxUploadBytes), { Connection: "close" });
    }
    const release = await slots.acquire().catch((error: unknown) => {
      if (!(error instanceof Refusal)) throw error;
      // The upload was never read: end the connection rather than drain it.
      throw new ApiError(503, error.message, { ...refusalAnswer(error).headers, Connection: "close" });
    });
    try {
      await next();
    } finally {
      release();
    }
  };
}

/**
 * The body limit of a profile form (the largest picture and its form around it), counted as the
 * body streams, so a chunked one is cut at the limit; `onError` answers the refusal.
 */
export function pictureBodyLimit(maxUploadBytes: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return bodyLimit({ maxSize: maxUploadBytes + FORM_OVERHEAD_BYTES, onError });
}
