/**
 * Erasing one's own account (issue 44, item 9; docs/decisions.md "Erasure keeps the visits"). The
 * password is checked under the login throttle, as a password change checks it; then one
 * transaction passes on each waitlist offer the patient holds (issue 51), cancels the patient's
 * open appointments the usual way (the doctor gets the usual notice), erases the row and all that hangs on it, ends every session, device and calendar feed,
 * and records the erasure in the audit trail by ids alone. The picture file goes once that is
 * committed (storage is no part of the transaction; a file left by a crash names nobody).
 */
import { accountTag } from "../auth/device";
import { checkPassword } from "../auth/passwords";
import { beginLoginAttempt, loginSucceeded } from "../auth/throttle";
import type { Deps } from "../config/deps";
import type { AccountRow } from "../db/queries/accounts";
import { recordAudit } from "../db/queries/audit";
import { patientDocuments, type DocumentRow } from "../db/queries/documents";
import { DOCUMENT_FOLDER } from "../storage/names";
import { forgetDevices } from "../db/queries/devices";
import { eraseDoctorRows, erasePatientRows, openAppointmentIds } from "../db/queries/erasure";
import { voidPasswordResets } from "../db/queries/password-resets";
import { deleteSessions } from "../db/queries/sessions";
import { turnOffTwoFactor } from "../db/queries/two-factor";
import { ADMIN_NOT_ERASABLE, DOCTOR_HAS_OPEN, ERASED_CANCEL_REASON } from "../domain/erasure";
import type { Role } from "../domain/fields";
import { conflict, invalid, Refusal } from "../domain/refusal";
import { cancelling } from "./appointments";
import { WRONG_CURRENT_PASSWORD, type Asker } from "./passwords";
import { endFeedWith } from "./sessions";
import { transitionIn } from "./transition";
import { endEntriesOf, hasOpenEntries } from "../db/queries/waitlist";
import { requireCodeIfOn } from "./second-factor";
import { forgetAccountEvents } from "../db/queries/throttle";
import { together } from "../db/together";
import { offerFreedSlot } from "./waitlist-offers";

/** The audit trail's action of an erasure (its subject is the account, by id: nothing that names the person). */
export const ERASED_ACTION = "Erased";

/**
 * Erases the signed-in account: a patient's, or a doctor's with no open appointment (409 else);
 * never the admin's (403). A wrong password (400) changes nothing and counts as a failed login.
 */
export async function eraseAccount(deps: Deps, who: { role: Role; account: AccountRow }, input: { password: string; code?: string }, asker: Asker): Promise<void> {
  const { role, account } = who;
  if (role === "admin") throw new Refusal("forbidden", ADMIN_NOT_ERASABLE);
  // Said before the password is asked for: the doctor has something to do first, whatever they type.
  if (role === "doctor" && (await openAppointmentIds(deps.database.db, role, account.id, deps.now())).length > 0) throw conflict(DOCTOR_HAS_OPEN);
  const attempt = await beginLoginAttempt(deps, { role, email: account.email, address: asker.address });
  if (!(await checkPassword(account.passwordHash, input.password, asker.address))) throw invalid(WRONG_CURRENT_PASSWORD);
  const tag = accountTag(deps.keys, { role, email: account.email });
  // Issue 56: the patient's reports, whose files go once their rows are gone.
  let reports: DocumentRow[] = [];
  await deps.database.write(async (tx) => {
    const now = deps.now();
    // Issue 51: with two-factor on, its code too.
    await requireCodeIfOn(deps, tx, role, account, input.code);
    loginSucceeded(tx, attempt);
    // The open appointments and whether any waitlist entry is open, in one round trip.
    // Issue 56: and the patient's reports, whose files go once their rows are gone.
    const [open, waiting, shared] = await together(() =>
      Promise.all([openAppointmentIds(tx, role, account.id, now), role === "patient" ? hasOpenEntries(tx, account.id) : false, role === "patient" ? patientDocuments(tx, account.id) : []]),
    );
    reports = shared;
    if (role === "doctor") {
      // One booked since the check above: the doctor still has a patient to see.
      if (open.length > 0) throw conflict(DOCTOR_HAS_OPEN);
      eraseDoctorRows(tx, account.id, now);
    } else {
      const caller = { role, id: account.id };
      // Issue 51: first off every waitlist (so no freed time is offered back to this patient), each
      // time offered to them (held, or run out and not yet passed on) goes to the next patient waiting, as leaving the list does.
      for (const entry of waiting ? await endEntriesOf(tx, account.id, now) : []) {
        if (entry.offerStart !== null) await together(() => offerFreedSlot(tx, deps, entry.doctorId, entry.offerStart!, now));
      }
      for (const id of open) await transitionIn(tx, deps, caller, id, "cancel", cancelling(deps, caller, ERASED_CANCEL_REASON, true));
      erasePatientRows(tx, account.id, now);
    }
    deleteSessions(tx, role, account.id);
    endFeedWith(tx, role, account.id);
    voidPasswordResets(tx, role, account.id);
    // Issue 51: the throttle's counts name the email in their keys: they go too.
    forgetAccountEvents(tx, role, account.email);
    // Two-factor's secret and recovery codes go too (a challenge already given then finds no secret).
    turnOffTwoFactor(tx, role, account.id);
    await forgetDevices(tx, tag);
    recordAudit(tx, { at: now, actorRole: role, actorId: account.id, subject: "account", subjectId: account.id, action: ERASED_ACTION });
  });
  if ("profileImage" in account && account.profileImage !== null) await deps.storage.remove(role === "patient" ? "patients" : "doctors", account.profileImage);
  for (const report of reports) await deps.storage.remove(DOCUMENT_FOLDER, report.storedName);
}
