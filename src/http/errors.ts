/**
 * The one error shape of the API: `{ message }` with a fitting status. HTTP-level code throws
 * ApiError; use cases throw a Refusal (src/domain/refusal.ts), whose kind maps to a status here.
 * app.ts turns both (and every other failure) into that shape, never a stack trace.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Refusal, type RefusalKind } from "../domain/refusal";

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

const STATUS: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  busy: 503,
};

/** The status and headers a refusal answers with, for the API and the forms alike. */
export function refusalAnswer(refusal: Refusal): { status: ContentfulStatusCode; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (refusal.retryAfterSeconds !== undefined) headers["Retry-After"] = String(refusal.retryAfterSeconds);
  return { status: STATUS[refusal.kind], headers };
}

export { Refusal };
