/** A login's answer when two-factor sign-in is on (issue 44). */
import { z } from "zod";

export const TwoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: "Send it with a code to POST /api/auth/2fa/verify within 5 minutes; it works once" }),
  })
  .meta({ id: "TwoFactorChallenge" });
