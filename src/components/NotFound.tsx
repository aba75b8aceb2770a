/** The 404 page of SPEC §2: titled 'Page Not Found', with links home and to both logins. */
import type { Context } from "hono";
import { renderPage, themeOf } from "../render/Document";
import { Shell } from "./Shell";

/** Answers a request with the 404 page (status 404). */
export function notFoundResponse(c: Context): Promise<Response> {
  return renderPage(
    c,
    { title: "Page Not Found", status: 404 },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <section class="page-narrow" aria-labelledby="nf-title">
        <h1 id="nf-title">Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <nav aria-label="Where to go" class="actions">
          <a class="button" href="/">
            Home
          </a>
          <a class="button button-secondary" href="/loginDoctor">
            Doctor login
          </a>
          <a class="button button-secondary" href="/loginPatient">
            Patient login
          </a>
        </nav>
      </section>
    </Shell>,
  );
}
