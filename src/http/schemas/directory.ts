/** The public doctor directory's search (issue 41: src/routes/api/public-directory.ts, src/routes/pages/doctors/). */
import { z } from "zod";
import { DETAIL_LIMITS, LANGUAGE_CODES } from "../../domain/doctor-details";
import { DIRECTORY_DAYS, DIRECTORY_SORTS } from "../../domain/directory";
import { specialization } from "./common";
import { PIN_CODE, PIN_CODE_SHAPE } from "../../domain/places";

/** A filter a GET form sends empty when it is not set ("any"): empty is absent. */
const unlessEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const wholeUpTo = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, `${field} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${field} must be a whole number from ${min} to ${max}`);

/** The public directory's search (issue 41): every filter optional, the soonest free time first unless `sort` says. */
export const directoryQuery = z.object({
  q: unlessEmpty(z.string().trim().max(100, "q must be at most 100 characters")),
  specialization: unlessEmpty(specialization),
  language: unlessEmpty(z.enum(LANGUAGE_CODES, { error: `language must be one of: ${LANGUAGE_CODES.join(", ")}` })),
  maxFee: unlessEmpty(wholeUpTo("maxFee", DETAIL_LIMITS.fee.min, DETAIL_LIMITS.fee.max)),
  availableDays: unlessEmpty(wholeUpTo("availableDays", 1, DIRECTORY_DAYS)),
  // Issue 54: find a doctor near you.
  city: unlessEmpty(z.string().trim().max(60, "city must be at most 60 characters")),
  pinCode: unlessEmpty(z.string().trim().regex(PIN_CODE, PIN_CODE_SHAPE)),
  visit: unlessEmpty(z.enum(["clinic", "video"], { error: "visit must be one of: clinic, video" })),
  sort: unlessEmpty(z.enum(DIRECTORY_SORTS, { error: `sort must be one of: ${DIRECTORY_SORTS.join(", ")}` })).transform((s) => s ?? "next"),
  page: unlessEmpty(wholeUpTo("page", 1, 100_000)).transform((p) => p ?? 1),
});

/** The `{id}` of a public doctor's profile. */
export const directoryDoctorParam = z.object({ id: z.string().min(1).max(64) });
