/** Two-factor sign-in (issue 44: src/routes/api/two-factor.ts, src/routes/pages/two-factor.tsx). */
import { z } from "zod";
import { text } from "./common";
import { loginBody } from "./auth";

/** A two-factor code as typed: six digits from the app, or a recovery code (issue 44). */
const twoFactorCode = text("code", { min: 1, max: 40 });

export const twoFactorEnableBody = z.object({
  code: twoFactorCode,
  // Issue 51: end every other session of the account too (the page's box, ticked by default, sends "on").
  endOtherSessions: z
    .union([z.boolean(), z.literal("on").transform(() => true)], { error: "endOtherSessions must be true or false" })
    .optional(),
});

export const twoFactorVerifyBody = z.object({
  // Any shape is looked up (and not found): one answer for every bad challenge.
  challenge: z.string({ error: "challenge is required" }).min(1, "challenge is required").max(200, "challenge is not valid"),
  code: twoFactorCode,
});

export const twoFactorDisableBody = z.object({ password: loginBody.shape.password, code: twoFactorCode });
