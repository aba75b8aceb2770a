/**
 * Builds the Hono app: middleware, the /api/auth contract, uploads, pages, errors. No I/O on
 * import: index.ts (or a test) passes in everything the app needs.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { notFoundResponse } from "./components/NotFound";
import { serverErrorResponse, withReference } from "./components/ServerError";
import type { Deps } from "./config/deps";
import { observeRequests } from "./middleware/observe";
import { setSupportContact } from "./components/Shell";
import { securityHeaders } from "./middleware/security";
import { cookieSession } from "./middleware/session";
import { compressAnswers } from "./http/compress";
import { ApiError, Refusal, refusalAnswer } from "./http/errors";
import { uploadCors } from "./http/upload-cors";
import { uploadGate } from "./http/upload-gate";
import { documentTooLargeMessage } from "./domain/documents";
import { withoutBody } from "./http/bodyless";
import { openapiRoutes } from "./openapi/serve";
import { adminApi } from "./routes/api/admin";
import { authApi } from "./routes/api/auth";
import { accountSecurityApi } from "./routes/api/account-security";
import { twoFactorApi } from "./routes/api/two-factor";
import { accountDataApi } from "./routes/api/account-data";
import { accountSettingsApi } from "./routes/api/account-settings";
import { calendarApi } from "./routes/api/calendar";
import { observeRoutes } from "./routes/observe";
import { doctorApi } from "./routes/api/doctor";
import { patientApi } from "./routes/api/patient";
import { profileApi } from "./routes/api/profile";
import { phoneApi } from "./routes/api/phone";
import { hookRoutes } from "./routes/hooks";
import { publicDirectoryApi } from "./routes/api/public-directory";
import { pageRoutes, prerenderedPages } from "./routes/pages";
import { unsubscribeRoutes } from "./routes/pages/mail";
import { sendStatic, staticRoutes } from "./routes/static";
import { uploadRoutes } from "./routes/uploads";
import { sealingKey, withSealKey } from "./http/sealed";
import { withDefaultZone } from "./middleware/page-guard";

/** Every request body is small but the profile forms', which carry a picture (limited where they are handled). */
export const BODY_LIMIT = 64 * 1024;

const isApi = (c: Context) => c.req.path === "/api" || c.req.path.startsWith("/api/");
/** The two profile forms, which carry a picture: through the API, and posted by the pages. */
const isProfileUpload = (c: Context) =>
  (c.req.method === "PUT" && /^\/api\/auth\/(patient|doctor)-profile$/.test(c.req.path)) ||
  (c.req.method === "POST" && /^\/(patient-dashboard\/patient|doctor-dashboard\/doctor)-profile$/.test(c.req.path));

/** Issue 56: a patient's report, posted to the API or from the appointments page (a larger limit of its own). */
const isDocumentUpload = (c: Context) =>
  c.req.method === "POST" &&
  (/^\/api\/auth\/patient-dashboard\/appointments\/[^/]+\/documents$/.test(c.req.path) || c.req.path === "/patient-dashboard/patient-meetings/documents");

export function createApp(deps: Deps) {
  const app = new Hono();
  // The footer's support contact comes from the settings (SUPPORT_EMAIL, SUPPORT_PHONE).
  setSupportContact(deps.config.support);

  // Every request is logged and counted (and gets its id) first; the probes answer before anything else.
  app.use("*", observeRequests(deps)).route("/", observeRoutes(deps));
  // Bun gives a GET no body stream even when it declares one: one declaring a large body is refused first.
  app.use("*", withoutBody(BODY_LIMIT));
  // Pages the same for everyone (per theme) come first, from memory, with complete headers.
  app.route("/", prerenderedPages(deps));
  app.use("/uploads/*", uploadCors(deps.config.corsOrigins));
  app.use("*", securityHeaders(deps));
  app.use("*", withSealKey(sealingKey(deps.keys.secret)));
  app.use("*", withDefaultZone(deps.config.defaultTimeZone));
  app.use("*", compressAnswers);

  if (deps.config.corsOrigins.length > 0) {
    app.use(
      "/api/*",
      cors({
        origin: deps.config.corsOrigins,
        allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        allowHeaders: ["Authorization", "Content-Type"],
        maxAge: 600,
      }),
    );
  }

  const smallBodies = bodyLimit({
    maxSize: BODY_LIMIT,
    onError: (c) => {
      if (isApi(c)) throw new ApiError(413, "Request body is too large");
      return c.text("Request body is too large", 413);
    },
  });
  const uploads = uploadGate(deps);
  const documentUploads = uploadGate(deps, { maxBytes: deps.config.maxDocumentBytes, tooLarge: documentTooLargeMessage });
  // A request without a body (most GETs) passes on without the limit's own frame.
  app.use("*", (c, next) =>
    c.req.raw.body === null ? next() : isProfileUpload(c) ? uploads(c, next) : isDocumentUpload(c) ? documentUploads(c, next) : smallBodies(c, next),
  );
  // The API's description and its docs page: the same for everyone, so before the no-store rule.
  app.route("/api", openapiRoutes());
  app.use("/api/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });

  for (const api of [authApi, accountSecurityApi, twoFactorApi, accountDataApi, accountSettingsApi, patientApi, doctorApi, adminApi, profileApi, publicDirectoryApi, phoneApi]) app.route("/api/auth", api(deps));
  app.route("/api/auth", calendarApi(deps));
  app.route("/uploads", uploadRoutes(deps));
  app.route("/static", staticRoutes());
  app.get("/favicon.svg", (c) => sendStatic(c, "favicon.svg"));
  // Issue 55: the providers' delivery reports, signed by them, posted from nowhere: ahead of the same-site check too.
  app.route("/", hookRoutes(deps));
  // One-click unsubscribe (RFC 8058): posted by mail clients from no page, so ahead of the pages' same-site check.
  app.route("/", unsubscribeRoutes(deps));
  app.route("/", pageRoutes(deps));

  // A signed-in person's 404 offers their dashboard: no page guard ran, so the cookie is read here.
  app.notFound(async (c) => (isApi(c) ? c.json({ message: "Not found" }, 404) : notFoundResponse(c, (c.get("user") ?? (await cookieSession(c, deps)))?.role)));

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.res) return error.getResponse();
    if (error instanceof ApiError) return c.json({ message: error.message }, error.status, error.headers);
    if (error instanceof Refusal) {
      const { status, headers } = refusalAnswer(error);
      // Forms show their refusals in the page; one that gets here (a feed, a file) answers as the API does.
      return c.json({ message: error.message }, status, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return isApi(c) ? c.json({ message: error.message || "Bad request" }, error.status) : c.text(error.message, error.status);
    }
    // The request's log line carries the error and its stack (middleware/observe.ts); the person gets its reference.
    const reference = c.get("requestId");
    return isApi(c) ? c.json({ message: withReference(reference) }, 500) : serverErrorResponse(c, reference);
  });

  return app;
}
