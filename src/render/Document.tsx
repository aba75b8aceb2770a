/**
 * Every page's document: head, theme painted from the cookie before first paint, the body with
 * its islands, and the islands' loader (none for a page without islands, none with Save-Data).
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { IslandsContext, needsLoader, passiveIslands, type PageIslands } from "./islands";
import { clientManifest, islandLoader } from "./client-assets";
import type { Role } from "../domain/fields";
import { contentSecurityPolicy, scriptHash } from "../middleware/security";
import { stylesheetFor } from "./inline-css";
import { keptIn } from "../domain/bounded";
import { escapeHtml, flat } from "./html";
import { NOTICE_ID } from "../domain/notice";
import { LangContext } from "./lang";
import { tOf } from "../i18n/request";
import type { T } from "../i18n/catalog";

export type PageOptions = {
  title: string;
  description?: string;
  /** The spec's browser guard for this page: a role, or "doctor:approved". */
  guard?: Role | "doctor:approved";
  status?: 200 | 400 | 404 | 500;
  /** The page's canonical address (a public page search engines may list, issue 41): its path, or an absolute URL. */
  canonical?: string;
  /**
   * The id of an element the first paint waits for (`<link rel="expect" blocking="render">`), or
   * for the end of the page when it has none: on a slow CPU Chromium paints a long page in parts
   * as its parser yields, and a page whose largest content comes late in its HTML painted it in a
   * second frame (the meetings pages, docs/performance.md issue 29). Not for content that comes
   * after a long list: the first paint would wait for all of it.
   */
  firstPaintAfter?: string;
};

/** A theme the person chose, or "system": the device's own preference (prefers-color-scheme) until they choose. */
export type PageTheme = "light" | "dark" | "system";

/** The viewer's theme as the server paints it: the cookie the client mirrors from localStorage. */
export function themeOf(c: Context): PageTheme {
  // Read on every public page: a plain test of the header, not a parse of every cookie.
  const chosen = /(?:^|;\s*)theme=(dark|light)(?:;|$)/.exec(c.req.header("cookie") ?? "")?.[1];
  return chosen === "dark" || chosen === "light" ? chosen : "system";
}

/**
 * Who the page was rendered for (role, account id, and a doctor's status), so that the client can
 * give its islands that session's token when the browser's storage lacks it: a session begun
 * without script keeps working once script runs (docs/decisions.md).
 */
function sessionMarker(c: Context): string | undefined {
  const user = c.get("user");
  if (user === undefined) return undefined;
  const status = user.role === "doctor" ? `:${user.account.status}` : "";
  return `${user.role}:${user.account.id}${status}`;
}

/**
 * Whether the request asks for less data: `Save-Data: on` (Chrome's Lite mode, data savers). Such
 * a visitor gets every page without any script (no loader, no islands' props): the forms do
 * everything, as they do without JavaScript. Every page's answer says it varies on this header.
 */
export function savesData(c: Context): boolean {
  const value = c.req.header("save-data");
  return value !== undefined && /^\s*on\s*$/i.test(value);
}

/**
 * A page's `<head>` contents, kept per title and description: the same few strings on every
 * request. Written as text, not JSX: Hono's JSX hoists `<title>`, `<meta>` and `<link>` into the
 * head by searching the whole rendered document once per tag, which was a sixth of a signed-in
 * page's CPU (docs/performance.md, issue 12). A bounded number of heads is kept (titles such as
 * "Book with Dr. …" vary per doctor); beyond it, oldest out. No script is ever in the head: the
 * islands' loader ends the body (below).
 */
const heads = new Map<string, string>();
const MAX_HEADS = 512;

function headOf(options: PageOptions, t: T): string {
  const description = options.description ?? t("meta.description");
  const key = `${options.title}\u0000${description}\u0000${options.firstPaintAfter ?? ""}\u0000${options.canonical ?? ""}`;
  return keptIn(heads, MAX_HEADS, key, () => flat(writeHead(options, description)));
}

function writeHead(options: PageOptions, description: string): string {
  const manifest = clientManifest();
  return (
    '<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    `<title>${escapeHtml(`${options.title} | Carebook`)}</title>` +
    `<meta name="description" content="${escapeHtml(description)}"/>` +
    (options.canonical === undefined ? "" : `<link rel="canonical" href="${escapeHtml(options.canonical)}"/>`) +
    '<meta name="color-scheme" content="light dark"/>' +
    (options.firstPaintAfter === undefined ? "" : `<link rel="expect" href="#${escapeHtml(options.firstPaintAfter)}" blocking="render"/>`) +
    `<link rel="icon" href="${escapeHtml(manifest.favicon ?? "/favicon.svg")}" type="image/svg+xml"/>`
  );
}

/** The loader's `<script>` and its hash, per set of passive islands (one or two sets in all). */
const loaders = new Map<string, { tag: string; hash: string }>();

function loaderFor(islands: PageIslands): { tag: string; hash: string } {
  const passive = passiveIslands(islands);
  return keptIn(loaders, 16, passive.join(","), () => {
    const source = islandLoader(clientManifest().client.file, passive);
    return { tag: `<script>${source}</script>`, hash: scriptHash(source) };
  });
}

/**
 * A page that shows the result of a post (`id="notice"`, src/domain/notice.ts) moves focus to it
 * as it loads, so that a screen reader reads it and the keyboard goes on from there (issue 39).
 * It runs before the loader adds its listeners: this focus does not wake an island.
 */
const NOTICE_MARK = ` id="${NOTICE_ID}"`;
const FOCUS_SOURCE = `document.getElementById(${JSON.stringify(NOTICE_ID)}).focus()`;
const FOCUS_NOTICE = { tag: `<script>${FOCUS_SOURCE}</script>`, hash: scriptHash(FOCUS_SOURCE) };

const ZONE_RENDERED = " data-zone-rendered=";

/**
 * Issue 52: a "Copy" button (`data-copy`: the id of what it copies, `data-done`: its word once
 * done) is drawn hidden and shown by this script, so a page without script shows none and its
 * text stays plain, selectable text. Each `<code>` of the target is a line.
 */
const COPY_MARK = " data-copy=";
const COPY_SOURCE =
  'document.querySelectorAll("[data-copy]").forEach(b=>{b.hidden=!navigator.clipboard;b.onclick=()=>navigator.clipboard.writeText([...document.getElementById(b.dataset.copy).querySelectorAll("code")].map(c=>c.textContent).join("\\n")).then(()=>{b.textContent=b.dataset.done})})';
const COPY_BUTTONS = { tag: `<script>${COPY_SOURCE}</script>`, hash: scriptHash(COPY_SOURCE) };

/** The CSP that allows exactly the page's scripts (if any) and its stylesheet, per set of hashes. */
const policies = new Map<string, string>();

function policyFor(scriptHashes: string[], styleHash: string): string {
  return keptIn(policies, 256, `${scriptHashes.join(" ")} ${styleHash}`, () => contentSecurityPolicy(scriptHashes, [styleHash]));
}

/**
 * An island's props travel in a JSON data block before its root (src/render/island-cache.ts),
 * read only by the client entry: left out of a page sent without script. The block's JSON never
 * holds a `<` (written as \u003c), so the first `<` after it is its end tag.
 */
const PROPS_BLOCK = /<script type="application\/json">[^<]*<\/script>/g;

/** No attribute for "system": the stylesheet follows prefers-color-scheme then. */
const themeAttribute = (theme: PageTheme) => (theme === "system" ? "" : ` data-theme="${theme}"`);

/** Renders a complete HTML page around `body`. */
export async function renderPage(c: Context, options: PageOptions, body: Child): Promise<Response> {
  const islands: PageIslands = new Map();
  const t = tOf(c);
  let html = await (
    <LangContext.Provider value={t}>
      <IslandsContext.Provider value={islands}>{body}</IslandsContext.Provider>
    </LangContext.Provider>
  ).toString();
  let loader: { tag: string; hash: string } | undefined;
  // The language follows the cookie, the account or Accept-Language (src/i18n/request.ts).
  c.header("Vary", "Save-Data, Accept-Language", { append: true });
  if (savesData(c)) html = html.replace(PROPS_BLOCK, "");
  // A page whose times the server wrote in a guessed zone (`data-zone-rendered`: the public
  // directory's, issue 52) takes the loader too: it reports the browser's zone and loads it again once.
  else if (needsLoader(islands) || html.includes(ZONE_RENDERED)) loader = loaderFor(islands);
  // Only the rules this HTML can use; a page whose islands may come alive names the whole
  // stylesheet too, for the client entry to fetch first (src/render/inline-css.ts).
  const style = stylesheetFor(html);
  const full = loader === undefined ? "" : ` data-full="${escapeHtml(clientManifest().css)}"`;
  const focus = savesData(c) || !html.includes(NOTICE_MARK) ? undefined : FOCUS_NOTICE;
  const copy = savesData(c) || !html.includes(COPY_MARK) ? undefined : COPY_BUTTONS;
  const scripts = [focus, copy, loader].filter((script) => script !== undefined);
  c.header("Content-Security-Policy", policyFor(scripts.map((script) => script.hash), style.hash));
  const session = sessionMarker(c);
  // An account without a zone of its own: the client reports the browser's (src/routes/pages/time-zone.ts).
  const zoneUnset = c.get("user")?.account.timeZone === null ? " data-zone-unset" : "";
  const bodyAttributes =
    (options.guard === undefined ? "" : ` data-guard="${escapeHtml(options.guard)}"`) +
    (session === undefined ? "" : ` data-session="${escapeHtml(session)}"`) +
    zoneUnset;
  const page = `<!doctype html><html lang="${t.lang}" dir="ltr"${themeAttribute(themeOf(c))}><head>${headOf(options, t)}<style${full}>${style.text}</style></head><body${bodyAttributes}>${html}${scripts.map((script) => script.tag).join("")}</body></html>`;
  // Said outright, the request log reads the bytes sent from it instead of copying the answer (src/middleware/observe.ts).
  c.header("Content-Length", String(Buffer.byteLength(page)));
  return c.html(page, options.status ?? 200);
}
