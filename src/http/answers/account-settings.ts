/** An account's mail choices (issue 25). */
import { z } from "zod";

/** An account's mail choices (issue 25): each kind on or off. */
export const MailPreferences = z
  .object({
    reminders: z.boolean().meta({ description: "Reminders before a meeting" }),
    notices: z.boolean().meta({ description: "Notices of requests, times, changes and cancellations" }),
  })
  .meta({ id: "MailPreferences" });
