/** One signed-in device of the account, or its calendar feed (issues 28, 44). */
import { z } from "zod";
import { time } from "./common";

/** One signed-in browser or client of the account (issue 28), or its calendar feed (issue 44). */
export const Session = z
  .object({
    id: z.string().meta({ description: "The session's id, or `calendar-feed` for the account's calendar feed; DELETE /sessions/{id} ends either" }),
    kind: z.enum(["device", "calendarFeed"]).meta({ description: "A signed-in device, or the private calendar feed (its URL opens the account's meetings)" }),
    device: z.string().meta({ description: "Browser and system, coarse, from the User-Agent at sign-in", example: "Firefox on Linux" }),
    createdAt: time,
    lastSeenAt: time.meta({ description: "Moved on at most every 5 minutes" }),
    current: z.boolean().meta({ description: "The session of the token that asks" }),
  })
  .meta({ id: "Session" });
