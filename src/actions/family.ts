/**
 * Family members (issue 42): a patient keeps up to MAX_FAMILY people to book for. The JSON API
 * and the profile page's forms both call these; each write runs in one transaction, which the
 * database runs one at a time, so two adds can never make a ninth.
 */
import type { Deps } from "../config/deps";
import { hasOpenForMember } from "../db/queries/open-appointments";
import { countFamily, deleteMember, findMember, insertMember, listFamily, updateMember, type FamilyMemberRow, type MemberFields } from "../db/queries/family";
import { together } from "../db/together";
import type { Reader } from "../db/client";
import { dateInZone } from "../domain/time";
import { ageOn, BIRTH_IN_FUTURE, FAMILY_FULL, isFutureBirth, MAX_FAMILY, MEMBER_BOOKED, type Relation, type Sex } from "../domain/family";
import { conflict, invalid, notFound, Refusal } from "../domain/refusal";

export type MemberInput = { name: string; relation: Relation; dateOfBirth: string; sex?: Sex };

const FAMILY_MEMBER = "Family member";

/** The member's columns from the input, after the rule the schema cannot know: a birth not in the future. */
function fieldsOf(input: MemberInput, now: Date): MemberFields {
  if (isFutureBirth(input.dateOfBirth, now)) throw invalid(BIRTH_IN_FUTURE);
  return { name: input.name, relation: input.relation, dateOfBirth: input.dateOfBirth, sex: input.sex ?? null };
}

/** The patient's family members, in the order they were added. */
export function familyOf(deps: Deps, patientId: string): Promise<FamilyMemberRow[]> {
  return listFamily(deps.database.db, patientId);
}

/** Adds a member; a ninth is refused (409). */
export function addFamilyMember(deps: Deps, patientId: string, input: MemberInput): Promise<FamilyMemberRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const fields = fieldsOf(input, now);
    if ((await countFamily(tx, patientId)) >= MAX_FAMILY) throw conflict(FAMILY_FULL);
    return insertMember(tx, { id: crypto.randomUUID(), patientId, ...fields, createdAt: now });
  });
}

/** Changes a member of the patient's; another patient's is not found. Appointments keep the person as booked. */
export function editFamilyMember(deps: Deps, patientId: string, id: string, input: MemberInput): Promise<FamilyMemberRow> {
  return deps.database.write(async (tx) => {
    const updated = await updateMember(tx, patientId, id, fieldsOf(input, deps.now()));
    if (updated === undefined) throw notFound(FAMILY_MEMBER);
    return updated;
  });
}

/** Removes a member of the patient's, refused (409) while the person has an open appointment. */
export function removeFamilyMember(deps: Deps, patientId: string, id: string): Promise<void> {
  return deps.database.write(async (tx) => {
    const [member, open] = await together(() => Promise.all([findMember(tx, patientId, id), hasOpenForMember(tx, patientId, id, deps.now())]));
    if (member === undefined) throw notFound(FAMILY_MEMBER);
    if (open) throw conflict(MEMBER_BOOKED);
    await deleteMember(tx, patientId, id);
  });
}

/** The appointment's columns of who it is for (issue 42): the member as booked, with their age then in the holder's zone; none for the holder. */
export function forColumns(member: FamilyMemberRow | undefined, holder: { timeZone?: string | null }, now: Date) {
  if (member === undefined) return {};
  const age = ageOn(member.dateOfBirth, dateInZone(now, holder.timeZone ?? "UTC"));
  return { forMemberId: member.id, forName: member.name, forRelation: member.relation, forAge: age };
}

/**
 * The member a booking names, read with the booking's other checks (one round trip): undefined
 * when it names none, the refusal to throw (after the doctor's) when it is not this patient's.
 */
export function bookingMember(r: Reader, patientId: string, forMemberId: string | undefined): Promise<FamilyMemberRow | Refusal | undefined> {
  if (forMemberId === undefined) return Promise.resolve(undefined);
  return findMember(r, patientId, forMemberId).then((member) => member ?? notFound(FAMILY_MEMBER));
}
