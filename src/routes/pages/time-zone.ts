/**
 * POST /time-zone : an account's time zone, from the profile pages' form (303 back with a
 * notice), or the browser's report of its own zone once script runs (`report`: 204, kept only
 * while the account has none, so it never replaces a zone the person chose).
 */
import type { Context } from "hono";
import { saveTimeZone } from "../../actions/time-zone";
import type { Deps } from "../../config/deps";
import { ZONE_FORM_PAGE } from "../../components/TimeZone";
import { doneThen } from "../../http/forms";
import { timeZoneForm } from "../../http/schemas";
import { zoneName } from "../../domain/zones";
import { tOf } from "../../i18n/request";
import { cookieSession } from "../../middleware/session";
import { SETUP_PAGE } from "../../middleware/page-guard";
import { mustSetUpTwoFactor } from "../../actions/two-factor";

export function timeZonePost(deps: Deps) {
  return async (c: Context) => {
    const user = await cookieSession(c, deps);
    const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
    const report = body.report !== undefined;
    if (user === undefined) return report ? c.body(null, 401) : c.redirect("/loginPatient", 303);
    // Issue 51: an admin held by ADMIN_2FA_REQUIRED keeps no zone yet.
    if (mustSetUpTwoFactor(deps, user)) return report ? c.body(null, 403) : c.redirect(SETUP_PAGE, 303);
    const parsed = timeZoneForm.safeParse(body);
    const back = ZONE_FORM_PAGE[user.role];
    if (report) {
      if (parsed.success) await saveTimeZone(deps, { role: user.role, id: user.account.id }, parsed.data.timeZone, true);
      return c.body(null, parsed.success ? 204 : 400);
    }
    const t = tOf(c);
    if (!parsed.success) return doneThen(c, `${back}#time-zone`, { text: t("account.zoneUnknown"), tone: "error" });
    await saveTimeZone(deps, { role: user.role, id: user.account.id }, parsed.data.timeZone, false);
    return doneThen(c, `${back}#time-zone`, { text: t("account.zoneSaved", { zone: zoneName(parsed.data.timeZone, t.lang) }), tone: "success" });
  };
}
