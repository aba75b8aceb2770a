/**
 * What a doctor tells patients beyond name, specialization and college (issue 41): the medical
 * registration, years of practice, languages, fee and a short "about". One place for the bounds
 * and the language list, read by the zod schemas, the forms and the catalogs.
 */

/** The languages a doctor may name, as codes; their names are the catalogs' `lang.<code>`. */
export const LANGUAGE_CODES = ["en", "hi", "bn", "te", "mr", "ta", "ur", "gu", "kn", "ml", "pa", "or"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A registration number without its council, or the other way round: nothing to check. */
export const REGISTRATION_INCOMPLETE = "registrationNumber and registrationCouncil must be given together";

export const DETAIL_LIMITS = {
  registrationNumber: { min: 1, max: 50 },
  registrationCouncil: { min: 1, max: 200 },
  about: { min: 0, max: 600 },
  experienceYears: { min: 0, max: 70 },
  fee: { min: 0, max: 100_000 },
  languages: { min: 1, max: 8 },
  registrationReason: { min: 1, max: 500 },
} as const;

/** The stored list ("en,hi") as codes, in the order given. */
export const languagesOf = (stored: string | null): LanguageCode[] => (stored ? (stored.split(",") as LanguageCode[]) : []);

/** The registration columns of a doctor: the last verified pair, the pair waiting for the admin, and why it was refused. */
export type RegistrationColumns = {
  registrationNumber: string | null;
  registrationCouncil: string | null;
  pendingRegistrationNumber: string | null;
  pendingRegistrationCouncil: string | null;
  registrationReason: string | null;
};

/**
 * The registration as the doctor and the admin see it: the pair waiting for review when there is
 * one (not verified; `reason` when the admin refused it), else the last verified pair.
 */
export function registrationOf(d: RegistrationColumns) {
  const waiting = d.pendingRegistrationNumber !== null;
  return {
    number: waiting ? d.pendingRegistrationNumber : d.registrationNumber,
    council: waiting ? d.pendingRegistrationCouncil : d.registrationCouncil,
    verified: !waiting && d.registrationNumber !== null,
    reason: waiting ? d.registrationReason : null,
  };
}

/**
 * The columns to write when the doctor sends `number` and `council` (either absent: keep it). The
 * same pair as shown changes nothing (the form sends it back); the last verified pair sent again
 * withdraws a waiting change; any other pair waits for the admin, without an earlier refusal.
 */
export function registrationChange(d: RegistrationColumns, sent: { number?: string; council?: string }): Partial<RegistrationColumns> | "incomplete" {
  const shown = registrationOf(d);
  const number = sent.number ?? shown.number;
  const council = sent.council ?? shown.council;
  if (number === shown.number && council === shown.council) return {};
  if (number === null || council === null) return "incomplete";
  if (number === d.registrationNumber && council === d.registrationCouncil)
    return { pendingRegistrationNumber: null, pendingRegistrationCouncil: null, registrationReason: null };
  return { pendingRegistrationNumber: number, pendingRegistrationCouncil: council, registrationReason: null };
}

/**
 * The API's refusals of the details as a page says them (src/domain/messages.ts): the catalog's
 * key, and the English, which src/i18n/en/doctor.ts says word for word (src/i18n/messages.test.ts).
 */
export const DETAILS_WORDS: Readonly<Record<string, { key: string; plain: string }>> = {
  [REGISTRATION_INCOMPLETE]: { key: "msg.details.registrationPair", plain: "Please enter both the registration number and the council, or neither." },
  [`experienceYears must be a whole number from ${DETAIL_LIMITS.experienceYears.min} to ${DETAIL_LIMITS.experienceYears.max}`]: {
    key: "msg.details.experience",
    plain: `Please enter your years of practice as a whole number from ${DETAIL_LIMITS.experienceYears.min} to ${DETAIL_LIMITS.experienceYears.max}.`,
  },
  [`fee must be a whole number from ${DETAIL_LIMITS.fee.min} to ${DETAIL_LIMITS.fee.max}`]: {
    key: "msg.details.fee",
    plain: `Please enter the fee in whole rupees, from ${DETAIL_LIMITS.fee.min} to ${DETAIL_LIMITS.fee.max}.`,
  },
  [`languages must be codes from: ${LANGUAGE_CODES.join(", ")}`]: { key: "msg.details.languageUnknown", plain: "Please choose languages from the list." },
  "languages must not repeat a language": { key: "msg.details.languageRepeated", plain: "Please choose each language once." },
  [`languages must name ${DETAIL_LIMITS.languages.min} to ${DETAIL_LIMITS.languages.max} languages`]: {
    key: "msg.details.languageCount",
    plain: `Please choose ${DETAIL_LIMITS.languages.min} to ${DETAIL_LIMITS.languages.max} languages.`,
  },
};
