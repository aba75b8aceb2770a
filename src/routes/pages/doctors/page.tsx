/**
 * The frame of the public directory's pages (issue 41): the public shell, a title, description
 * and canonical address, and the answer sent with an ETag of its body (304 when the browser has
 * it); private to the browser, since the language, theme and time zone cookies shape it.
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { Deps } from "../../../config/deps";
import { Shell } from "../../../components/Shell";
import { sendWithEtag } from "../../../http/cached";
import { preparedSecurityHeaders } from "../../../middleware/security";
import { renderPage, themeOf } from "../../../render/Document";

type PublicPageOptions = { title: string; description: string; canonical: string; status?: 200 | 400 };

export async function publicPage(c: Context, deps: Deps, options: PublicPageOptions, content: Child): Promise<Response> {
  // Absolute where the site's address is known (PUBLIC_URL), never taken from the request's Host.
  const canonical = `${deps.config.publicUrl ?? ""}${options.canonical}`;
  const rendered = await renderPage(
    c,
    { title: options.title, description: options.description, canonical, status: options.status },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      {content}
    </Shell>,
  );
  return sendWithEtag(c, rendered, preparedSecurityHeaders, "private, no-cache");
}
