/**
 * Family members (issue 42): the people a patient books for, kept on the patient's account. The
 * field rules and the words shared by the API's schemas, the use cases, the pages and the cards.
 * Pure: no I/O.
 */
import { dateInZone } from "./time";
import type { Translate } from "./i18n";

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

/**
 * The API's family messages as a page says them (src/domain/messages.ts): the catalog's key, and
 * the English, which src/i18n/en/family.ts says word for word (src/i18n/messages.test.ts).
 */
export const FAMILY_WORDS: Readonly<Record<string, { key: string; plain: string }>> = {
  [MEMBER_BOOKED]: { key: "msg.family.booked", plain: "This person has an open appointment: cancel it first." },
  [BIRTH_IN_FUTURE]: { key: "msg.family.future", plain: "The date of birth cannot be in the future." },
  "Family member not found": { key: "msg.family.notFound", plain: "This family member is not on your account." },
  "dateOfBirth is required": { key: "msg.family.dob", plain: "Please enter the date of birth, such as 2020-05-14." },
  "dateOfBirth must be a date YYYY-MM-DD": { key: "msg.family.dob", plain: "Please enter the date of birth, such as 2020-05-14." },
  [`dateOfBirth must not be before ${EARLIEST_BIRTH}`]: { key: "msg.family.early", plain: "The date of birth cannot be before 1900." },
  [`relation must be one of: ${RELATIONS.join(", ")}`]: { key: "msg.family.relation", plain: "Please choose a relation from the list." },
  [`sex must be one of: ${SEXES.join(", ")}`]: { key: "msg.family.sex", plain: "Please choose female, male, other or not said." },
};
/** FAMILY_FULL as a page says it (its number a value of the catalog's words). */
export const FAMILY_FULL_PLAIN = `You can keep at most ${MAX_FAMILY} family members.`;

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

/**
 * Who a doctor reads a visit is for (issue 42; issue 52: the ONE source of these words): the
 * account holder, or the family member with age and relation and the holder ("Riya Verma, 7,
 * child of Asha Verma"). `words` is the language's: a translator (pages, mails, the server's
 * confirm step) or the FamilyWords the server wrote for an island (the same catalog message,
 * with the places left); without either, name and age.
 */
export function personWords(person: { name: string; relation: string; age: number } | null, holder: string, words: Translate | FamilyWords | undefined): string {
  if (person === null) return holder;
  if (words === undefined) return `${person.name}, ${person.age}`;
  if (typeof words === "function") return words("family.personOf", { name: person.name, age: person.age, relation: person.relation, holder });
  return fillFamily(words.person[person.relation as Relation] ?? words.person.other, { name: person.name, age: person.age, holder });
}

/** Who an appointment row is for, as personWords reads it (its `for` columns as booked). */
export const forOfRow = (a: { forName: string | null; forRelation: string | null; forAge: number | null }) =>
  a.forName === null ? null : { name: a.forName, relation: a.forRelation ?? "other", age: a.forAge ?? 0 };

/**
 * What the meetings islands say of who a visit is for, written by the server in the page's
 * language so that the islands' own catalogs stay small: per relation, with {name}, {age} and
 * {holder} left for the island to fill (fillFamily). Sent only with a list that has such a visit.
 */
export type FamilyWords = { person: Record<Relation, string>; visitFor: Record<Relation, string>; withAdult: string };

/** A FamilyWords pattern with the person's values in their places. */
export const fillFamily = (pattern: string, values: { name: string; age: number; holder: string }) =>
  pattern.replace(/\{(name|age|holder)\}/g, (_, key: "name" | "age" | "holder") => String(values[key]));
