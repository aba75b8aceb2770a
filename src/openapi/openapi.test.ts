/**
 * The API description (issue 14): the served document is valid OpenAPI 3.1 (checked by
 * @seriousme/openapi-schema-validator against the official 3.1 schema), it describes exactly
 * the routes the app has, every example in it matches its own schema, and the docs page is
 * served from this origin under the app's CSP.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { answerProblems } from "../../tests/support/answer-check";
import { OPERATIONS } from "./operations";

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await startHarness();
  const res = await h.app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  doc = await res.json();
});
afterAll(() => h.stop());

/** `/api/auth/x/{id}` as Hono writes it: `/api/auth/x/:id`. */
const honoPath = (template: string) => template.replace(/\{([^}]+)\}/g, ":$1");
/** The routes outside /api/auth that serve the description itself. */
const DOCUMENTATION_ROUTES = ["GET /api/openapi.json", "GET /api/docs", "GET /api/docs/:file{init\\.js|swagger-ui-bundle\\.js|swagger-ui\\.css}"];

describe("the document", () => {
  test("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toStartWith("3.1");
  });

  test("a broken document is refused by the same validator (the check can fail)", async () => {
    const broken = structuredClone(doc);
    broken.paths["/api/auth/loginPatient"].post.responses = "none";
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test("every route of the app under /api is described, and every description is a route", () => {
    const routes = new Set(
      h.app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
    );
    const described = new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${honoPath(op.path)}`));
    const undescribed = [...routes].filter((r) => !described.has(r) && !DOCUMENTATION_ROUTES.includes(r));
    const missing = [...described].filter((d) => !routes.has(d));
    expect(undescribed).toEqual([]);
    expect(missing).toEqual([]);
    // The document holds exactly the described operations.
    const inDocument = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${honoPath(path)}`));
    expect(inDocument.sort()).toEqual([...described].sort());
  });

  test("every path of the README's API table is in the document", async () => {
    const readme = await Bun.file(new URL("../../README.md", import.meta.url)).text();
    const rows = [...readme.matchAll(/^\| (GET|POST|PUT|PATCH) (\/[^ |]+) \|/gm)].map(([, m, p]) => `${m!.toLowerCase()} /api/auth${p}`);
    expect(rows.length).toBeGreaterThanOrEqual(23);
    for (const row of rows) {
      const [method, path] = row.split(" ") as [string, string];
      expect(doc.paths[path]?.[method], row).toBeDefined();
    }
  });

  test("protected operations require the bearer token; every error is the { message } shape", () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const op of OPERATIONS) {
      const described = doc.paths[op.path][op.method];
      const security = op.who !== "anyone" ? [{ bearer: [] }] : op.optionalBearer ? [{}, { bearer: [] }] : [];
      expect(described.security ?? [], `${op.method} ${op.path}`).toEqual(security);
      for (const [status, answer] of Object.entries<any>(described.responses)) {
        if (Number(status) >= 400) expect(answer.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Message" });
      }
    }
  });

  test("every example matches its own schema", () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat("binary", true);
    ajv.addSchema(doc, "doc");
    let checked = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const media = [
          ...Object.entries<any>(op.requestBody?.content ?? {}).map(([type, m]) => ["requestBody", "content", type, m] as const),
          ...Object.entries<any>(op.responses).flatMap(([status, r]) =>
            Object.entries<any>(r.content ?? {}).map(([type, m]) => ["responses", status, "content", type, m] as const),
          ),
        ];
        for (const entry of media) {
          const m = entry[entry.length - 1] as { example?: unknown };
          const parts = entry.slice(0, -1) as string[];
          expect(m.example, `${method} ${path} ${parts.join(" ")} has an example`).toBeDefined();
          const pointer = ["paths", path, method, ...parts, "schema"].map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
          const validate = ajv.getSchema(`doc#/${pointer}`)!;
          expect(validate(m.example), `${method} ${path} ${parts.join(" ")}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Compiling a schema per example: seconds on a loaded 2-core machine, past bun's 5 s default.
  }, 30_000);
});

/** SERVER-RULES §2: what the original web client reads, per answer (path.to.field, `[]` for each element). */
const CLIENT_READS: [string, string, string, string[]][] = [
  ["post", "/api/auth/signupPatient", "201", ["token", "role", "name"]],
  ["post", "/api/auth/loginPatient", "200", ["token", "role", "name"]],
  ...(["/api/auth/signupDoctor:201", "/api/auth/loginDoctor:200"].map((k) => {
    const [path, status] = k.split(":") as [string, string];
    return ["post", path, status, ["message", "token", ...["_id", "name", "email", "specialization", "collegeName", "status"].map((f) => `doctor.${f}`)]] as [string, string, string, string[]];
  })),
  ["post", "/api/auth/loginAdmin", "200", ["token", "admin._id", "admin.name", "admin.email"]],
  ...["/api/auth/doctor-dashboard/appointments", "/api/auth/doctor-dashboard/doctor-meetings", "/api/auth/patient-dashboard/patient-meetings"].map(
    (path) =>
      ["get", path, "200", ["message", ...["_id", "status", "reason", "scheduledAt", "meetLink", "patient._id", "patient.name", "patient.email", "doctor._id", "doctor.name", "doctor.specialization"].map((f) => `appointments[].${f}`)]] as [string, string, string, string[]],
  ),
  ["get", "/api/auth/patient-dashboard/patient-meetings", "200", ["appointments[].hasFeedback"]],
  ["get", "/api/auth/doctor-dashboard/patient-feedbacks", "200", ["feedbacks[]._id", "feedbacks[].appointment._id", "feedbacks[].appointment.scheduledAt", "feedbacks[].appointment.status", "feedbacks[].message", "feedbacks[].createdAt"]],
  ["get", "/api/auth/patient-dashboard/doctors", "200", ["[]._id", "[].name", "[].specialization", "[].collegeName", "[].profileImage"]],
  ["get", "/api/auth/admin-dashboard/doctors", "200", ["[]._id", "[].name", "[].email", "[].specialization", "[].collegeName", "[].status"]],
  ["get", "/api/auth/patient-profile", "200", ["patient._id", "patient.name", "patient.email", "patient.profileImage"]],
  ["put", "/api/auth/patient-profile", "200", ["message", "patient._id", "patient.name"]],
  ["get", "/api/auth/doctor-profile", "200", ["doctor._id", "doctor.name", "doctor.specialization", "doctor.collegeName"]],
  ["put", "/api/auth/doctor-profile", "200", ["message", "doctor._id", "doctor.name"]],
  ["post", "/api/auth/patient-dashboard/bookAppointment", "201", ["message", "appointment._id"]],
  ["post", "/api/auth/doctor-dashboard/scheduleAppointments", "200", ["message", "meetLink"]],
  ["post", "/api/auth/patient-dashboard/cancelAppointment", "200", ["message"]],
  ["post", "/api/auth/doctor-dashboard/cancelAppointment", "200", ["message"]],
  ["post", "/api/auth/patient-dashboard/giveFeedback", "201", ["message"]],
  ["patch", "/api/auth/admin-dashboard/doctor-status/{id}", "200", ["message", "doctor._id", "doctor.status"]],
];

describe("what the original web client reads", () => {
  /** The schema itself, following a `$ref` into components. */
  const resolve = (schema: any): any => (schema?.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()]) : schema);
  /** Whether `field` (a.b, a[].b) is required all the way down in `schema`. */
  function requiredIn(schema: any, field: string): boolean {
    const [head, ...rest] = field.split(".");
    let s = resolve(schema);
    let name = head!;
    if (name.startsWith("[]")) {
      if (s.type !== "array") return false;
      s = resolve(s.items);
      name = name.slice(2);
    }
    if (name === "") return rest.length === 0 || requiredIn(s, rest.join("."));
    let isArray = false;
    if (name.endsWith("[]")) [name, isArray] = [name.slice(0, -2), true];
    if (!s.required?.includes(name)) return false;
    let next = resolve(s.properties[name]);
    if (isArray) {
      if (next.type !== "array") return false;
      next = next.items;
    }
    return rest.length === 0 || requiredIn(next, rest.join("."));
  }

  /**
   * A login answers the session, or with two-factor sign-in on (issue 44) a challenge: an account
   * the original client can sign in to has it off, so its reads are the session's.
   */
  const withoutChallenge = (schema: any): any => {
    const branches = resolve(schema).anyOf ?? resolve(schema).oneOf;
    return branches ? branches.find((b: any) => b.$ref !== "#/components/schemas/TwoFactorChallenge") : schema;
  };

  test.each(CLIENT_READS)("%s %s %s: every field is documented as always present", (method, path, status, fields) => {
    const schema = withoutChallenge(doc.paths[path][method].responses[status].content["application/json"].schema);
    expect(fields.filter((f) => !requiredIn(schema, f))).toEqual([]);
  });

  test("a field that is not there is reported (the check can fail)", () => {
    const schema = withoutChallenge(doc.paths["/api/auth/loginAdmin"].post.responses["200"].content["application/json"].schema);
    expect(requiredIn(schema, "admin.password")).toBe(false);
    expect(requiredIn(schema, "admin.email")).toBe(true);
  });
});

describe("the drift check", () => {
  test("refuses an answer with a field the document does not have, a missing field, or an undocumented status", () => {
    const ok = JSON.stringify({ token: "t", role: "patient", name: "Pat" });
    const json = "application/json";
    expect(answerProblems("POST", "/api/auth/loginPatient", 200, ok, json)).toEqual([]);
    expect(answerProblems("POST", "/api/auth/loginPatient", 200, JSON.stringify({ token: "t", role: "patient", name: "Pat", passwordHash: "x" }), json)).not.toEqual([]);
    expect(answerProblems("POST", "/api/auth/loginPatient", 200, JSON.stringify({ token: "t", role: "patient" }), json)).not.toEqual([]);
    expect(answerProblems("POST", "/api/auth/loginPatient", 418, JSON.stringify({ message: "teapot" }), json)).not.toEqual([]);
    expect(answerProblems("POST", "/api/auth/loginPatient", 401, JSON.stringify({ error: "no" }), json)).not.toEqual([]);
    expect(answerProblems("GET", "/api/auth/nothing-here", 200, "{}", json)).not.toEqual([]);
    expect(answerProblems("GET", "/api/auth/nothing-here", 404, "{\"message\":1}", json)).not.toEqual([]);
    expect(answerProblems("GET", "/api/auth/nothing-here", 404, JSON.stringify({ message: "Not found" }), json)).toEqual([]);
  });
});

describe("the docs page", () => {
  test("/api/docs loads Swagger UI from this origin only, and works under the default CSP", async () => {
    const res = await h.app.request("/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    for (const source of sources) expect(source).toStartWith("/");
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    for (const source of sources.filter((s) => s.startsWith("/api/docs/"))) {
      const asset = await h.app.request(source, { headers: { "accept-encoding": "br" } });
      expect(asset.status, source).toBe(200);
      expect(asset.headers.get("content-encoding"), source).toBe("br");
      expect(asset.headers.get("cache-control"), source).toBe("public, no-cache");
      const again = await h.app.request(source, { headers: { "if-none-match": asset.headers.get("etag")! } });
      expect(again.status, source).toBe(304);
    }
  });

  test("no other page loads the renderer", async () => {
    for (const page of ["/", "/about", "/loginPatient"]) {
      const html = await (await h.app.request(page)).text();
      expect(html, page).not.toContain("swagger");
    }
  });
});
