/** The consent notice's acceptance (issue 44: src/routes/api/account-data.ts, src/routes/pages/account-data.ts). */
import { z } from "zod";
import { CONSENT_VERSION_MAX } from "../../domain/consent";
import { ticked } from "./common";

/** POST /api/auth/consent: the person accepts the notice; `version`, when given, must be the one in force. */
export const consentBody = z.object({
  consent: z.literal(true, { error: "consent must be true" }),
  version: z
    .string({ error: "version must be a string" })
    .trim()
    .min(1, "version must not be empty")
    .max(CONSENT_VERSION_MAX, `version must be at most ${CONSENT_VERSION_MAX} characters`)
    .optional()
    .meta({ description: "The notice's version the client showed (GET /consent); another than the one in force is 409" }),
});

/** The consent form at the top of a person's pages: the tick box (the page to go back to is read beside it). */
export const consentForm = z.object({ consent: ticked });
