/**
 * Issue 44's page side of the account's data: the consent form at the top of a person's pages
 * (POST /consent, then 303 back to the page it was on) and the profile pages' download of the
 * data export (GET /account/export). The same use cases as the JSON calls
 * (src/routes/api/account-data.ts).
 */
import { Hono, type Context } from "hono";
import { acceptConsent } from "../../actions/consent";
import type { Deps } from "../../config/deps";
import { doneThen, handleForm, safeBack } from "../../http/forms";
import { consentForm } from "../../http/schemas";
import { tOf } from "../../i18n/request";
import { cookieSession } from "../../middleware/session";
import { exportAnswer } from "../api/account-data";

export function accountDataPages(deps: Deps) {
  const pages = new Hono();

  pages.post("/consent", async (c) => {
    const user = await cookieSession(c, deps);
    if (user === undefined) return c.redirect("/loginPatient", 303);
    const back = await backOf(c);
    // The admin is never asked (src/domain/consent.ts): back to the page, nothing recorded.
    if (user.role === "admin") return doneThen(c, back);
    return handleForm(c, {
      schema: consentForm,
      run: () => acceptConsent(deps, user.role as "patient" | "doctor", user.account.id),
      // Unticked (only a client that skips the browser's own check): back, the notice still asking, with the message.
      again: async (form) => doneThen(c, back, { text: form.message, tone: "error" }),
      then: () => doneThen(c, back, { text: tOf(c)("consent.recorded"), tone: "success" }),
    });
  });

  pages.get("/account/export", async (c) => {
    const user = await cookieSession(c, deps);
    if (user === undefined) return c.redirect("/loginPatient", 302);
    return exportAnswer(c, deps, user);
  });

  return pages;
}

/** The page the form was on (a same-site path only). */
async function backOf(c: Context): Promise<string> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return safeBack(form.back);
}
