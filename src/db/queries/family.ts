/** Family members (issue 42): the only SQL of the people a patient books for. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { familyMembers } from "../schema";

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type MemberFields = Pick<FamilyMemberRow, "name" | "relation" | "dateOfBirth" | "sex">;

/** The account's members, in the order they were added (two in one millisecond: by rowid, the order of insertion). */
export function listFamily(r: Reader, patientId: string): Promise<FamilyMemberRow[]> {
  return r.select().from(familyMembers).where(eq(familyMembers.patientId, patientId)).orderBy(asc(familyMembers.createdAt), sql`rowid`).all();
}

/** One member, if it is this patient's: another patient's reads as not there. */
export function findMember(r: Reader, patientId: string, id: string): Promise<FamilyMemberRow | undefined> {
  return r
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.patientId, patientId)))
    .get();
}

export async function countFamily(r: Reader, patientId: string): Promise<number> {
  const row = await r.select({ n: count() }).from(familyMembers).where(eq(familyMembers.patientId, patientId)).get();
  return row?.n ?? 0;
}

export async function insertMember(tx: Tx, row: typeof familyMembers.$inferInsert): Promise<FamilyMemberRow> {
  return (await tx.insert(familyMembers).values(row).returning().get())!;
}

/** Changes a member of this patient's; undefined when there is none by that id. */
export function updateMember(tx: Tx, patientId: string, id: string, fields: MemberFields): Promise<FamilyMemberRow | undefined> {
  return tx
    .update(familyMembers)
    .set(fields)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.patientId, patientId)))
    .returning()
    .get();
}

export async function deleteMember(tx: Tx, patientId: string, id: string): Promise<void> {
  await tx.delete(familyMembers).where(and(eq(familyMembers.id, id), eq(familyMembers.patientId, patientId)));
}
