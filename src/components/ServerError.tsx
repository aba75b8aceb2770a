/** The page a person sees when the server failed: what to do, and the reference that matches the log line. */
import type { Context } from "hono";
import { renderPage, themeOf } from "../render/Document";
import { Shell } from "./Shell";

export const SERVER_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** The sentence of a failure with its reference, as the JSON error and the page both say it. */
export const withReference = (reference: string | undefined) => (reference ? `${SERVER_ERROR_MESSAGE} Reference: ${reference}` : SERVER_ERROR_MESSAGE);

/** Answers with the error page (status 500); if even that fails, the same words as plain text. */
export async function serverErrorResponse(c: Context, reference: string | undefined): Promise<Response> {
  try {
    return await renderPage(
      c,
      { title: "Something went wrong", status: 500 },
      <Shell area="public" path={c.req.path} theme={themeOf(c)}>
        <section class="page-narrow" aria-labelledby="error-title">
          <h1 id="error-title">Something went wrong</h1>
          <p>{SERVER_ERROR_MESSAGE}</p>
          {reference ? (
            <p>
              If it happens again, tell support this reference: <code>{reference}</code>
            </p>
          ) : null}
          <nav aria-label="Where to go" class="actions">
            <a class="button" href="/">
              Home
            </a>
          </nav>
        </section>
      </Shell>,
    );
  } catch {
    return c.text(withReference(reference), 500);
  }
}
