/**
 * The account's settings as JSON (issue 45: every action a page offers exists in the API too):
 * its mail choices (issue 25), its time zone and its language (issue 31). Each calls the use case
 * the page's form calls, with the body schema the form's is built on (src/http/schemas/account-settings.ts):
 * the profile pages' mail form (src/routes/pages/mail.tsx), POST /time-zone
 * (src/routes/pages/time-zone.ts) and the header's language switch (src/routes/pages.ts).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { LANGUAGE_SAVED, saveLanguage } from "../../actions/language";
import { mailPreferencesOf, PREFERENCES_SAVED, setMailPreferences } from "../../actions/mail-preferences";
import { saveTimeZone, TIME_ZONE_SAVED } from "../../actions/time-zone";
import type { Deps } from "../../config/deps";
import { languageBody, mailPreferencesBody, timeZoneBody } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { requireRole, requireSignedIn, signedInUser } from "../../middleware/session";

/** The roles whose profile page offers mail choices (the admin's account page does not). */
const MAIL_ROLES = ["patient", "doctor"] as const;

export function accountSettingsApi(deps: Deps) {
  const api = new Hono();
  api.use("/mail-preferences", requireRole(deps, MAIL_ROLES));
  api.use("/time-zone", requireSignedIn(deps));
  api.use("/language", requireSignedIn(deps));

  api.get("/mail-preferences", async (c) => {
    const user = signedInUser(c);
    return c.json({ preferences: await mailPreferencesOf(deps, user.role, user.account.id) });
  });

  api.put("/mail-preferences", zValidator("json", mailPreferencesBody, onInvalid), async (c) => {
    const user = signedInUser(c);
    const preferences = await setMailPreferences(deps, user.role, user.account.id, c.req.valid("json"));
    return c.json({ message: PREFERENCES_SAVED, preferences });
  });

  api.put("/time-zone", zValidator("json", timeZoneBody, onInvalid), async (c) => {
    const user = signedInUser(c);
    const timeZone = await saveTimeZone(deps, { role: user.role, id: user.account.id }, c.req.valid("json").timeZone, false);
    return c.json({ message: TIME_ZONE_SAVED, timeZone: timeZone ?? c.req.valid("json").timeZone });
  });

  api.put("/language", zValidator("json", languageBody, onInvalid), async (c) => {
    const user = signedInUser(c);
    const { language } = c.req.valid("json");
    await saveLanguage(deps, { role: user.role, id: user.account.id }, language);
    return c.json({ message: LANGUAGE_SAVED, language });
  });

  return api;
}
