/** The private calendar feed's links. */
import { z } from "zod";
import { time } from "./common";

export const feedUrls = z.object({
  url: z.string().meta({ description: "The private feed, https; keep it secret (shown only in this answer)" }),
  webcalUrl: z.string().meta({ description: "The same feed as webcal://, which phones open in their calendar app" }),
  createdAt: time,
});
