/**
 * The one validation path: every input goes through zValidator with this hook, so every refusal
 * is a 400 `{ message }` naming the field.
 */
import type { core } from "zod";

type ZodError = core.$ZodError;
import { ApiError } from "./errors";

/** The first problem of a failed parse, as one sentence that names the field. */
export function describeIssue(error: ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "Invalid input";
  const field = issue.path.join(".");
  // A problem with the whole input (a JSON array, string or null instead of an object) has no
  // field to name: name the body instead of zod's "expected object, received array".
  if (field === "") return "The request body must be a JSON object";
  // A message that names its field already (e.g. "Please select both date and time!") stands alone.
  if (new RegExp(`\\b${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(issue.message)) return issue.message;
  return `${field}: ${issue.message}`;
}

/** zValidator hook: throws a 400 ApiError for invalid input. */
export function onInvalid(result: { success: true } | { success: false; error: ZodError }): void {
  if (!result.success) throw new ApiError(400, describeIssue(result.error));
}
