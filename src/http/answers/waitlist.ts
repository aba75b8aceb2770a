/** A patient's place on a doctor's waitlist (issue 40). */
import { z } from "zod";
import { id, time } from "./common";

/** A patient's place on a doctor's waitlist (issue 40), with the time offered to them while the offer holds. */
export const WaitlistEntry = z
  .object({
    _id: id,
    doctorId: id,
    reason: z.string(),
    until: z.string().meta({ description: "The last day the patient can come (YYYY-MM-DD, inclusive, in the doctor's time zone)", example: "2026-12-24" }),
    createdAt: time,
    offer: z
      .object({
        slotStart: time,
        expiresAt: time.meta({ description: "Until when the time is held for this patient (WAITLIST_HOLD_MINUTES after the offer)" }),
      })
      .nullable()
      .meta({ description: "A freed time held for this patient: accept or decline it before expiresAt; null while waiting" }),
  })
  .meta({ id: "WaitlistEntry" });
