/**
 * Pieces shared by the public pages.
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { renderPage, themeOf } from "../../render/Document";
import { BackLink, Shell } from "../../components/Shell";

/** A static page of the public area with a heading, its content and a Back button. */
export function staticPage(c: Context, title: string, description: string, content: Child) {
  return renderPage(
    c,
    { title, description },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <article class="page-narrow prose">
        <BackLink />
        <h1>{title}</h1>
        {content}
      </article>
    </Shell>,
  );
}
