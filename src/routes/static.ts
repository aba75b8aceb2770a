/**
 * /static/{path}: the files in static/ (CSS, icons, the island bundles in static/build/), read
 * through src/config/assets.ts so the same route serves the source tree and the compiled binary.
 * A name with a content hash (`client-3f9a2b7c.js`) never changes, so it is cached for a year;
 * any other file is revalidated by an ETag of its content. A precompressed copy beside a file
 * (`x.js.br`, `x.js.gz`) is sent instead when the browser accepts it. Anything else is 404.
 */
import { Hono, type Context } from "hono";
import { STATIC_DIR, staticFile } from "../config/assets";

/** `name-<8+ letters or digits>.ext`: how the bundler names hashed output. */
const HASHED = /-[A-Za-z0-9]{8,}\.[A-Za-z0-9]+$/;

/** Precompressed copies, best first: [file suffix, Content-Encoding]. */
const ENCODINGS = [
  [".br", "br"],
  [".gz", "gzip"],
] as const;

const etags = new Map<string, string>();

/** A strong ETag of the file's bytes, remembered per path, size and modification time. */
async function etagOf(path: string): Promise<string> {
  const file = Bun.file(path);
  const key = `${path}\0${file.size}\0${file.lastModified}`;
  let tag = etags.get(key);
  if (tag === undefined) {
    tag = `"${Bun.hash(await file.arrayBuffer()).toString(36)}"`;
    etags.set(key, tag);
  }
  return tag;
}

/** Which encodings the request's Accept-Encoding allows (ignoring q-values but `q=0`). */
function accepted(header: string | undefined): Set<string> {
  const names = (header ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(";")[0]!);
  return new Set(names);
}

/**
 * Answers with the file at `relative` below `dir` (static/ unless a test gives its own), or the
 * app's 404 when there is none. For a route of its own, e.g. `/favicon.svg`.
 */
export async function sendStatic(c: Context, relative: string, dir = STATIC_DIR): Promise<Response> {
  const path = staticFile(relative, dir);
  if (path === undefined) return c.notFound();

  const headers: Record<string, string> = {
    "Content-Type": Bun.file(path).type,
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept-Encoding",
  };
  if (HASHED.test(relative)) {
    headers["Cache-Control"] = "public, max-age=31536000, immutable";
  } else {
    const etag = await etagOf(path);
    headers["Cache-Control"] = "public, no-cache";
    headers.ETag = etag;
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  }

  let body = path;
  const allowed = accepted(c.req.header("Accept-Encoding"));
  for (const [suffix, encoding] of ENCODINGS) {
    const compressed = allowed.has(encoding) ? staticFile(relative + suffix, dir) : undefined;
    if (compressed !== undefined) {
      body = compressed;
      headers["Content-Encoding"] = encoding;
      break;
    }
  }
  // A Bun.file body: Bun sets Content-Length and sends it without copying it through JS.
  return new Response(Bun.file(body), { status: 200, headers });
}

/** `/static/{path}`, mounted with `app.route("/static", staticRoutes())`. */
export function staticRoutes(dir = STATIC_DIR) {
  return new Hono().get("/:path{.+}", (c) => sendStatic(c, c.req.param("path"), dir));
}
