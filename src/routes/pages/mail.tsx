/**
 * Mail choices (issue 25): the profile pages' form posts here, and the one-click unsubscribe
 * link of every reminder and notice (RFC 8058). The link works without a login: its GET shows a
 * button, never unsubscribes (link checkers fetch links); a POST, from the page or straight from
 * a mail client with `List-Unsubscribe=One-Click`, turns that kind of mail off.
 */
import { Hono, type Context } from "hono";
import { LINK_GONE, setMailPreferences, unsubscribe, unsubscribeTarget } from "../../actions/mail-preferences";
import { Refusal } from "../../domain/refusal";
import type { Deps } from "../../config/deps";
import { doneThen, handleForm, type FormState } from "../../http/forms";
import { mailPreferencesForm } from "../../http/schemas";
import { pageAccount } from "../../middleware/page-guard";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import { tOf } from "../../i18n/request";

/** POST {profile page}/mail: saves the two choices and goes back to the profile. */
export function mailPreferencesPost(
  deps: Deps,
  role: "patient" | "doctor",
  profilePath: string,
  again: (c: Context, form: FormState) => Promise<Response>,
) {
  return (c: Context) =>
    handleForm(c, {
      schema: mailPreferencesForm,
      run: (choice) => setMailPreferences(deps, role, pageAccount(c, role).id, choice),
      again: (form) => again(c, form),
      then: () => doneThen(c, profilePath, { text: tOf(c)("account.mailSaved"), tone: "success" }),
    });
}

function page(c: Context, title: string, body: unknown, status: 200 | 404 = 200) {
  return renderPage(
    c,
    { title, status },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <section class="page-narrow" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{title}</h1>
        {body}
      </section>
    </Shell>,
  );
}

/** The page (404) of a link that is not ours, or that was ours and works no more (an erased account's, an old one). */
const unknownLink = (c: Context, error: Refusal) =>
  error.message === LINK_GONE
    ? page(c, tOf(c)("account.unsubGoneTitle"), <p>{tOf(c)("account.unsubGone")}</p>, 404)
    : page(c, tOf(c)("account.unsubUnknownTitle"), <p>{tOf(c)("account.unsubUnknown")}</p>, 404);

/** GET and POST /unsubscribe/:token, mounted ahead of the pages' same-site check (a mail client posts from nowhere). */
export function unsubscribeRoutes(deps: Deps) {
  const routes = new Hono();
  routes.get("/unsubscribe/:token", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    let kind: "reminders" | "notices";
    try {
      kind = (await unsubscribeTarget(deps, c.req.param("token"))).kind;
    } catch (error) {
      if (error instanceof Refusal) return unknownLink(c, error);
      throw error;
    }
    const t = tOf(c);
    return page(
      c,
      t("account.unsubAskTitle"),
      <>
        <p>{t("account.unsubAsk", { kind })}</p>
        <form method="post" action={c.req.path}>
          <button type="submit">{t("account.unsubscribe")}</button>
        </form>
      </>,
    );
  });
  routes.post("/unsubscribe/:token", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const { kind } = await unsubscribe(deps, c.req.param("token"));
      const t = tOf(c);
      return page(c, t("account.unsubDoneTitle"), <p>{t("account.unsubDone", { kind })}</p>);
    } catch (error) {
      if (error instanceof Refusal) return unknownLink(c, error);
      throw error;
    }
  });
  return routes;
}
