/**
 * The one error shape of the API: `{ message }` with a fitting status. Routes throw ApiError;
 * app.ts turns it (and every other failure) into that shape, never a stack trace.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The answer for an id that does not exist or is not the caller's: the two are indistinguishable. */
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
