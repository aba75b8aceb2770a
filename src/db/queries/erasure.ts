/**
 * The SQL of erasing an account (issue 44, item 9; src/actions/erasure.ts holds the rules). Every
 * write here is sent with the erasure's COMMIT (src/db/at-commit.ts): nothing reads them back.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { ERASED_NAME, ERASED_PASSWORD_HASH, erasedEmail } from "../../domain/erasure";
import { atCommit } from "../at-commit";
import type { Reader, Tx } from "../client";
import { appointments, doctors, documents, familyMembers, mailOutbox, mailPreferences, patients, phoneCodes, records, waitlist } from "../schema";
import { openAt } from "./open-appointments";

/** The ids of the account's open appointments at `now` (pending, or confirmed and not over), on its own side. */
export async function openAppointmentIds(r: Reader, side: "patient" | "doctor", accountId: string, now: Date): Promise<string[]> {
  const owner = side === "patient" ? eq(appointments.patientId, accountId) : eq(appointments.doctorId, accountId);
  const rows = await r.select({ id: appointments.id }).from(appointments).where(and(owner, openAt(now))).all();
  return rows.map((row) => row.id);
}

/** What every erased row says: no name, an address of its own nobody has, a hash no password opens; every token dies. */
const erasedColumns = (table: typeof patients | typeof doctors, now: Date) => ({
  name: ERASED_NAME,
  email: erasedEmail(),
  passwordHash: ERASED_PASSWORD_HASH,
  profileImage: null,
  timeZone: null,
  language: null,
  // Issue 55: the number goes too (its codes with it, below).
  phone: null,
  phoneVerifiedAt: null,
  erasedAt: now,
  tokenVersion: sql`${table.tokenVersion} + 1`,
});

/**
 * A patient's row erased, with what hangs on it: the family members (their names leave the
 * past visits booked for them too), the waitlist entries, the mail choices and every mail addressed
 * to them. The visits themselves stay, with their reasons (docs/decisions.md "Erasure keeps the visits").
 */
export function erasePatientRows(tx: Tx, id: string, now: Date): void {
  atCommit(tx, tx.update(appointments).set({ forMemberId: null, forName: null }).where(eq(appointments.patientId, id)));
  atCommit(tx, tx.delete(familyMembers).where(eq(familyMembers.patientId, id)));
  atCommit(tx, tx.delete(waitlist).where(eq(waitlist.patientId, id)));
  atCommit(tx, tx.update(patients).set({ ...erasedColumns(patients, now), dateOfBirth: null, sex: null }).where(eq(patients.id, id)));
  // Issue 56: the drafts go; issued records stay the doctor's medical record until RECORD_KEEP_DAYS.
  atCommit(tx, tx.delete(records).where(and(eq(records.patientId, id), isNull(records.number))));
  // Issue 56: the reports' rows go (their files after the commit: src/actions/erasure.ts).
  atCommit(tx, tx.delete(documents).where(eq(documents.patientId, id)));
  forgetMail(tx, "patient", id);
}

/**
 * A doctor's row erased: out of the directory for good (blocked, which only the admin could undo,
 * and the admin cannot for an erased row), every detail that names them gone; the patients waiting
 * for a freed time of theirs stop waiting.
 */
export function eraseDoctorRows(tx: Tx, id: string, now: Date): void {
  atCommit(
    tx,
    tx
      .update(doctors)
      .set({
        ...erasedColumns(doctors, now),
        status: "blocked",
        collegeName: ERASED_NAME,
        pendingSpecialization: null,
        pendingCollegeName: null,
        registrationNumber: null,
        registrationCouncil: null,
        pendingRegistrationNumber: null,
        pendingRegistrationCouncil: null,
        registrationReason: null,
        experienceYears: null,
        languages: null,
        fee: null,
        about: null,
      })
      .where(eq(doctors.id, id)),
  );
  atCommit(tx, tx.update(waitlist).set({ endedAt: now, endedWhy: "expired" }).where(and(eq(waitlist.doctorId, id), isNull(waitlist.endedAt))));
  forgetMail(tx, "doctor", id);
}

/** The account's mail choices, and every mail to it, sent or not: its address and name leave the outbox. */
function forgetMail(tx: Tx, role: "patient" | "doctor", id: string): void {
  atCommit(tx, tx.delete(mailPreferences).where(and(eq(mailPreferences.role, role), eq(mailPreferences.accountId, id))));
  atCommit(tx, tx.delete(mailOutbox).where(and(eq(mailOutbox.recipientRole, role), eq(mailOutbox.recipientId, id))));
  // Issue 55: the phone codes sent to the account (its texts went with the outbox's rows above).
  atCommit(tx, tx.delete(phoneCodes).where(and(eq(phoneCodes.role, role), eq(phoneCodes.accountId, id))));
}

/** Whether the account of `role` with this id is erased (an unsubscribe link of it answers "no longer valid"). */
export async function isErased(r: Reader, role: "patient" | "doctor" | "admin", id: string): Promise<boolean> {
  if (role === "admin") return false;
  const table = role === "patient" ? patients : doctors;
  const row = await r.select({ erasedAt: table.erasedAt }).from(table).where(eq(table.id, id)).get();
  return row === undefined || row.erasedAt !== null;
}
