/** An account's mail choices (issue 25). */
import { z } from "zod";

/** An account's mail choices (issue 25): each kind on or off. */
export const MailPreferences = z
  .object({
    reminders: z.boolean().meta({ description: "Reminders before a meeting" }),
    notices: z.boolean().meta({ description: "Notices of requests, times, changes and cancellations" }),
    sms: z.boolean().meta({ description: "Issue 55, an addition: reminders and notices also by SMS to a verified phone (default true)" }),
    whatsapp: z.boolean().meta({ description: "Issue 55, an addition: reminders and notices also by WhatsApp to a verified phone (default false)" }),
  })
  .meta({ id: "MailPreferences" });
