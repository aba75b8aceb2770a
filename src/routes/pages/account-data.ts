/**
 * Issue 44's page side of the account's data: the consent form at the top of a person's pages
 * (POST /consent, then 303 back to the page it was on) and the profile pages' download of the
 * data export (GET /account/export). The same use cases as the JSON calls
 * (src/routes/api/account-data.ts).
 */
import { Hono } from "hono";
import { acceptConsent } from "../../actions/consent";
import type { Deps } from "../../config/deps";
import { doneThen, pageMessage, safeBack } from "../../http/forms";
import { CONSENT_UNTICKED } from "../../domain/messages";
import { consentForm } from "../../http/schemas";
import { tOf } from "../../i18n/request";
import { cookieSession } from "../../middleware/session";
import { SETUP_PAGE } from "../../middleware/page-guard";
import { mustSetUpTwoFactor } from "../../actions/two-factor";
import { exportAnswer } from "../api/account-data";

export function accountDataPages(deps: Deps) {
  const pages = new Hono();

  pages.post("/consent", async (c) => {
    const user = await cookieSession(c, deps);
    if (user === undefined) return c.redirect("/loginPatient", 303);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const back = safeBack(form.back);
    // The admin is never asked (src/domain/consent.ts): back to the page, nothing recorded.
    if (user.role === "admin") return doneThen(c, back);
    const parsed = consentForm.safeParse(form);
    // Unticked (only a client that skips the browser's own check): back, the notice still asking, with the message.
    if (!parsed.success) return doneThen(c, back, { text: pageMessage(c, CONSENT_UNTICKED), tone: "error" });
    await acceptConsent(deps, user.role, user.account.id);
    return doneThen(c, back, { text: tOf(c)("consent.recorded"), tone: "success" });
  });

  pages.get("/account/export", async (c) => {
    const user = await cookieSession(c, deps);
    if (user === undefined) return c.redirect("/loginPatient", 302);
    if (mustSetUpTwoFactor(deps, user)) return c.redirect(SETUP_PAGE, 302);
    return exportAnswer(c, deps, user);
  });

  return pages;
}
