/** Accounts of the three roles: lookups, inserts, profile and status updates. */
import type { Sex } from "../../domain/family";
import { and, asc, count, desc, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { DoctorStatus, Role, Specialization } from "../../domain/fields";
import type { Lang } from "../../domain/i18n";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { admins, doctors, patients } from "../schema";
import { registrationWaiting } from "../schema/accounts";
import { keptList } from "./kept-list";
import { ratingJsonSql } from "./reviews";

export type PatientRow = typeof patients.$inferSelect;
export type DoctorRow = typeof doctors.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;
export type AccountRow = PatientRow | DoctorRow | AdminRow;

const tables = { patient: patients, doctor: doctors, admin: admins } as const;

export function findPatientByEmail(r: Reader, email: string): Promise<PatientRow | undefined> {
  return r.select().from(patients).where(eq(patients.email, email)).get();
}
export function findDoctorByEmail(r: Reader, email: string): Promise<DoctorRow | undefined> {
  return r.select().from(doctors).where(eq(doctors.email, email)).get();
}
export function findAdminByEmail(r: Reader, email: string): Promise<AdminRow | undefined> {
  return r.select().from(admins).where(eq(admins.email, email)).get();
}
export function findPatient(r: Reader, id: string): Promise<PatientRow | undefined> {
  return r.select().from(patients).where(eq(patients.id, id)).get();
}
export async function findDoctor(r: Reader, id: string): Promise<DoctorRow | undefined> {
  return (await doctorById(r, id))[0];
}
const doctorById = keptList(getTableColumns(doctors), (r, id) => r.select().from(doctors).where(eq(doctors.id, id as string)));

/** Whether an email is taken for `role` (emails are unique per role). */
export async function emailTaken(r: Reader, role: Role, email: string): Promise<boolean> {
  const table = tables[role];
  const row = await r.select({ id: table.id }).from(table).where(eq(table.email, email)).get();
  return row !== undefined;
}

export async function insertPatient(tx: Tx, row: typeof patients.$inferInsert): Promise<PatientRow> {
  return (await tx.insert(patients).values(row).returning().get())!;
}
export async function insertDoctor(tx: Tx, row: typeof doctors.$inferInsert): Promise<DoctorRow> {
  return (await tx.insert(doctors).values(row).returning().get())!;
}
export async function insertAdmin(tx: Tx, row: typeof admins.$inferInsert): Promise<AdminRow> {
  return (await tx.insert(admins).values(row).returning().get())!;
}

/** Ends every token issued to this account so far (logout). */
export async function bumpTokenVersion(tx: Tx, role: Role, id: string): Promise<void> {
  const table = tables[role];
  await tx
    .update(table)
    .set({ tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(eq(table.id, id));
}

export async function updatePatient(
  tx: Tx,
  id: string,
  fields: { name: string; profileImage?: string; dateOfBirth?: string | null; sex?: Sex | null },
): Promise<PatientRow> {
  return (await tx.update(patients).set(fields).where(eq(patients.id, id)).returning().get())!;
}

/** The doctor's details and registration (issue 41), written by the profile and the admin's check. */
type DetailColumn =
  | "registrationNumber"
  | "registrationCouncil"
  | "pendingRegistrationNumber"
  | "pendingRegistrationCouncil"
  | "registrationReason"
  | "experienceYears"
  | "languages"
  | "fee"
  | "about";

export async function updateDoctor(
  tx: Tx,
  id: string,
  fields: {
    name?: string;
    specialization?: Specialization;
    collegeName?: string;
    profileImage?: string;
    pendingSpecialization?: Specialization | null;
    pendingCollegeName?: string | null;
    profileCheckedAt?: Date;
  } & Partial<Pick<DoctorRow, DetailColumn>>,
): Promise<DoctorRow> {
  return (await tx.update(doctors).set(fields).where(eq(doctors.id, id)).returning().get())!;
}

export async function setDoctorStatus(tx: Tx, id: string, status: DoctorStatus): Promise<DoctorRow> {
  return (await tx.update(doctors).set({ status }).where(eq(doctors.id, id)).returning().get())!;
}

export async function countAdmins(r: Reader): Promise<number> {
  const row = await r.select({ n: sql<number>`count(*)` }).from(admins).get();
  return row?.n ?? 0;
}

const directoryColumns = {
  id: doctors.id,
  name: doctors.name,
  specialization: doctors.specialization,
  collegeName: doctors.collegeName,
  profileImage: doctors.profileImage,
};
export type DirectoryDoctor = Pick<DoctorRow, keyof typeof directoryColumns>;

/** Approved doctors as patients see them (no email), by specialization then name. */
export function listApprovedDoctors(r: Reader): Promise<DirectoryDoctor[]> {
  return approvedDoctors(r);
}
const approvedDoctors = keptList(directoryColumns, (r) =>
  r.select(directoryColumns).from(doctors).where(eq(doctors.status, "approved")).orderBy(asc(doctors.specialization), asc(doctors.name)),
);

/**
 * A few listed doctors for the home page (issue 52: only those the public directory shows,
 * approved with a verified registration, each a link to their profile), in the directory's order.
 */
export function someApprovedDoctors(r: Reader, n: number): Promise<DirectoryDoctor[]> {
  return r
    .select(directoryColumns)
    .from(doctors)
    .where(and(eq(doctors.status, "approved"), isNotNull(doctors.registrationNumber), isNotNull(doctors.registrationCouncil)))
    .orderBy(asc(doctors.specialization), asc(doctors.name))
    .limit(n)
    .all();
}

/**
 * The patients' directory as the API sends it, JSON text built by SQLite in one row: approved
 * doctors as `{ _id, name, specialization, collegeName, profileImage, rating }`, by specialization then
 * name (listApprovedDoctors' order). Thousands of doctors cost one string, not an object per
 * row in the driver, drizzle and JSON.stringify.
 */
export async function approvedDoctorsJson(r: Reader): Promise<string> {
  // Ordered in the subquery, not with an aggregate's ORDER BY: sqld parses every statement
  // itself and refuses that form (SQLite 3.44 syntax). SQLite does not flatten an ordered
  // subquery into an aggregate, so the rows reach json_group_array in the index's order; json()
  // keeps each object an object, since a subquery's column loses its JSON subtype.
  const row = await r.get<{ json: string | null }>(sql`
    select json_group_array(json(doctor)) as json from (
      select json_object('_id', ${doctors.id}, 'name', ${doctors.name}, 'specialization', ${doctors.specialization},
                         'collegeName', ${doctors.collegeName}, 'profileImage', ${doctors.profileImage},
                         'rating', ${ratingJsonSql}) as doctor
      from ${doctors} where ${doctors.status} = 'approved'
      order by ${doctors.specialization}, ${doctors.name}
    )`);
  return row?.json ?? "[]";
}

/** Every doctor for the admin table, oldest signup first. */
export function listAllDoctors(r: Reader): Promise<DoctorRow[]> {
  return allDoctors(r);
}
const allDoctors = keptList(getTableColumns(doctors), (r) => r.select().from(doctors).orderBy(asc(doctors.createdAt)));

// Registrations waiting first (src/domain/admin-table.ts), then newest: one backward walk of doctors_registration_waiting_created.
const newestFirst = [sql`${registrationWaiting(doctors)} desc`, desc(doctors.createdAt), desc(doctors.id)];

/** The ids of the same page of doctors, as a subquery (to read their histories in the same round trip). */
export function doctorsPageIds(r: Reader, offset: number, limit: number) {
  return r.select({ id: doctors.id }).from(doctors).orderBy(...newestFirst).limit(limit).offset(offset);
}

/**
 * One page of the admin's table in its order (src/domain/admin-table.ts: newest signup first, so
 * those waiting for a decision come first), and how many doctors there are in all: two queries,
 * both on the created_at index.
 */
export async function doctorsPage(r: Reader, offset: number, limit: number): Promise<{ doctors: DoctorRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    r.select().from(doctors).orderBy(...newestFirst).limit(limit).offset(offset).all(),
    r.select({ total: count() }).from(doctors).all(),
  ]);
  return { doctors: rows, total: counted?.total ?? 0 };
}

/**
 * A password change: the new hash, sent with the COMMIT (the caller knows the account it changes;
 * nothing reads the row back). Tokens stay valid: the caller ends the other sessions itself.
 */
export function changePasswordHash(tx: Tx, role: Role, id: string, passwordHash: string): void {
  const table = tables[role];
  atCommit(tx, tx.update(table).set({ passwordHash }).where(eq(table.id, id)));
}

/** A password reset: the new hash, and the token version moves on (every token dies). The account as it is now. */
export function resetPasswordHash(tx: Tx, role: Role, id: string, passwordHash: string): Promise<AccountRow | undefined> {
  const table = tables[role];
  return tx
    .update(table)
    .set({ passwordHash, tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(eq(table.id, id))
    .returning()
    .get() as Promise<AccountRow | undefined>;
}

/** The account of `role` with this id, any status. */
export function findAccount(r: Reader, role: Role, id: string): Promise<AccountRow | undefined> {
  const table = tables[role];
  return r.select().from(table).where(eq(table.id, id)).get() as Promise<AccountRow | undefined>;
}

/**
 * Sets the account's time zone. `onlyIfUnset`: only when it has none (a browser's report never
 * replaces a zone the person chose). Whether a row changed.
 */
export async function setAccountTimeZone(tx: Tx, role: Role, id: string, zone: string, onlyIfUnset: boolean): Promise<boolean> {
  const table = tables[role];
  const where = onlyIfUnset ? sql`${table.id} = ${id} and ${table.timeZone} is null` : eq(table.id, id);
  const rows = await tx.update(table).set({ timeZone: zone }).where(where).returning({ id: table.id }).all();
  return rows.length > 0;
}

/** Keeps `lang` as the language of account `id` (the switcher, issue 31). */
export async function setAccountLanguage(tx: Tx, role: Role, id: string, lang: Lang): Promise<void> {
  const table = tables[role];
  await tx.update(table).set({ language: lang }).where(eq(table.id, id)).run();
}

/** Records that the account accepted the consent notice `version` at `at` (issue 44). */
/** Issue 51: the person withdraws consent: no notice accepted any more (the pages ask again), and when. */
export async function withdrawConsentRow(tx: Tx, role: "patient" | "doctor", id: string, at: Date): Promise<void> {
  const table = tables[role];
  await tx.update(table).set({ consentVersion: null, consentAt: null, consentWithdrawnAt: at }).where(eq(table.id, id));
}

export async function recordConsent(tx: Tx, role: "patient" | "doctor", id: string, version: string, at: Date): Promise<void> {
  const table = tables[role];
  await tx.update(table).set({ consentVersion: version, consentAt: at }).where(eq(table.id, id));
}
