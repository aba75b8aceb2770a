/**
 * GET /api/openapi.json (the generated document) and GET /api/docs (Swagger UI, from the
 * swagger-ui-dist package, served from this origin: no CDN). The renderer's script and style are
 * loaded by that page only, so no other page's weight changes. Everything is prepared once, on
 * first request, with compressed copies and an ETag (src/http/cached.ts).
 */
import { Hono, type Context } from "hono";
import bundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import cssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import pkg from "../../package.json" with { type: "json" };
import { prepare, sendCached, type CachedBody } from "../http/cached";
import { buildDocument } from "./document";

/** Swagger UI's start-up, as a file of our own: the CSP allows no inline script. */
const INIT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#docs",
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Carebook API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The description itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

type Source = { type: string; text: () => Promise<string> };

const SOURCES: Record<string, Source> = {
  "openapi.json": { type: "application/json", text: async () => JSON.stringify(buildDocument(pkg.version)) },
  docs: { type: "text/html; charset=UTF-8", text: async () => PAGE },
  "docs/init.js": { type: "text/javascript; charset=UTF-8", text: async () => INIT },
  "docs/swagger-ui-bundle.js": { type: "text/javascript; charset=UTF-8", text: () => Bun.file(bundlePath).text() },
  "docs/swagger-ui.css": { type: "text/css; charset=UTF-8", text: () => Bun.file(cssPath).text() },
};

/** Mounted at /api, before the `/api/*` no-store rule: these answers are the same for everyone. */
export function openapiRoutes() {
  const api = new Hono();
  const prepared = new Map<string, Promise<CachedBody>>();
  const send = async (c: Context, name: string) => {
    let body = prepared.get(name);
    if (body === undefined) {
      const source = SOURCES[name]!;
      body = source.text().then((text) => prepare(text, { "Content-Type": source.type }, "public, no-cache"));
      prepared.set(name, body);
      body.catch(() => prepared.delete(name));
    }
    return sendCached(c, await body);
  };
  api.get("/openapi.json", (c) => send(c, "openapi.json"));
  api.get("/docs", (c) => send(c, "docs"));
  api.get("/docs/:file{init\\.js|swagger-ui-bundle\\.js|swagger-ui\\.css}", (c) => send(c, `docs/${c.req.param("file")}`));
  return api;
}
