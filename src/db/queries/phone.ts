/** Phones (issue 55): an account's number, the codes sent to it, and the texts' short links. */
import { and, count, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { DOCTOR_ZONE_SQL } from "./sessions";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { doctors, mailPreferences, messageLinks, patients, phoneCodes } from "../schema";
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

/** Sets (verifiedAt null: waiting for its code) or removes (number null) an account's number; sent with the COMMIT. */
export function setPhone(tx: Tx, role: PhoneRole, id: string, number: string | null, verifiedAt: Date | null): void {
  const t = tables[role];
  atCommit(tx, tx.update(t).set({ phone: number, phoneVerifiedAt: verifiedAt }).where(eq(t.id, id)));
}

/** A number verified on one patient leaves every other patient who had it (a number signs in one patient). */
export function releasePatientNumber(tx: Tx, number: string, keeper: string): void {
  atCommit(tx, tx.update(patients).set({ phone: null, phoneVerifiedAt: null }).where(and(eq(patients.phone, number), ne(patients.id, keeper))));
}

/** The patient whose verified number this is (sign-in by code). */
export function patientByVerifiedPhone(r: Reader, number: string) {
  return r
    .select()
    .from(patients)
    .where(and(eq(patients.phone, number), isNotNull(patients.phoneVerifiedAt)))
    .get();
}

export function insertCode(tx: Tx, row: typeof phoneCodes.$inferInsert): void {
  atCommit(tx, tx.insert(phoneCodes).values(row));
}

/** The throttles' counts in one statement: this account's (and this number's) latest code in the last minute, and this number's codes in the last hour. */
export async function codeCounts(r: Reader, account: { role: PhoneRole; id: string } | undefined, number: string, minuteAgo: Date, hourAgo: Date) {
  const latest =
    account === undefined
      ? sql`null`
      : sql`(select max(${phoneCodes.createdAt}) from ${phoneCodes} where ${phoneCodes.role} = ${account.role} and ${phoneCodes.accountId} = ${account.id} and ${phoneCodes.createdAt} >= ${minuteAgo.getTime()})`;
  const row = await r.get<{ n: number; first: number | null; latest: number | null; numberLatest: number | null }>(
    sql`select count(*) as n, min(${phoneCodes.createdAt}) as first, ${latest} as latest, max(case when ${phoneCodes.createdAt} >= ${minuteAgo.getTime()} and ${phoneCodes.purpose} = 'login' then ${phoneCodes.createdAt} end) as numberLatest from ${phoneCodes} where ${phoneCodes.number} = ${number} and ${phoneCodes.createdAt} >= ${hourAgo.getTime()}`,
  );
  return {
    /** This number's latest sign-in code in the last minute (their once-a-minute, whoever asked). */
    numberLatest: row?.numberLatest == null ? undefined : new Date(Number(row.numberLatest)),
    numberCount: Number(row?.n ?? 0),
    numberOldest: row?.first == null ? null : new Date(Number(row.first)),
    accountLatest: row?.latest == null ? undefined : new Date(Number(row.latest)),
  };
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

export function countWrongTry(tx: Tx, id: string): void {
  atCommit(tx, tx.update(phoneCodes).set({ wrongTries: sql`${phoneCodes.wrongTries} + 1` }).where(eq(phoneCodes.id, id)));
}

export function useCode(tx: Tx, id: string, at: Date): void {
  atCommit(tx, tx.update(phoneCodes).set({ usedAt: at }).where(eq(phoneCodes.id, id)));
}

/** An account's codes, gone with its number or the account (erasure). */
export function forgetCodes(tx: Tx, role: PhoneRole, id: string): void {
  atCommit(tx, tx.delete(phoneCodes).where(and(eq(phoneCodes.role, role), eq(phoneCodes.accountId, id))));
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

/** Who a text about a meeting may go to (issue 55): the account's verified number, its language and zone, and its choices. */
export async function textReaderOf(r: Reader, role: PhoneRole, id: string) {
  const t = tables[role];
  const row = await r
    .select({
      phone: t.phone,
      verifiedAt: t.phoneVerifiedAt,
      language: t.language,
      timeZone: t === doctors ? sql<string | null>`${sql.raw(DOCTOR_ZONE_SQL)}` : t.timeZone,
      sms: mailPreferences.sms,
      whatsapp: mailPreferences.whatsapp,
      reminders: mailPreferences.reminders,
      notices: mailPreferences.notices,
    })
    .from(t)
    .leftJoin(mailPreferences, and(eq(mailPreferences.role, role), eq(mailPreferences.accountId, t.id)))
    .where(eq(t.id, id))
    .get();
  if (row === undefined || row.phone === null || row.verifiedAt === null) return undefined;
  return {
    role,
    id,
    number: row.phone,
    language: row.language,
    timeZone: row.timeZone,
    sms: row.sms ?? true,
    whatsapp: row.whatsapp ?? false,
    reminders: row.reminders ?? true,
    notices: row.notices ?? true,
  };
}
export type TextReaderRow = NonNullable<Awaited<ReturnType<typeof textReaderOf>>>;
