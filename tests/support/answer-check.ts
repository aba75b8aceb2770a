/**
 * Drift check for the API tests: every answer a test app gives under /api/auth is validated
 * against the OpenAPI document (src/openapi) for its path, method and status, with Ajv (JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1) and ajv-formats. An undocumented status, a missing
 * field, an extra field or a wrong type fails the request that produced it, and the harness's
 * stop() fails the file if any slipped through a caught error.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildDocument } from "../../src/openapi/document";

const DOC_ID = "carebook-openapi";
const document = buildDocument("test");

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat("binary", true);
// The whole document is one schema resource, so `#/components/schemas/...` references resolve.
ajv.addSchema(document as object, DOC_ID);

type Documented = { method: string; pattern: RegExp; template: string; statuses: Set<string>; mediaTypes: Map<string, string[]> };

const OPERATIONS: Documented[] = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
  Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>).map(([method, op]) => ({
    method: method.toUpperCase(),
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    statuses: new Set(Object.keys(op.responses)),
    mediaTypes: new Map(Object.entries(op.responses).map(([status, r]) => [status, Object.keys(r.content ?? {})])),
  })),
);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const validators = new Map<string, ValidateFunction>();

function validatorFor(template: string, method: string, status: string): ValidateFunction {
  return compiled(`${DOC_ID}#/${pointer("paths", template, method.toLowerCase(), "responses", status, "content", "application/json", "schema")}`);
}

function compiled(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (validate === undefined) {
    validate = ajv.getSchema(ref);
    if (validate === undefined) throw new Error(`no schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

/** The documented operation for a request, if any. */
export function documentedOperation(method: string, path: string): Documented | undefined {
  return OPERATIONS.find((op) => op.method === method && op.pattern.test(path));
}

/**
 * Problems of one answer against the document (empty when it conforms). A request to no
 * documented operation must be refused with a 4xx `{ message }`: 404 for an unknown path, and
 * 401/403/413 where a path prefix's login check or the body limit answers before routing does.
 */
export function answerProblems(method: string, path: string, status: number, body: string, contentType: string | null): string[] {
  const op = documentedOperation(method, path);
  const key = String(status);
  if (op === undefined) {
    if (![401, 403, 404, 413].includes(status)) return [`${method} ${path} is not documented, yet answered ${status}`];
    return checkBody(compiled(`${DOC_ID}#/components/schemas/Message`), body, contentType);
  }
  if (!op.statuses.has(key)) return [`${method} ${op.template} answered ${status}, which is not documented (documented: ${[...op.statuses].join(", ")})`];
  if (status === 304) return body === "" ? [] : ["a 304 answer has a body"];
  // A documented answer that is not JSON (a calendar file) is checked by its type; its own tests read it.
  // Issue 58: an answer documented both as JSON and as a file (CSV) is checked as the one it says it is.
  const types = op.mediaTypes.get(key) ?? [];
  const others = types.filter((type) => type !== "application/json");
  const asJson = types.includes("application/json") && contentType?.startsWith("application/json") === true;
  if (others.length > 0 && !asJson) return others.some((type) => contentType?.startsWith(type)) ? [] : [`Content-Type is ${contentType}, not ${others.join(" or ")}`];
  return checkBody(validatorFor(op.template, op.method, key), body, contentType);
}

function checkBody(validate: ValidateFunction, body: string, contentType: string | null): string[] {
  if (!contentType?.startsWith("application/json")) return [`Content-Type is ${contentType}, not application/json`];
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return ["the body is not JSON"];
  }
  if (validate(json)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
}

/** The body as a client reads it, decompressed when a test asked for br or gzip. */
async function decodedText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const plain = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;
  return new TextDecoder().decode(plain);
}

type Fetch = (request: Request, ...rest: any[]) => Response | Promise<Response>;

/**
 * Replaces `app.fetch` (which app.request uses too) with one that checks each /api/auth answer.
 * Returns the list of violations seen, for a final check.
 */
export function checkAnswers(app: { fetch: Fetch }): string[] {
  const violations: string[] = [];
  const inner = app.fetch;
  app.fetch = async (request: Request, ...rest: any[]) => {
    const method = request.method;
    const path = new URL(request.url).pathname;
    const res = await inner(request, ...rest);
    if (!path.startsWith("/api/auth") || method === "OPTIONS" || method === "HEAD") return res;
    const body = await decodedText(res.clone());
    const problems = answerProblems(method, path, res.status, body, res.headers.get("content-type"));
    if (problems.length > 0) {
      const message = `Answer does not match the OpenAPI document: ${method} ${path} ${res.status}\n  ${problems.join("\n  ")}\n  body: ${body.slice(0, 500)}`;
      violations.push(message);
      throw new Error(message);
    }
    return res;
  };
  return violations;
}
