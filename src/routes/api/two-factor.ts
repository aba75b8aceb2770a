/**
 * Two-factor sign-in's JSON calls (issue 44): set up, enable, disable, and a login's second step.
 * The rules live in src/actions/two-factor.ts; the profile pages and the login pages call the
 * same use cases (src/routes/pages/two-factor.tsx, src/routes/pages/auth.tsx).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, TWO_FACTOR_OFF, TWO_FACTOR_ON, verifyTwoFactor } from "../../actions/two-factor";
import type { Deps } from "../../config/deps";
import { twoFactorDisableBody, twoFactorEnableBody, twoFactorVerifyBody } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { askerOf, loginClient } from "../../middleware/device";
import { crossSiteApiRefused } from "../../middleware/same-origin";
import { requireSignedIn, signedInUser } from "../../middleware/session";
/** Issue 51: open to an admin's password-only session under ADMIN_2FA_REQUIRED. */
const SETUP_ONLY = { beforeTwoFactor: true };
import { signedInAnswer } from "./auth";

export function twoFactorApi(deps: Deps) {
  const api = new Hono();
  // It sets the session cookie, as a login does: never for a request another site's page made.
  api.use("/2fa/verify", crossSiteApiRefused(deps.config.corsOrigins));

  api.post("/2fa/verify", zValidator("json", twoFactorVerifyBody, onInvalid), async (c) => {
    const { role, account, succeeded } = await verifyTwoFactor(deps, c.req.valid("json"), loginClient(c, deps));
    return c.json(await signedInAnswer(c, deps, role, account, succeeded));
  });

  api.post("/2fa/setup", requireSignedIn(deps, SETUP_ONLY), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await setUpTwoFactor(deps, signedInUser(c)));
  });

  api.post("/2fa/enable", requireSignedIn(deps, SETUP_ONLY), zValidator("json", twoFactorEnableBody, onInvalid), async (c) => {
    const input = c.req.valid("json");
    const recoveryCodes = await enableTwoFactor(deps, signedInUser(c), input.code, askerOf(c, deps), input.endOtherSessions === true);
    c.header("Cache-Control", "no-store");
    return c.json({ message: TWO_FACTOR_ON, recoveryCodes });
  });

  api.post("/2fa/disable", requireSignedIn(deps), zValidator("json", twoFactorDisableBody, onInvalid), async (c) => {
    await disableTwoFactor(deps, signedInUser(c), c.req.valid("json"), loginClient(c, deps));
    return c.json({ message: TWO_FACTOR_OFF });
  });

  return api;
}
