/** The people a patient books for (issue 42: src/routes/api/family.ts, the patient's profile page). */
import { z } from "zod";
import { LIMITS } from "../../domain/fields";
import { isDate } from "../../domain/availability";
import { EARLIEST_BIRTH, RELATIONS, SEXES } from "../../domain/family";
import { text, meetingIdParam } from "./common";

/** A family member (issue 42), as POST and PUT /family take one. */
export const familyBody = z.object({
  name: text("name", LIMITS.name),
  relation: z.enum(RELATIONS, { error: `relation must be one of: ${RELATIONS.join(", ")}` }),
  dateOfBirth: z
    .string({ error: "dateOfBirth is required" })
    .trim()
    .refine(isDate, { message: "dateOfBirth must be a date YYYY-MM-DD", abort: true })
    .refine((d) => d >= EARLIEST_BIRTH, `dateOfBirth must not be before ${EARLIEST_BIRTH}`)
    .meta({ description: "YYYY-MM-DD, not in the future, not before 1900", example: "2020-05-14" }),
  sex: z.enum(SEXES, { error: `sex must be one of: ${SEXES.join(", ")}` }).optional().meta({ description: "Omitted when not said" }),
});

/** The profile page's family forms: the same fields, "not said" posted as an empty sex. */
export const familyForm = z
  .object({ ...familyBody.shape, sex: z.unknown().optional() })
  .transform((b) => (b.sex === "" ? { ...b, sex: undefined } : b) as Record<string, unknown>)
  .pipe(familyBody);

/** A family member's id in the path: the same rule as a meeting's. */
export const familyIdParam = meetingIdParam;
