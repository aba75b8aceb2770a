/**
 * Every page's document: head, theme painted from the cookie before first paint, the body with
 * its islands, and only the scripts those islands need (none for a page without islands).
 */
import type { Context } from "hono";
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { clientLoading, IslandsContext, type PageIslands } from "../islands";
import { clientManifest, interactionLoader, preloadsFor } from "../client-assets";
import type { Role } from "../domain/fields";
import { allowInlineScripts } from "../middleware/security";
import { inlineStylesheet } from "../inline-css";

export type PageOptions = {
  title: string;
  description?: string;
  /** The spec's browser guard for this page: a role, or "doctor:approved". */
  guard?: Role | "doctor:approved";
  status?: 200 | 404;
};

/** The viewer's theme as the server paints it: the cookie the client mirrors from localStorage. */
export function themeOf(c: Context): "light" | "dark" {
  // Read on every public page: a plain test of the header, not a parse of every cookie.
  return /(?:^|;\s*)theme=dark(?:;|$)/.test(c.req.header("cookie") ?? "") ? "dark" : "light";
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

/** Renders a complete HTML page around `body`. */
export async function renderPage(c: Context, options: PageOptions, body: Child): Promise<Response> {
  const islands: PageIslands = new Map();
  const html = await (<IslandsContext.Provider value={islands}>{body}</IslandsContext.Provider>).toString();
  const manifest = clientManifest();
  const loading = clientLoading(islands);
  const loader = loading === "interaction" ? interactionLoader(manifest.client.file) : undefined;
  if (loader !== undefined) allowInlineScripts(c, [loader]);
  const page = (
    <html lang="en" data-theme={themeOf(c)}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${options.title} | Carebook`}</title>
        <meta name="description" content={options.description ?? "Find a doctor by specialization and book an appointment."} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href={manifest.favicon ?? "/favicon.svg"} type="image/svg+xml" />
        {inlineStylesheet()}
        {loading === "load" && (
          <>
            <script type="module" src={manifest.client.file} />
            {preloadsFor(manifest, islands.keys()).map((href) => (
              <link rel="modulepreload" href={href} />
            ))}
          </>
        )}
      </head>
      <body data-guard={options.guard} data-session={sessionMarker(c)}>
        {raw(html)}
        {loader !== undefined && <script>{raw(loader)}</script>}
      </body>
    </html>
  );
  return c.html(`<!doctype html>${await page.toString()}`, options.status ?? 200);
}
