/** The patient's and the doctor's own profiles, with a picture and the doctor's details (src/routes/api/profile.ts, the profile pages). */
import { z } from "zod";
import { LIMITS } from "../../domain/fields";
import { DETAIL_LIMITS, LANGUAGE_CODES, type LanguageCode } from "../../domain/doctor-details";
import { text, specialization } from "./common";
import { isDate } from "../../domain/availability";
import { EARLIEST_BIRTH, SEXES } from "../../domain/family";

// Multipart profile forms. An empty file part (no file chosen) means "keep the picture".
const profileImage = z
  .union([z.instanceof(File), z.string()])
  .optional()
  .transform((v) => (v instanceof File && v.size > 0 ? v : undefined));

/** Issue 56: what a prescription carries; absent keeps the stored value, "" clears it. */
const patientDateOfBirth = z
  .string()
  .trim()
  .refine((v) => v === "" || isDate(v), { message: "dateOfBirth must be a date YYYY-MM-DD", abort: true })
  .refine((v) => v === "" || v >= EARLIEST_BIRTH, `dateOfBirth must not be before ${EARLIEST_BIRTH}`)
  .transform((v) => (v === "" ? null : v))
  .optional()
  .meta({ description: "Issue 56: YYYY-MM-DD (age on a prescription); \"\" clears it; omitted keeps it", example: "1990-04-12" });
const patientSex = z
  .union([z.literal(""), z.enum(SEXES)], { error: `sex must be one of: ${SEXES.join(", ")}` })
  .transform((v) => (v === "" ? null : v))
  .optional()
  .meta({ description: "Issue 56: female, male or other (on a prescription); \"\" clears it; omitted keeps it" });

export const patientProfileForm = z.object({ name: text("name", LIMITS.name), profileImage, dateOfBirth: patientDateOfBirth, sex: patientSex });

/**
 * An optional field of the doctor's details (issue 41): absent keeps the stored value; blank
 * means `blank` (keep, or clear); anything else must pass `parse`, whose refusal names the field.
 */
function detail<T, B>(blank: B, parse: (value: string) => T | { refused: string }) {
  return z
    .string()
    .optional()
    .transform((value, ctx): T | B | undefined => {
      if (value === undefined) return undefined;
      if (value.trim() === "") return blank;
      const parsed = parse(value);
      if (typeof parsed === "object" && parsed !== null && "refused" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.refused });
        return z.NEVER;
      }
      return parsed as T;
    });
}

/** A `text` rule as a detail's parse. */
const textRule = (schema: z.ZodType<string>) => (value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : { refused: parsed.error.issues[0]!.message };
};

/** A whole number within the field's bounds, written plainly ("12", not "12.0" or "1e1"). */
const wholeNumber = (field: "experienceYears" | "fee") => (value: string) => {
  const { min, max } = DETAIL_LIMITS[field];
  const n = /^\s*[0-9]{1,7}\s*$/.test(value) ? Number(value) : NaN;
  return n >= min && n <= max ? n : { refused: `${field} must be a whole number from ${min} to ${max}` };
};

/** Comma-separated language codes (or repeated fields): 1 to 8 distinct codes of LANGUAGE_CODES. */
function languageCodes(value: string): LanguageCode[] | { refused: string } {
  const codes = value.split(",").map((c) => c.trim()).filter((c) => c !== "");
  const { min, max } = DETAIL_LIMITS.languages;
  if (codes.some((c) => !(LANGUAGE_CODES as readonly string[]).includes(c))) return { refused: `languages must be codes from: ${LANGUAGE_CODES.join(", ")}` };
  if (new Set(codes).size !== codes.length) return { refused: "languages must not repeat a language" };
  if (codes.length < min || codes.length > max) return { refused: `languages must name ${min} to ${max} languages` };
  return codes as LanguageCode[];
}

/** The doctor's details, each optional (issue 41); a registration is never cleared, the rest clear when blank. */
const doctorDetails = {
  registrationNumber: detail(undefined, textRule(text("registrationNumber", DETAIL_LIMITS.registrationNumber))).meta({
    description: "The medical registration number; a new or changed one waits for the admin's check. Blank or absent: kept",
    example: "DMC/R/12345",
  }),
  registrationCouncil: detail(undefined, textRule(text("registrationCouncil", DETAIL_LIMITS.registrationCouncil))).meta({
    description: "The council that registered the doctor; a new or changed one waits for the admin's check. Blank or absent: kept",
    example: "Delhi Medical Council",
  }),
  experienceYears: detail(null, wholeNumber("experienceYears")).meta({ description: "Years of practice, 0 to 70; blank clears it", example: "12" }),
  languages: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (Array.isArray(v) ? v.join(",") : v))
    .pipe(detail(null, languageCodes))
    .meta({ description: `1 to 8 comma-separated codes of: ${LANGUAGE_CODES.join(", ")}; blank clears them`, example: "en,hi" }),
  fee: detail(null, wholeNumber("fee")).meta({ description: "The consultation fee in whole rupees, 0 (free) to 100000; blank clears it", example: "500" }),
  // Forms send a line break as CRLF: kept as one "\n", so 600 characters are the 600 the reader typed.
  about: detail(null, (v) => textRule(text("about", DETAIL_LIMITS.about, { multiline: true }))(v.replace(/\r\n?/g, "\n"))).meta({
    description: "Plain text about the doctor, up to 600 characters; blank clears it",
  }),
};

export const doctorProfileForm = z.object({
  name: text("name", LIMITS.name),
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
  profileImage,
  ...doctorDetails,
});

/**
 * The profile page's form: the ticked languages come as `languages[]` (one field each, with an
 * empty one always there so that none ticked clears them), read into doctorProfileForm.
 */
export const doctorProfilePageForm = z
  .object({ ...Object.fromEntries(Object.keys(doctorProfileForm.shape).map((k) => [k, z.unknown().optional()])), "languages[]": z.unknown().optional() })
  .transform(({ "languages[]": ticked, ...rest }) =>
    ticked === undefined ? rest : { ...rest, languages: [ticked].flat().filter((v) => typeof v === "string").join(",") },
  )
  .pipe(doctorProfileForm);
