/** Issue 55: an account's phone. */
import { z } from "zod";

export const PhoneJson = z
  .object({
    number: z.string().meta({ description: "E.164", example: "+919812345678" }),
    verified: z.boolean().meta({ description: "Proved with a code sent by SMS; only a verified number receives texts (other than its code)" }),
  })
  .meta({ id: "Phone", description: "Issue 55, an addition: the account's mobile number, or null when none" });

export const phoneAnswers = {
  phoneCodeSent: z.object({ message: z.string(), phone: PhoneJson }),
  phoneVerified: z.object({ message: z.string(), phone: PhoneJson }),
};
