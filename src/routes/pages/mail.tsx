/**
 * Mail choices (issue 25): the profile pages' form posts here, and the one-click unsubscribe
 * link of every reminder and notice (RFC 8058). The link works without a login: its GET shows a
 * button, never unsubscribes (link checkers fetch links); a POST, from the page or straight from
 * a mail client with `List-Unsubscribe=One-Click`, turns that kind of mail off.
 */
import { Hono, type Context } from "hono";
import { setMailPreferences, unsubscribe, unsubscribeTarget, PREFERENCES_SAVED } from "../../actions/mail-preferences";
import { Refusal } from "../../actions/refusal";
import type { Deps } from "../../config/deps";
import { doneThen, handleForm, type FormState } from "../../http/forms";
import { mailPreferencesForm } from "../../http/schemas";
import { pageAccount } from "../../middleware/page-guard";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";

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
      run: (input) => setMailPreferences(deps, role, pageAccount(c, role).id, { reminders: input.reminders === "on", notices: input.notices === "on" }),
      again: (form) => again(c, form),
      then: () => doneThen(c, profilePath, { text: PREFERENCES_SAVED, tone: "success" }),
    });
}

const WHAT = { reminders: "reminders before your meetings", notices: "notices (requests, times set, cancellations, feedback)" };

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

const unknownLink = (c: Context) =>
  page(c, "Link not recognised", <p>This unsubscribe link is not one Carebook made. Use the link in the mail, or change your choices on your profile page.</p>, 404);

/** GET and POST /unsubscribe/:token, mounted ahead of the pages' same-site check (a mail client posts from nowhere). */
export function unsubscribeRoutes(deps: Deps) {
  const routes = new Hono();
  routes.get("/unsubscribe/:token", (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    let kind: "reminders" | "notices";
    try {
      kind = unsubscribeTarget(deps, c.req.param("token")).kind;
    } catch (error) {
      if (error instanceof Refusal) return unknownLink(c);
      throw error;
    }
    return page(
      c,
      "Stop these mails?",
      <>
        <p>Carebook will stop sending you {WHAT[kind]}. Mails about your account and its security still come.</p>
        <form method="post" action={c.req.path}>
          <button type="submit">Unsubscribe</button>
        </form>
      </>,
    );
  });
  routes.post("/unsubscribe/:token", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const { kind } = await unsubscribe(deps, c.req.param("token"));
      return page(c, "You are unsubscribed", <p>Carebook will send you no more {WHAT[kind]}. You can turn them on again on your profile page.</p>);
    } catch (error) {
      if (error instanceof Refusal) return unknownLink(c);
      throw error;
    }
  });
  return routes;
}
