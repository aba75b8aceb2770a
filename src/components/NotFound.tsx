/** The 404 page of SPEC §2: titled 'Page Not Found', with links home and to both logins. */
import type { Context } from "hono";
import { renderPage, themeOf } from "../render/Document";
import { Shell } from "./Shell";
import { tOf } from "../i18n/request";

/** Answers a request with the 404 page (status 404). */
export function notFoundResponse(c: Context): Promise<Response> {
  const t = tOf(c);
  return renderPage(
    c,
    { title: t("notFound.title"), status: 404 },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <section class="page-narrow" aria-labelledby="nf-title">
        <h1 id="nf-title">{t("notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <nav aria-label={t("notFound.where")} class="actions">
          <a class="button" href="/">
            {t("notFound.home")}
          </a>
          <a class="button button-secondary" href="/loginDoctor">
            {t("notFound.doctorLogin")}
          </a>
          <a class="button button-secondary" href="/loginPatient">
            {t("notFound.patientLogin")}
          </a>
        </nav>
      </section>
    </Shell>,
  );
}
