/**
 * Sign in with a code (issue 55, item 6), the patient's login page's other way in: two plain forms
 * that work with and without script. /loginPatient/phone asks for the number (the same use case as
 * POST /api/auth/loginPatient/code), then (303) /loginPatient/phone/code asks for the code sent to
 * it (POST /api/auth/loginPatient/code/verify's). The number waits between the two in an HttpOnly
 * cookie of these paths, never in the address. A right code goes on as a right password does: the
 * dashboard (or the `next` the login page was given), or the two-factor code's page.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { requestLoginCode, verifyLoginCode } from "../../actions/login-code";
import { NoticeLine } from "../../components/NoticeLine";
import { Shell } from "../../components/Shell";
import type { Deps } from "../../config/deps";
import { patientReturnPath } from "../../domain/directory";
import { DASHBOARD } from "../../domain/fields";
import { parsePhone } from "../../domain/phone";
import { doneThen, handleForm, takeNotice, type FormState } from "../../http/forms";
import { isHttps } from "../../http/https";
import { loginCodeBody, loginCodeForm } from "../../http/schemas";
import { tOf } from "../../i18n/request";
import { loginClient } from "../../middleware/device";
import { cookieSession, startSession } from "../../middleware/session";
import { renderPage, themeOf } from "../../render/Document";
import { CHALLENGE_COOKIE } from "./auth";
import { CHALLENGE_MINUTES } from "../../actions/two-factor";

export const LOGIN_CODE_PAGE = "/loginPatient/phone";
const CODE_PAGE = `${LOGIN_CODE_PAGE}/code`;
/** Where the number waits for its code's form. */
const NUMBER_COOKIE = "carebook_login_phone";

/** `?next=…` carried from the login page through both steps (only a patient's page: patientReturnPath). */
const nextOf = (c: Context) => patientReturnPath(c.req.query("next"));
const withNext = (path: string, next: string | undefined) => (next === undefined ? path : `${path}?next=${encodeURIComponent(next)}`);

/** Either step: the number's form, or (`number` known) the code's, with a new code and another number. */
function page(c: Context, deps: Deps, step: { number?: string; form?: FormState; status?: 200 }) {
  const t = tOf(c);
  const next = nextOf(c);
  const notice = step.form ? { text: step.form.message, tone: "error" as const } : takeNotice(c);
  c.header("Cache-Control", "no-store");
  return renderPage(
    c,
    { title: t("phone.login.title") },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <div class="page-narrow">
        <section class="card auth-card" aria-labelledby="login-code-title">
          <h1 id="login-code-title">{t("phone.login.title")}</h1>
          <NoticeLine notice={notice} />
          {step.number === undefined ? (
            <>
              <p class="muted">{t("phone.login.intro")}</p>
              <form method="post" action={withNext(LOGIN_CODE_PAGE, next)}>
                <div class="field">
                  <label for="login-phone">{t("phone.number")}</label>
                  <input id="login-phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength={24} required value={step.form?.values.phone ?? ""} aria-describedby="login-phone-hint" />
                  <p id="login-phone-hint" class="small muted">
                    {t("phone.hint")}
                  </p>
                </div>
                <button type="submit">{t("phone.send")}</button>
              </form>
            </>
          ) : (
            <>
              <p data-login-code="sent">{t("phone.login.sentTo", { number: step.number, minutes: deps.config.phoneCodeMinutes })}</p>
              <form method="post" action={withNext(CODE_PAGE, next)}>
                <div class="field">
                  <label for="login-code">{t("phone.code")}</label>
                  <input id="login-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength={6} required />
                </div>
                <button type="submit">{t("phone.login.signIn")}</button>
              </form>
              <form method="post" action={withNext(LOGIN_CODE_PAGE, next)}>
                <input type="hidden" name="phone" value={step.number} />
                <button type="submit" class="button-secondary">
                  {t("phone.login.again")}
                </button>
              </form>
              <p>
                <a href={withNext(LOGIN_CODE_PAGE, next)}>{t("phone.change")}</a>
              </p>
            </>
          )}
          <p class="auth-forgot">
            <a href={withNext("/loginPatient", next)}>{t("phone.login.password")}</a>
          </p>
        </section>
      </div>
    </Shell>,
  );
}

export function loginCodeRoutes(deps: Deps) {
  const routes = new Hono();
  const number = (c: Context) => getCookie(c, NUMBER_COOKIE);
  const signedInAlready = async (c: Context) => (await cookieSession(c, deps))?.role === "patient";

  routes.get(LOGIN_CODE_PAGE, async (c) => {
    if (await signedInAlready(c)) return c.redirect(nextOf(c) ?? DASHBOARD.patient, 303);
    return page(c, deps, {});
  });
  routes.get(CODE_PAGE, async (c) => {
    const waiting = number(c);
    if (waiting === undefined) return c.redirect(withNext(LOGIN_CODE_PAGE, nextOf(c)), 302);
    return page(c, deps, { number: waiting });
  });

  // The number's form (and "Send a new code"): 303 to the code's form, whatever the number.
  routes.post(LOGIN_CODE_PAGE, (c) =>
    handleForm(c, {
      schema: loginCodeBody,
      run: (input) => requestLoginCode(deps, input.phone, loginClient(c, deps)),
      again: (form) => page(c, deps, { form }),
      then: (_, values) => {
        const asked = parsePhone(values.phone ?? "")!;
        setCookie(c, NUMBER_COOKIE, asked, { httpOnly: true, sameSite: "Lax", path: LOGIN_CODE_PAGE, secure: isHttps(c, deps), maxAge: deps.config.phoneCodeMinutes * 60 });
        return c.redirect(withNext(CODE_PAGE, nextOf(c)), 303);
      },
    }),
  );

  // The code's form: signed in (303 on), or the two-factor code's page, or the form again with the refusal.
  routes.post(CODE_PAGE, async (c) => {
    const waiting = number(c);
    if (waiting === undefined) return c.redirect(withNext(LOGIN_CODE_PAGE, nextOf(c)), 303);
    return handleForm(c, {
      schema: loginCodeForm,
      run: (input) => verifyLoginCode(deps, { phone: waiting, code: input.code }, loginClient(c, deps)),
      again: (form) => page(c, deps, { number: waiting, form }),
      then: async (step) => {
        deleteCookie(c, NUMBER_COOKIE, { path: LOGIN_CODE_PAGE });
        if (step.kind === "challenge") {
          setCookie(c, CHALLENGE_COOKIE, step.challenge, { httpOnly: true, sameSite: "Lax", path: "/loginPatient", secure: isHttps(c, deps), maxAge: CHALLENGE_MINUTES * 60 });
          return c.redirect(withNext("/loginPatient/code", nextOf(c)), 303);
        }
        await startSession(c, deps, "patient", step.account, step.succeeded);
        return doneThen(c, nextOf(c) ?? DASHBOARD.patient);
      },
    });
  });
  return routes;
}
