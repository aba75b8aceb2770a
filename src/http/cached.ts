/**
 * Answers that are the same for many requests, prepared once: the body, its brotli and gzip
 * copies and an ETag. Sent by Accept-Encoding, with 304 for a matching If-None-Match.
 */
import type { Context } from "hono";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";
import { keptAtVersion, setBounded, type Versioned } from "../domain/bounded";
import { hasNotice } from "./forms";

type Encoding = "br" | "gzip" | "identity";
/**
 * An encoding's answer, built once and sent as clones: a clone shares the body's bytes, where
 * `new Response(bytes)` copies them every time (a 59 KB page: 12 µs against 0.6 µs, and the
 * copy's garbage on top).
 */
type Variant = { response: Response; bytes: number };

export type CachedBody = {
  etag: string;
  /** An encoding's bytes with the complete headers to send them with, compressed at its first use. */
  variant: (encoding: Encoding) => Variant;
  notModified: [string, string][];
};

/**
 * Prepares `body` (with its own headers, e.g. Content-Type and a page's CSP) for repeated sending.
 * Each compressed copy is made when a client first asks for it: most answers are only ever
 * asked for in one encoding (browsers all send br). `finest`: for a large answer sent to many
 * and rebuilt rarely (the doctor directory), the brotli copy is then made again at quality 11
 * off the event loop (about a second for 2,000 doctors, a fifth fewer bytes) and replaces the
 * quick one when ready.
 */
export function prepare(body: string, headers: Record<string, string>, cacheControl: string, options: { finest?: boolean } = {}): CachedBody {
  const identity = new TextEncoder().encode(body);
  const etag = `"${Bun.hash(identity).toString(36)}"`;
  const common: [string, string][] = [
    ...Object.entries(headers),
    ["ETag", etag],
    ["Vary", "Accept-Encoding"],
    ["Cache-Control", cacheControl],
  ];
  // Content-Length said outright: the request log reads the bytes sent from it (src/middleware/observe.ts).
  const answer = (bytes: Uint8Array<ArrayBuffer>, headers: [string, string][]): Variant => ({
    response: new Response(bytes, { status: 200, headers: [...headers, ["Content-Length", String(bytes.length)]] }),
    bytes: bytes.length,
  });
  const made: Partial<Record<Encoding, Variant>> = { identity: answer(identity, common) };
  const compressed = (encoding: "br" | "gzip"): Variant =>
    answer(
      new Uint8Array(
        encoding === "br"
          ? // Quality 5: most of the gain of 11 at a small part of its cost, since answers are rebuilt on change.
            brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(identity, { level: 6 }),
      ),
      [...common, ["Content-Encoding", encoding]],
    );
  const refine = (quick: Variant) =>
    brotliCompress(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }, (error, finest) => {
      if (error === null && made.br === quick && finest.length < quick.bytes) {
        made.br = answer(new Uint8Array(finest), [...common, ["Content-Encoding", "br"]]);
      }
    });
  return {
    etag,
    variant: (encoding) => {
      const hit = made[encoding];
      if (hit !== undefined) return hit;
      const quick = (made[encoding] = compressed(encoding as "br" | "gzip"));
      if (encoding === "br" && options.finest === true) refine(quick);
      return quick;
    },
    notModified: common.filter(([name]) => name !== "Content-Type"),
  };
}

/** Sends a prepared body in the best encoding the client accepts (304 when the ETag matches). */
export function sendCached(c: Context, cached: CachedBody): Response {
  if (c.req.header("if-none-match") === cached.etag) return new Response(null, { status: 304, headers: cached.notModified });
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding: Encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
  return cached.variant(encoding).response.clone();
}

/**
 * A rendered page, prepared: its Content-Type, its Vary (a page varies on Save-Data), the headers
 * `headersOf` gives from it (e.g. its CSP), and `cacheControl`.
 */
async function preparedPage(rendered: Response, headersOf: (rendered: Response) => [string, string][], cacheControl: string): Promise<CachedBody> {
  const vary = rendered.headers.get("Vary");
  const headers = [
    ["Content-Type", rendered.headers.get("Content-Type") ?? "text/html; charset=UTF-8"],
    ...(vary === null ? [] : [["Vary", vary]]),
    ...headersOf(rendered),
  ];
  return prepare(await rendered.text(), Object.fromEntries(headers), cacheControl);
}

/**
 * A page rendered for this request whose HTML is the same for everyone who asks alike (the public
 * directory: its free times move with the clock, so it is not kept): sent with an ETag of its
 * body, 304 when the browser has it already, compressed by what the client accepts.
 */
export async function sendWithEtag(c: Context, rendered: Response, headersOf: (rendered: Response) => [string, string][], cacheControl: string): Promise<Response> {
  if (rendered.status !== 200) return rendered;
  return sendCached(c, await preparedPage(rendered, headersOf, cacheControl));
}

/**
 * Wraps a page whose HTML depends only on `keyOf` (the theme, for public and auth pages): it is
 * rendered once per key, then every request is answered from memory. `headersOf` gives the rest
 * of the headers the answer needs, from the first rendering (e.g. the page's own CSP), and
 * `finish` can add per-request ones (HSTS over HTTPS).
 */
export function renderedOnce(
  render: (c: Context) => Promise<Response>,
  options: {
    keyOf: (c: Context) => string;
    headersOf: (rendered: Response) => [string, string][];
    finish: (c: Context, headers: Headers) => void;
    /** For a page that shows data (the home page's doctors): the version of that data; one page is kept per key at its latest version. */
    versionOf?: () => Promise<number>;
  },
) {
  const pages = new Map<string, Promise<CachedBody>>();
  const versions = new Map<string, number>();
  return async (c: Context): Promise<Response> => {
    const base = options.keyOf(c);
    let key = base;
    if (options.versionOf) {
      const version = await options.versionOf();
      key = `${base}\u0000${version}`;
      const kept = versions.get(base);
      if (kept !== undefined && kept < version) pages.delete(`${base}\u0000${kept}`);
      if (kept === undefined || kept < version) versions.set(base, version);
    }
    let page = pages.get(key);
    if (page === undefined) {
      // The HTML changes only with a new release; let the browser revalidate by ETag.
      page = render(c).then((res) => preparedPage(res, options.headersOf, "no-cache"));
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    const answer = sendCached(c, await page);
    options.finish(c, answer.headers);
    return answer;
  };
}

/** What a kept answer is made of: its JSON, and until when it holds even if nothing is written (ms). */
export type KeptJson = { json: string; until: number };

/**
 * Answers prepared once per key and version and sent from memory while both hold (issue 12): a
 * signed-in account's list, whose account carries a lists version that moves with every change
 * the list shows (src/db/queries/account-lists.ts), and whose statuses move with the clock at a
 * time known when it is made (`until`: a confirmed meeting's end). Private data: sent with
 * `Cache-Control: no-store`, so no browser keeps it. At most `max` kept, oldest out.
 */
export function keptAnswers(max = 1024) {
  const kept = new Map<string, Versioned<{ body: CachedBody; until: number }>>();
  return async (c: Context, key: string, version: number, now: Date, make: () => Promise<KeptJson>): Promise<Response> => {
    const made = await keptAtVersion(
      kept,
      max,
      key,
      version,
      async () => {
        const { json, until } = await make();
        return { body: prepare(json, { "Content-Type": "application/json" }, "no-store"), until };
      },
      ({ until }) => now.getTime() < until,
    );
    return sendCached(c, made.body);
  };
}

declare module "hono" {
  interface ContextVariableMap {
    /** Until when (ms) the page being rendered shows what it shows, if the clock changes it. */
    pageHoldsUntil: number | undefined;
  }
}

/** Says, while rendering a page, that its HTML changes by itself at `until` (ms): e.g. a meeting becomes completed. */
export function holdsUntil(c: Context, until: number): void {
  c.set("pageHoldsUntil", Math.min(c.get("pageHoldsUntil") ?? Infinity, until));
}

/** Which signed-in page a request asks for, and what its HTML shows. */
export type PageKey = {
  /** The page and whose: its path with what selects it (a page number, a query), and the account's id. */
  key: string;
  /**
   * Everything else the HTML is made of, as this request read it: the lists or directory
   * version (which triggers raise with every change the page shows), the time zone, the theme.
   */
  state: string;
  now: Date;
  /** This request carries something to be shown once besides a form's notice (e.g. a new calendar link). */
  once?: boolean;
};

type KeptPage = { state: string; until: number; body: CachedBody };
/** Pages kept per app (its database), oldest out beyond this many. */
const MAX_PAGES = 512;
const keptPagesBy = new WeakMap<object, Map<string, KeptPage>>();
/**
 * What a kept page's answer may carry: any other header (a cookie, its own caching rule) makes it
 * one request's. Its Content-Length (renderPage says it) is the prepared copy's own again.
 */
const KEPT_HEADERS = new Set(["content-type", "content-security-policy", "vary", "content-length"]);

/**
 * A signed-in page sent whole from memory while its state holds (issue 12): the same key, the
 * same state, and the clock before the time `render` gave with holdsUntil. Otherwise it is
 * rendered, and kept when it is a plain 200 page. A request with a notice or anything else shown
 * once is rendered and nothing is kept. Private: `Cache-Control: private, no-store`. `headersOf`
 * gives the rest of the headers to keep with it, from the rendering (e.g. the page's CSP).
 * `app` scopes what is kept to one app (its database): tests run many in one process.
 */
export async function keptPage(
  c: Context,
  app: object,
  page: PageKey,
  render: () => Promise<Response>,
  headersOf: (rendered: Response) => [string, string][] = () => [],
): Promise<Response> {
  if (page.once === true || hasNotice(c)) return render();
  let kept = keptPagesBy.get(app);
  if (kept === undefined) keptPagesBy.set(app, (kept = new Map()));
  const hit = kept.get(page.key);
  if (hit !== undefined && hit.state === page.state && page.now.getTime() < hit.until) return sendCached(c, hit.body);
  c.set("pageHoldsUntil", undefined);
  const res = await render();
  if (res.status !== 200) return res;
  for (const name of res.headers.keys()) if (!KEPT_HEADERS.has(name)) return res;
  const body = await preparedPage(res, headersOf, "private, no-store");
  setBounded(kept, MAX_PAGES, page.key, { state: page.state, until: c.get("pageHoldsUntil") ?? Infinity, body });
  return sendCached(c, body);
}
