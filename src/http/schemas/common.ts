/**
 * The field rules every resource's schemas share: trimmed text with the product's limits and no
 * control characters, emails and new passwords, ids in a body or a path, specializations, ISO
 * date-times with a zone, the consent tick box. Built from the field rules of src/domain/fields.ts;
 * messages name the field so that a 400 tells the caller what to fix.
 */
import { z } from "zod";
import { LIMITS, SPECIALIZATIONS } from "../../domain/fields";
import { CONSENT_UNTICKED } from "../../domain/messages";

type Limit = { min: number; max: number };

/** C0 and C1 control characters and DEL: every place must show the same text, so none is stored. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but line breaks and tabs, which a reason or a feedback may hold. */
export const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A required, trimmed text field with the product's length limits, refusing control characters
 * (`multiline`: all but line breaks and tabs).
 */
export function text(field: string, limit: Limit, options: { multiline?: boolean } = {}) {
  const control = options.multiline ? CONTROL_BUT_LINES : CONTROL;
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(limit.min, limit.min === 1 ? `${field} is required` : `${field} must be at least ${limit.min} characters`)
    .max(limit.max, `${field} must be at most ${limit.max} characters`)
    .refine((v) => !control.test(v), `${field} must not contain control characters`);
}

/** An email as signup and login take it (trimmed, lower-cased, checked); admin:create checks with it too. */
export const emailField = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .min(1, "email is required")
  .max(LIMITS.email.max, `email must be at most ${LIMITS.email.max} characters`)
  .pipe(z.email("email must be a valid email address"));

export const newPassword = z
  .string({ error: "password is required" })
  .min(LIMITS.password.min, `password must be at least ${LIMITS.password.min} characters`)
  .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`);

export const specialization = z.enum(SPECIALIZATIONS, {
  error: `specialization must be one of: ${SPECIALIZATIONS.join(", ")}`,
});

export const id = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(64, `${field} is not valid`);

/** A page's consent tick box: required there (the page shows the notice beside it); ticked, it reads as `consent: true`. */
export const ticked = z.literal("on", { error: CONSENT_UNTICKED }).transform(() => true);

/** An ISO 8601 date-time with Z or an offset (a time without a zone is ambiguous for a medical appointment). */
export const instant = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time with a time zone` }))
    .transform((v) => new Date(v));

/** The id of a meeting in a path (the calendar file of one meeting). */
export const meetingIdParam = z.object({
  id: z.string().trim().min(1, "id is required").max(64, "id is not valid"),
});

/** A new password under signup's rules, named `field` in its messages. */
export const newPasswordNamed = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(LIMITS.password.min, `${field} must be at least ${LIMITS.password.min} characters`)
    .max(LIMITS.password.max, `${field} must be at most ${LIMITS.password.max} characters`);
