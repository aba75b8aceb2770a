/**
 * The 404 page of SPEC §2: titled 'Page Not Found', with links home and to both logins; a
 * signed-in person is offered their dashboard instead of the logins (issue 39), under their own
 * header (issue 52).
 */
import type { Context } from "hono";
import { DASHBOARD, type Role } from "../domain/fields";
import { renderPage, themeOf } from "../render/Document";
import { Shell } from "./Shell";
import { tOf } from "../i18n/request";

/** Answers a request with the 404 page (status 404); `role`: who is signed in, if the caller knows better than the request's user. */
export function notFoundResponse(c: Context, role: Role | undefined = c.get("user")?.role): Promise<Response> {
  const t = tOf(c);
  return renderPage(
    c,
    { title: t("notFound.title"), status: 404 },
    // Issue 52: a signed-in person reads their own header (their pages, Logout), not the visitor's;
    // its frame is kept per path, so every unknown address shares one ("/404", which no link marks).
    <Shell area={role ?? "public"} path={role === undefined ? c.req.path : "/404"} theme={themeOf(c)}>
      <section class="page-narrow" aria-labelledby="nf-title">
        <h1 id="nf-title">{t("notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <nav aria-label={t("notFound.where")} class="actions">
          <a class="button" href="/">
            {t("notFound.home")}
          </a>
          {role !== undefined ? (
            <a class="button button-secondary" href={DASHBOARD[role]}>
              {t("notFound.dashboard")}
            </a>
          ) : (
            <>
              <a class="button button-secondary" href="/loginDoctor">
                {t("notFound.doctorLogin")}
              </a>
              <a class="button button-secondary" href="/loginPatient">
                {t("notFound.patientLogin")}
              </a>
            </>
          )}
        </nav>
      </section>
    </Shell>,
  );
}
