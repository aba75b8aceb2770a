/** The page a person sees when the server failed: what to do, and the reference that matches the log line. */
import type { Context } from "hono";
import { renderPage, themeOf } from "../render/Document";
import { Shell } from "./Shell";
import { tOf } from "../i18n/request";

export const SERVER_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** The sentence of a failure with its reference, as the JSON error and the page both say it. */
export const withReference = (reference: string | undefined) => (reference ? `${SERVER_ERROR_MESSAGE} Reference: ${reference}` : SERVER_ERROR_MESSAGE);

/** Answers with the error page (status 500); if even that fails, the same words as plain text. */
export async function serverErrorResponse(c: Context, reference: string | undefined): Promise<Response> {
  try {
    const t = tOf(c);
    return await renderPage(
      c,
      { title: t("error.title"), status: 500 },
      <Shell area="public" path={c.req.path} theme={themeOf(c)}>
        <section class="page-narrow" aria-labelledby="error-title">
          <h1 id="error-title">{t("error.title")}</h1>
          <p>{t("error.text")}</p>
          {reference ? (
            <p>
              {t("error.reference")} <code>{reference}</code>
            </p>
          ) : null}
          <nav aria-label={t("notFound.where")} class="actions">
            <a class="button" href="/">
              {t("notFound.home")}
            </a>
          </nav>
        </section>
      </Shell>,
    );
  } catch {
    return c.text(withReference(reference), 500);
  }
}
