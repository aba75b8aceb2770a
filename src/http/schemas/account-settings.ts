/** An account's settings: mail choices, time zone, language (src/routes/api/account-settings.ts). */
import { z } from "zod";
import { isTimeZone } from "../../domain/time";
import { LANGS } from "../../domain/i18n";

/** An account's mail choices (issue 25), as the API reads and takes them: both, each on or off. */
export const mailPreferencesBody = z.object({
  reminders: z.boolean({ error: "reminders must be true or false" }).meta({ description: "Reminders before a meeting" }),
  notices: z.boolean({ error: "notices must be true or false" }).meta({ description: "Notices of requests, times, changes and cancellations" }),
  // Issue 55, additions: where reminders and notices also go, to a verified phone (absent: unchanged).
  sms: z.boolean({ error: "sms must be true or false" }).optional().meta({ description: "Issue 55: reminders and notices also by SMS to a verified phone (default true)" }),
  whatsapp: z.boolean({ error: "whatsapp must be true or false" }).optional().meta({ description: "Issue 55: reminders and notices also by WhatsApp to a verified phone (default false)" }),
});

/** The profile pages' mail choices: a ticked box is "on", an unticked one is absent; read into mailPreferencesBody. */
export const mailPreferencesForm = z
  .object({
    reminders: z.enum(["on"], { message: "reminders must be on or absent" }).optional(),
    notices: z.enum(["on"], { message: "notices must be on or absent" }).optional(),
    sms: z.enum(["on"], { message: "sms must be on or absent" }).optional(),
    whatsapp: z.enum(["on"], { message: "whatsapp must be on or absent" }).optional(),
  })
  .transform((form) => ({ reminders: form.reminders === "on", notices: form.notices === "on", sms: form.sms === "on", whatsapp: form.whatsapp === "on" }))
  .pipe(mailPreferencesBody.required());

/** The message of a zone that is not one we know. */
export const UNKNOWN_ZONE = "Choose a time zone from the list.";

/** An account's time zone, as the API takes it: a name from the known list. */
export const timeZoneBody = z.object({
  timeZone: z
    .string({ error: UNKNOWN_ZONE })
    .trim()
    .refine((v) => isTimeZone(v), UNKNOWN_ZONE)
    .meta({ description: "An IANA time zone", example: "Asia/Kolkata" }),
});

/** The time zone form of the profile pages, and the browser's report of its zone (`report`). */
export const timeZoneForm = timeZoneBody.extend({ report: z.string().optional() });

/** An account's language (issue 31): its mails are written in it, and a new device starts in it. */
export const languageBody = z.object({
  language: z.enum(LANGS, { error: `language must be one of: ${LANGS.join(", ")}` }),
});

/** The header's language switch: `lang` (and `back`, the page to return to, read by the handler). */
export const languageForm = z.object({ lang: languageBody.shape.language });
