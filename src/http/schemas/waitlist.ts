/** A doctor's waitlist (issue 40: src/routes/api/waitlist.ts, the booking and meetings pages). */
import { z } from "zod";
import { UNTIL_SHAPE } from "../../domain/waitlist";
import { bookBody } from "./appointments";

/** Joining a doctor's waitlist (issue 40): `until` the last day the patient can come, in the doctor's zone (14 days ahead when left out). */
export const waitlistBody = z.object({
  doctorId: bookBody.shape.doctorId,
  reason: bookBody.shape.reason,
  until: z
    .string({ error: UNTIL_SHAPE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, UNTIL_SHAPE)
    .optional()
    .meta({ description: "YYYY-MM-DD, inclusive, in the doctor's time zone; at most 31 days ahead; default 14 days from now" }),
});

/** The booking page's waitlist form: the reason and the last day (an empty date: the default). */
export const waitlistForm = z
  .object({ doctorId: z.unknown().optional(), reason: bookBody.shape.reason, until: z.string().optional() })
  .transform((b) => ({ ...b, until: b.until === "" ? undefined : b.until }) as Record<string, unknown>)
  .pipe(waitlistBody);

/** A waitlist entry of the patient's, in the path. */
export const waitlistIdParam = z.object({ id: z.string().trim().min(1, "id is required").max(64, "id is not valid") });

/** The meetings page's offer forms: the entry's id as a field. */
export const waitlistEntryForm = z.object({ entryId: waitlistIdParam.shape.id });
