/** Signing up and logging in (src/routes/api/auth.ts, src/routes/pages/auth.tsx). */
import { z } from "zod";
import { LIMITS } from "../../domain/fields";
import { text, emailField, newPassword, specialization, ticked } from "./common";

export const loginBody = z.object({
  email: emailField,
  // Any length is checked against the hash; only absurd sizes are refused up front.
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`),
});

/** Issue 44: the person ticked the consent notice. Optional: the original client sends none (recorded as not given). */
const consentFlag = z
  .boolean({ error: "consent must be true or false" })
  .optional()
  .meta({ description: "Issue 44: true when the person accepted the consent notice in force (recorded with its version and the time); omitted or false, recorded as not given, and their pages ask until they accept" });

export const patientSignupBody = z.object({
  name: text("name", LIMITS.name),
  email: emailField,
  password: newPassword,
  consent: consentFlag,
});

export const doctorSignupBody = patientSignupBody.extend({
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
});


/** The signup pages' forms: the JSON signups' fields, with the tick box required. */
export const patientSignupForm = patientSignupBody.extend({ consent: ticked });
export const doctorSignupForm = doctorSignupBody.extend({ consent: ticked });
