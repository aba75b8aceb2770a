/** What one entry of ./operations/ says about a route under /api/auth; ./document.ts renders it as OpenAPI. */
import type { z } from "zod";

export type Who =
  | "anyone"
  | "anyone signed in (any role, any doctor status)"
  | "patient"
  | "patient or approved doctor"
  | "patient or doctor (any status)"
  | "doctor, any status"
  | "approved doctor"
  | "admin";
/** The error statuses an operation may answer beyond those implied by its body and its caller. */
export type ErrorStatus = 403 | 404 | 408 | 409 | 413 | 415 | 429 | 503;

export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The OpenAPI path template, `{name}` for a parameter. */
  path: string;
  summary: string;
  description?: string;
  who: Who;
  tag: "Accounts" | "Patient" | "Doctor" | "Admin" | "Profiles" | "Calendar" | "Directory";
  body?: { kind: "json" | "form"; schema: z.ZodType; example: unknown };
  params?: z.ZodObject;
  /** The query string's parameters. */
  query?: z.ZodObject;
  /** The success answer; JSON unless `mediaType` says otherwise (a calendar file), or a file of one of `files`' types (a report). */
  ok: { status: 200 | 201 | 202; schema: z.ZodType; description: string; example: unknown; mediaType?: "text/calendar"; files?: readonly string[]; also?: { mediaType: "text/csv"; schema: z.ZodType; example: string } };
  errors?: ErrorStatus[];
  /** The answer may also be 304 Not Modified (an If-None-Match that matches the ETag). */
  notModified?: boolean;
  /** The call takes a bearer token when it has one (logout ends that account's sessions). */
  optionalBearer?: boolean;
  /** Login and signup answers set the page session cookie. */
  setsCookie?: boolean;
};
