/**
 * Issue 42: the words the meetings islands show of who a visit is for (FamilyWords), written here
 * in the page's language rather than carried in each island's share of the catalog, which has a
 * budget (src/i18n/catalog.test.ts). Only a list with a visit for a family member gets them.
 */
import { RELATIONS, type FamilyWords, type Relation } from "../../domain/family";
import type { Key, T } from "../../i18n/catalog";

/** Where the island puts the person's values. */
const PLACES = { name: "{name}", age: "{age}", holder: "{holder}" };

/**
 * `{ family }` for an island's props when one of `list` is for a family member, or `always` (a
 * doctor's list, whose cards may come back after an Undo or a reload: issue 52); else nothing.
 */
export function familyWords(list: { for: unknown }[], t: T, always = false): { family?: FamilyWords } {
  if (!always && !list.some((a) => a.for !== null)) return {};
  const perRelation = (key: Key) => Object.fromEntries(RELATIONS.map((relation) => [relation, t(key, { ...PLACES, relation })])) as Record<Relation, string>;
  return { family: { person: perRelation("family.personOf"), visitFor: perRelation("family.visitFor"), withAdult: t("family.withAdult", { holder: PLACES.holder }) } };
}
