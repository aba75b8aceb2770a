/**
 * Issue 55: the account's phone as JSON. POST /account/phone sends a code by SMS (202), POST
 * /account/phone/verify proves the number with it, DELETE /account/phone removes it; the profile
 * pages' phone forms (src/routes/pages/phone.tsx) call the same use cases. POST /loginPatient/code
 * and /loginPatient/code/verify sign a patient in by a code (src/routes/pages/login-code.tsx's twin).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { removePhone, requestPhoneCode, verifyPhone } from "../../actions/phone";
import { requestLoginCode, verifyLoginCode } from "../../actions/login-code";
import { loginClient } from "../../middleware/device";
import { crossSiteApiRefused } from "../../middleware/same-origin";
import { signedInAnswer } from "./auth";
import type { Deps } from "../../config/deps";
import { PHONE_MESSAGES } from "../../domain/phone";
import { loginCodeBody, loginCodeVerifyBody, phoneBody, phoneCodeBody } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { requireRole, signedInUser } from "../../middleware/session";

/** The roles with a phone: the patient and the doctor (the admin's account page has none). */
export const PHONE_ROLES = ["patient", "doctor"] as const;

export function phoneApi(deps: Deps) {
  const api = new Hono();
  api.use("/account/phone", requireRole(deps, PHONE_ROLES));
  api.use("/account/phone/*", requireRole(deps, PHONE_ROLES));
  const owner = (c: Parameters<typeof signedInUser>[0]) => {
    const user = signedInUser(c);
    return { role: user.role as "patient" | "doctor", id: user.account.id, language: user.account.language };
  };

  api.post("/account/phone", zValidator("json", phoneBody, onInvalid), async (c) => {
    const phone = await requestPhoneCode(deps, owner(c), c.req.valid("json").phone);
    return c.json({ message: PHONE_MESSAGES.codeSent, phone }, 202);
  });

  api.post("/account/phone/verify", zValidator("json", phoneCodeBody, onInvalid), async (c) => {
    const phone = await verifyPhone(deps, owner(c), c.req.valid("json").code);
    return c.json({ message: PHONE_MESSAGES.verified, phone });
  });

  api.delete("/account/phone", async (c) => {
    await removePhone(deps, owner(c));
    return c.json({ message: PHONE_MESSAGES.removed });
  });

  // Item 6: sign in with a code. Asking answers 202 whatever the number; the code answers as
  // POST /loginPatient does (the session, or the two-factor challenge).
  api.use("/loginPatient/code/*", crossSiteApiRefused(deps.config.corsOrigins));
  api.use("/loginPatient/code", crossSiteApiRefused(deps.config.corsOrigins));
  api.post("/loginPatient/code", zValidator("json", loginCodeBody, onInvalid), async (c) => {
    await requestLoginCode(deps, c.req.valid("json").phone, loginClient(c, deps));
    return c.json({ message: PHONE_MESSAGES.loginCodeSent }, 202);
  });
  api.post("/loginPatient/code/verify", zValidator("json", loginCodeVerifyBody, onInvalid), async (c) => {
    const step = await verifyLoginCode(deps, c.req.valid("json"), loginClient(c, deps));
    if (step.kind === "challenge") return c.json({ twoFactorRequired: true as const, challenge: step.challenge });
    return c.json(await signedInAnswer(c, deps, "patient", step.account, step.succeeded));
  });

  return api;
}
