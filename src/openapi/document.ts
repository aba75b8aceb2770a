/**
 * Generates the OpenAPI 3.1 document from ./operations/ (one module per resource, gathered in
 * order by its index) with zod-openapi, which renders each zod schema through zod 4's own
 * z.toJSONSchema: request bodies as their input side (what a client sends, before trims and
 * transforms), answers as their output side, closed objects, and every `.meta({ id })` schema
 * once under components. Nothing here is written as JSON by hand.
 */
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { MessageAnswer } from "../http/answers";
import type { Operation } from "./operation";
import { OPERATIONS } from "./operations";

type Status = 304 | 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 500 | 503;

/** What each error status means, with an example message the API really sends. */
const ERRORS: Record<Exclude<Status, 304>, { description: string; message: string }> = {
  400: { description: "Invalid input; the message names the field", message: "email must be a valid email address" },
  401: { description: "No token, or a bad, expired or revoked one (for a login: wrong email or password)", message: "Invalid email or password" },
  403: {
    description:
      "Wrong role, or a doctor who is not approved; or, for the calls that set the session cookie, a browser's request from another site; or, with ADMIN_2FA_REQUIRED, an admin who has not set up two-factor sign-in yet (then with `twoFactorSetupRequired: true`)",
    message: "Your account status is: blocked",
  },
  404: { description: "Unknown, or not the caller's (the two are indistinguishable)", message: "Appointment not found" },
  408: { description: "The upload's body arrived too slowly (or not in time) and was cut", message: "The upload arrived too slowly and was stopped. Please try again on a better connection." },
  409: { description: "State conflict: duplicate email, overlapping time, transition not allowed, feedback already given", message: "Only a pending appointment can be scheduled; this one is confirmed" },
  413: { description: "Request body (or picture) too large", message: "Request body is too large" },
  415: { description: "The picture is not a JPEG or PNG, is not structured as a camera makes one, or takes too long to process", message: "Profile picture must be a JPEG or PNG image" },
  429: { description: "Too many attempts, or another upload of the caller's still in progress; retry after `Retry-After` seconds", message: "Too many failed logins. Try again in 15 minutes." },
  503: { description: "Too many pictures are being processed; retry after `Retry-After` seconds", message: "The server is busy with other pictures. Please try again in a moment." },
  500: {
    description: "The server failed; the message ends with the reference of the request's log line, also sent as `X-Request-Id`",
    message: "Something went wrong. Please try again. Reference: 0b6c6f4e-2a7d-4f7e-9d7c-3c1e5a9b8f21",
  },
};

const retryAfter = z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait before trying again", example: "900" }) });
const setCookie = z.object({
  "Set-Cookie": z.string().meta({ description: "`carebook_session`: the same token, HttpOnly and SameSite=Lax, for server-rendered pages" }),
});

/** Every status an operation can answer besides its success. */
export function errorStatuses(op: Operation): Exclude<Status, 304>[] {
  const statuses = new Set<Exclude<Status, 304>>(op.errors ?? []);
  // The 64 KiB limit applies to every request, a GET with a body included.
  statuses.add(413);
  if (op.body || op.params || op.query) statuses.add(400);
  if (op.who !== "anyone") statuses.add(401).add(403);
  if (/\/(login(Patient|Doctor|Admin)|loginPatient\/code\/verify|2fa\/verify)$/.test(op.path)) statuses.add(401);
  // Any call can meet a failure of the server.
  statuses.add(500);
  return [...statuses].sort();
}

function responses(op: Operation): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {
    [String(op.ok.status)]: {
      description: op.ok.description,
      ...(op.setsCookie && { headers: setCookie }),
      content: {
        ...(op.ok.files
          ? Object.fromEntries(op.ok.files.map((type) => [type, { schema: op.ok.schema, example: op.ok.example }]))
          : { [op.ok.mediaType ?? "application/json"]: { schema: op.ok.schema, example: op.ok.example } }),
        // Issue 58: the same numbers as a CSV file, when the query asks for one.
        ...(op.ok.also && { [op.ok.also.mediaType]: { schema: op.ok.also.schema, example: op.ok.also.example } }),
      },
    },
  };
  if (op.notModified) out["304"] = { description: "Not modified: the If-None-Match header matched the current ETag" };
  for (const status of errorStatuses(op)) {
    const { description, message } = ERRORS[status];
    out[String(status) as `${4 | 5}${string}`] = {
      description,
      ...((status === 429 || status === 503) && { headers: retryAfter }),
      content: { "application/json": { schema: MessageAnswer, example: { message } } },
    };
  }
  return out;
}

function operation(op: Operation): ZodOpenApiOperationObject {
  const mediaType = op.body?.kind === "form" ? "multipart/form-data" : "application/json";
  return {
    operationId: `${op.method}${op.path.replace(/^\/api\/auth/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Who: ${op.who}.`].filter(Boolean).join("\n\n"),
    ...(op.who !== "anyone" && { security: [{ bearer: [] }] }),
    // `{}` first: no token is fine too.
    ...(op.optionalBearer && { security: [{}, { bearer: [] }] }),
    ...((op.params || op.query) && { requestParams: { ...(op.params && { path: op.params }), ...(op.query && { query: op.query }) } }),
    ...(op.body && {
      requestBody: {
        required: true,
        content: {
          [mediaType]: {
            schema: op.body.schema,
            example: op.body.example,
            ...(op.body.kind === "form" && { encoding: "file" in ((op.body.schema as { shape?: object }).shape ?? {}) ? { file: { contentType: "application/pdf, image/jpeg, image/png" } } : { profileImage: { contentType: "image/jpeg, image/png" } } }),
          },
        },
      },
    }),
    responses: responses(op),
  };
}

type Node = { _zod: { def: { type: string; format?: string; options?: readonly Node[]; out?: Node } } };

/** The JSON Schema format a request field is checked against after trimming (zod's pipe), if any. */
const FORMATS: Record<string, string> = { email: "email", datetime: "date-time" };

/**
 * What zod cannot say in JSON Schema by itself: a File part of a multipart form
 * (z.instanceof(File)) is a binary string; a field that is trimmed, then checked as an email or a
 * date-time (a pipe), shows that format on its input side too.
 */
function refine(ctx: { zodSchema: Node; jsonSchema: Record<string, unknown>; io: "input" | "output" }) {
  const def = ctx.zodSchema._zod.def;
  const isFile = (s: Node) => s._zod.def.type === "custom";
  if (def.type === "custom" || (def.type === "union" && def.options?.some(isFile))) {
    // A file part that says what it is (a report) keeps its words; the profile's picture has none.
    const said = ctx.jsonSchema.description;
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    const description = typeof said === "string" ? said : "A JPEG or PNG picture; an empty part keeps the current one";
    Object.assign(ctx.jsonSchema, { type: "string", format: "binary", description });
  }
  const format = def.type === "pipe" && ctx.io === "input" ? FORMATS[def.out?._zod.def.format ?? ""] : undefined;
  if (format !== undefined) ctx.jsonSchema.format = format;
}

/** Builds the document; `version` is the package's. */
export function buildDocument(version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) paths[op.path] = { ...paths[op.path], [op.method]: operation(op) };
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Carebook API",
        version,
        description:
          "Healthcare appointment booking. Every answer is JSON but the calendar files (text/calendar); every error is `{ \"message\": string }`. " +
          "Ids are opaque strings sent as `_id`; times are ISO 8601 UTC. Generated from the zod schemas the server validates with.",
      },
      tags: [
        { name: "Accounts", description: "Signup, login, logout, doctor status" },
        { name: "Patient", description: "The doctor directory, booking, meetings, cancelling, feedback" },
        { name: "Doctor", description: "Pending requests, scheduling, cancelling, meetings, feedback (approved doctors)" },
        { name: "Profiles", description: "Patients' and doctors' own profiles, with a picture" },
        { name: "Admin", description: "Every doctor and the doctor status machine" },
        { name: "Calendar", description: "Meetings as iCalendar files, and the private subscription feed" },
        { name: "Directory", description: "The public doctor directory: no account needed, nothing private (issue 41)" },
      ],
      paths,
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from a signup or login answer" } },
      },
    },
    { override: refine as never },
  );
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;
