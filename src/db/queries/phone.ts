/** Phones (issue 55): an account's number, the codes sent to it, and the texts' short links. */
import { and, count, desc, eq, gte, isNotNull, ne } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { doctors, messageLinks, patients, phoneCodes } from "../schema";
import type { PhoneCodePurpose } from "../schema/phone";

export type PhoneRole = "patient" | "doctor";
export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

const tables = { patient: patients, doctor: doctors } as const;

/** An account's number and whether it is verified. */
export async function phoneOf(r: Reader, role: PhoneRole, id: string): Promise<{ number: string; verified: boolean } | null> {
  const t = tables[role];
  const row = await r.select({ phone: t.phone, at: t.phoneVerifiedAt }).from(t).where(eq(t.id, id)).get();
  return row?.phone ? { number: row.phone, verified: row.at !== null } : null;
}

/** Sets (verifiedAt null: waiting for its code) or removes (number null) an account's number. */
export async function setPhone(tx: Tx, role: PhoneRole, id: string, number: string | null, verifiedAt: Date | null): Promise<void> {
  const t = tables[role];
  await tx.update(t).set({ phone: number, phoneVerifiedAt: verifiedAt }).where(eq(t.id, id));
}

/** A number verified on one patient leaves every other patient who had it (a number signs in one patient). */
export async function releasePatientNumber(tx: Tx, number: string, keeper: string): Promise<void> {
  await tx.update(patients).set({ phone: null, phoneVerifiedAt: null }).where(and(eq(patients.phone, number), ne(patients.id, keeper)));
}

/** The patient whose verified number this is (sign-in by code). */
export function patientByVerifiedPhone(r: Reader, number: string) {
  return r
    .select()
    .from(patients)
    .where(and(eq(patients.phone, number), isNotNull(patients.phoneVerifiedAt)))
    .get();
}

export async function insertCode(tx: Tx, row: typeof phoneCodes.$inferInsert): Promise<void> {
  await tx.insert(phoneCodes).values(row);
}

/** The throttles' counts: codes of this account in the last minute, and of this number in the last hour. */
export async function codeCounts(r: Reader, account: { role: PhoneRole; id: string } | undefined, number: string, minuteAgo: Date, hourAgo: Date) {
  const byNumber = await r
    .select({ n: count(), first: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.number, number), gte(phoneCodes.createdAt, hourAgo)))
    .orderBy(phoneCodes.createdAt)
    .get();
  const byAccount =
    account === undefined
      ? undefined
      : await r
          .select({ at: phoneCodes.createdAt })
          .from(phoneCodes)
          .where(and(eq(phoneCodes.role, account.role), eq(phoneCodes.accountId, account.id), gte(phoneCodes.createdAt, minuteAgo)))
          .orderBy(desc(phoneCodes.createdAt))
          .get();
  return { numberCount: byNumber?.n ?? 0, numberOldest: byNumber?.first ?? null, accountLatest: byAccount?.at };
}

/** The newest code of `purpose` for an account (verify) or a number (login). */
export function latestCode(r: Reader, purpose: PhoneCodePurpose, by: { role: PhoneRole; id: string } | { number: string }) {
  const who = "number" in by ? eq(phoneCodes.number, by.number) : and(eq(phoneCodes.role, by.role), eq(phoneCodes.accountId, by.id));
  return r
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.purpose, purpose), who))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .get();
}

export async function countWrongTry(tx: Tx, id: string): Promise<void> {
  const row = await tx.select({ n: phoneCodes.wrongTries }).from(phoneCodes).where(eq(phoneCodes.id, id)).get();
  await tx.update(phoneCodes).set({ wrongTries: (row?.n ?? 0) + 1 }).where(eq(phoneCodes.id, id));
}

export async function useCode(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(phoneCodes).set({ usedAt: at }).where(eq(phoneCodes.id, id));
}

/** An account's codes, gone with its number or the account (erasure). */
export async function forgetCodes(tx: Tx, role: PhoneRole, id: string): Promise<void> {
  await tx.delete(phoneCodes).where(and(eq(phoneCodes.role, role), eq(phoneCodes.accountId, id)));
}

/** The short link of an appointment, made once. */
export async function linkCodeOf(tx: Tx, appointmentId: string, fresh: string, at: Date): Promise<string> {
  const row = await tx.select({ code: messageLinks.code }).from(messageLinks).where(eq(messageLinks.appointmentId, appointmentId)).get();
  if (row) return row.code;
  await tx.insert(messageLinks).values({ code: fresh, appointmentId, createdAt: at });
  return fresh;
}

export async function appointmentOfLink(r: Reader, code: string): Promise<string | undefined> {
  const row = await r.select({ id: messageLinks.appointmentId }).from(messageLinks).where(eq(messageLinks.code, code)).get();
  return row?.id;
}
