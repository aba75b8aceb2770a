/** Issue 55: a verified phone (src/routes/api/phone.ts) and sign-in by a code. */
import { z } from "zod";
import { PHONE_MESSAGES } from "../../domain/phone";

/** A number as typed: checked by parsePhone in the use case (E.164, or a 10-digit Indian mobile). */
export const phoneField = z
  .string({ error: "phone is required" })
  .trim()
  .min(1, "phone is required")
  .max(24, PHONE_MESSAGES.invalid)
  .meta({ description: "E.164 (+ and the country code), or a 10-digit Indian mobile read as +91", example: "+919812345678" });

export const codeField = z
  .string({ error: "code is required" })
  .trim()
  .regex(/^\d{6}$/, "code must be the 6 digits sent by SMS")
  .meta({ description: "The 6-digit code sent by SMS", example: "123456" });

export const phoneBody = z.object({ phone: phoneField });
export const phoneCodeBody = z.object({ code: codeField });
/** Issue 55, item 6: a patient's sign-in by a code sent to their verified number. */
export const loginCodeBody = z.object({ phone: phoneField });
export const loginCodeVerifyBody = z.object({ phone: phoneField, code: codeField });
/** The login page's code form: the number waits in a cookie between the two steps. */
export const loginCodeForm = phoneCodeBody;
/** The profile pages' phone forms. */
export const phoneForm = phoneBody;
export const phoneCodeForm = phoneCodeBody;
