/**
 * Family members (issue 42): the people a patient books for, kept on the patient's account. The
 * field rules and the words shared by the API's schemas, the use cases, the pages and the cards.
 * Pure: no I/O.
 */
import { dateInZone } from "./time";

export const RELATIONS = ["child", "parent", "spouse", "sibling", "other"] as const;
export type Relation = (typeof RELATIONS)[number];
export const SEXES = ["female", "male", "other"] as const;
export type Sex = (typeof SEXES)[number];

/** How many people one account keeps besides its holder. */
export const MAX_FAMILY = 8;
/** The earliest date of birth taken. */
export const EARLIEST_BIRTH = "1900-01-01";
/** Under this age the account holder attends with the person (India's Telemedicine Practice Guidelines). */
export const ADULT_AGE = 18;

export const FAMILY_FULL = `You can keep at most ${MAX_FAMILY} family members`;
export const MEMBER_BOOKED = "This family member has an open appointment: cancel it first";
export const BIRTH_IN_FUTURE = "dateOfBirth must not be in the future";
export const MEMBER_ADDED = "Family member added";
export const MEMBER_UPDATED = "Family member updated";
export const MEMBER_REMOVED = "Family member removed";

/** The API's family messages a page says by one key (src/domain/messages.ts, src/i18n/<lang>/family.ts). */
export const FAMILY_WORDS: Readonly<Record<string, string>> = {
  [MEMBER_BOOKED]: "msg.family.booked",
  [BIRTH_IN_FUTURE]: "msg.family.future",
  "Family member not found": "msg.family.notFound",
  "dateOfBirth is required": "msg.family.dob",
  "dateOfBirth must be a date YYYY-MM-DD": "msg.family.dob",
  [`dateOfBirth must not be before ${EARLIEST_BIRTH}`]: "msg.family.early",
  [`relation must be one of: ${RELATIONS.join(", ")}`]: "msg.family.relation",
  [`sex must be one of: ${SEXES.join(", ")}`]: "msg.family.sex",
};

/** A family member as the API and the pages show one. */
export type FamilyMember = { id: string; name: string; relation: Relation; dateOfBirth: string; sex: Sex | null };
/** Who an appointment is for, as booked: the person, their relation and their age then; null for the account holder. */
export type ForPerson = { id: string; name: string; relation: Relation; age: number };

/**
 * The zone whose calendar is the first to reach a date (UTC+14): a date of birth is in the future
 * only when it has not begun anywhere, so a baby born today in India or Samoa is never refused.
 */
const FIRST_ZONE = "Pacific/Kiritimati";

/** Whether a date of birth (YYYY-MM-DD) has not begun anywhere on Earth at `now`. */
export const isFutureBirth = (dateOfBirth: string, now: Date) => dateOfBirth > dateInZone(now, FIRST_ZONE);

/** The whole years from a date of birth (YYYY-MM-DD) to a date (YYYY-MM-DD): one more on each birthday. */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return Math.max(0, age);
}
