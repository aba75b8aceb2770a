/**
 * Every page's document: head, theme painted from the cookie before first paint, the body with
 * its islands, and only the scripts those islands need (none for a page without islands).
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { clientLoading, IslandsContext, type Hydration, type PageIslands } from "./islands";
import { clientManifest, interactionLoader, preloadsFor } from "./client-assets";
import type { Role } from "../domain/fields";
import { allowInlineScripts } from "../middleware/security";
import { inlineStylesheet } from "./inline-css";
import { keptIn } from "../lib/bounded";
import { escapeHtml, flat } from "./html";

export type PageOptions = {
  title: string;
  description?: string;
  /** The spec's browser guard for this page: a role, or "doctor:approved". */
  guard?: Role | "doctor:approved";
  status?: 200 | 404;
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
 * A page's `<head>` contents, kept per title, description and the scripts its islands need: the
 * same few strings on every request. Written as text, not JSX: Hono's JSX hoists `<title>`,
 * `<meta>` and `<link>` into the head by searching the whole rendered document once per tag,
 * which was a sixth of a signed-in page's CPU (docs/performance.md, issue 12). A bounded number
 * of heads is kept (titles such as "Book with Dr. …" vary per doctor); beyond it, oldest out.
 */
const heads = new Map<string, string>();
const MAX_HEADS = 512;

function headOf(options: PageOptions, loading: Hydration, islands: PageIslands): string {
  const names = loading === "load" ? [...islands.keys()].join(",") : "";
  const key = `${options.title}\u0000${options.description ?? ""}\u0000${loading}\u0000${names}`;
  return keptIn(heads, MAX_HEADS, key, () => flat(writeHead(options, loading, islands)));
}

function writeHead(options: PageOptions, loading: Hydration, islands: PageIslands): string {
  const manifest = clientManifest();
  const description = options.description ?? "Find a doctor by specialization and book an appointment.";
  let head =
    '<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    `<title>${escapeHtml(`${options.title} | Carebook`)}</title>` +
    `<meta name="description" content="${escapeHtml(description)}"/>` +
    '<meta name="color-scheme" content="light dark"/>' +
    `<link rel="icon" href="${escapeHtml(manifest.favicon ?? "/favicon.svg")}" type="image/svg+xml"/>` +
    inlineStylesheet();
  if (loading === "load") {
    head += `<script type="module" src="${escapeHtml(manifest.client.file)}"></script>`;
    for (const href of preloadsFor(manifest, islands.keys())) head += `<link rel="modulepreload" href="${escapeHtml(href)}"/>`;
  }
  return head;
}

/** No attribute for "system": the stylesheet follows prefers-color-scheme then. */
const themeAttribute = (theme: PageTheme) => (theme === "system" ? "" : ` data-theme="${theme}"`);

/** Renders a complete HTML page around `body`. */
export async function renderPage(c: Context, options: PageOptions, body: Child): Promise<Response> {
  const islands: PageIslands = new Map();
  const html = await (<IslandsContext.Provider value={islands}>{body}</IslandsContext.Provider>).toString();
  const loading = clientLoading(islands);
  let end = "";
  if (loading === "interaction") {
    const loader = interactionLoader(clientManifest().client.file);
    allowInlineScripts(c, [loader]);
    end = `<script>${loader}</script>`;
  }
  const session = sessionMarker(c);
  // An account without a zone of its own: the client reports the browser's (src/routes/pages/time-zone.ts).
  const zoneUnset = c.get("user")?.account.timeZone === null ? " data-zone-unset" : "";
  const bodyAttributes =
    (options.guard === undefined ? "" : ` data-guard="${escapeHtml(options.guard)}"`) +
    (session === undefined ? "" : ` data-session="${escapeHtml(session)}"`) +
    zoneUnset;
  return c.html(
    `<!doctype html><html lang="en"${themeAttribute(themeOf(c))}><head>${headOf(options, loading, islands)}</head><body${bodyAttributes}>${html}${end}</body></html>`,
    options.status ?? 200,
  );
}
