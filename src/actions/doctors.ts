/** The admin's actions on a doctor: the status machine of SERVER-RULES §5, and the review of a waiting profile change. */
import { keepAppointment } from "./stats";
import { moveSpecialization } from "../db/queries/stats";
import { DOCTOR_ERASED } from "../domain/erasure";
import { findDoctor, setDoctorStatus, updateDoctor, type DoctorRow } from "../db/queries/accounts";
import { cancelOpenOfDoctor } from "../db/queries/appointments";
import { historyOf, recordAudit, type AuditRow } from "../db/queries/audit";
import type { Deps } from "../config/deps";
import { changeDoctorStatus, type ChangeDecision } from "../domain/doctor-status";
import type { DoctorStatus } from "../domain/fields";
import { doctorStatusChanged, meetingCancelled } from "../mail/events";
import { conflict, notFound } from "../domain/refusal";

export type StatusChange = { doctor: DoctorRow; history: AuditRow[]; message: string };

/** The admin's reason for a rejected or blocked doctor's status, if one was given (shown to the doctor at login). */
export async function statusReasonOf(deps: Deps, doctor: Pick<DoctorRow, "id" | "status">): Promise<string | undefined> {
  if (doctor.status !== "rejected" && doctor.status !== "blocked") return undefined;
  const history = await historyOf(deps.database.db, "doctor", doctor.id);
  return history.findLast((e) => e.toStatus === doctor.status)?.reason ?? undefined;
}

/** Why a blocked doctor's open appointments were cancelled (the patients see it). */
export const DOCTOR_UNAVAILABLE = "The doctor is no longer available";

/**
 * Approve, Reject, Block or Reactivate: recorded in the audit trail with the change itself and
 * the admin's reason. Blocking also cancels the doctor's open appointments (pending requests and
 * confirmed meetings not yet over) for the patients, with DOCTOR_UNAVAILABLE, each in the trail.
 */
export function setStatusOfDoctor(
  deps: Deps,
  adminId: string,
  input: { doctorId: string; status: DoctorStatus; reason?: string },
): Promise<StatusChange> {
  return deps.database.write(async (tx) => {
    const current = await findDoctor(tx, input.doctorId);
    if (current === undefined) throw notFound("Doctor");
    // An erased doctor (issue 44) stays out of the directory: there is no one to reactivate.
    if (current.erasedAt !== null) throw conflict(DOCTOR_ERASED);
    const step = changeDoctorStatus(current.status, input.status);
    if (!step.ok) throw conflict(step.reason);
    // The history as it stands, and this change's event (kept for the COMMIT, so not read back).
    const event = adminEvent(deps, adminId, input.doctorId, { action: step.action, fromStatus: current.status, toStatus: input.status, reason: input.reason || null });
    const history = await historyOf(tx, "doctor", input.doctorId);
    recordAudit(tx, event);
    const doctor = await setDoctorStatus(tx, input.doctorId, input.status);
    await doctorStatusChanged(tx, deps, doctor.id, step.action);
    if (input.status === "blocked") {
      const now = deps.now();
      for (const { id, ...cancelled } of await cancelOpenOfDoctor(tx, input.doctorId, DOCTOR_UNAVAILABLE, now)) {
        // Issue 58: it was confirmed when it had a time, else pending.
        keepAppointment(tx, deps, { ...cancelled, status: cancelled.scheduledAt === null ? "pending" : "confirmed", cancelledBy: null, cancelledAt: null }, cancelled);
        recordAudit(tx, {
          at: now,
          actorRole: "admin",
          actorId: adminId,
          subject: "appointment",
          subjectId: id,
          action: "cancel",
          toStatus: "cancelled",
          reason: DOCTOR_UNAVAILABLE,
        });
        await meetingCancelled(tx, deps, id, "doctor");
      }
    }
    return { doctor, history: [...history, { id: 0, previous: null, ...event }], message: `${step.action}: ${doctor.name} is now ${doctor.status}` };
  });
}

/** What waited for the admin's review, from and to; a field that did not change is absent. */
export type ReviewedChange = { specialization?: { from: string; to: string }; collegeName?: { from: string; to: string } };

/**
 * The admin approves or declines an approved doctor's waiting change of specialization or college
 * (issue 27): approved, the directory shows it from then on; either way it is no longer waiting.
 * Recorded in the audit trail with what changed. Both doors call it: the admin page's form and
 * PATCH /api/auth/admin-dashboard/doctor-change/{id}; `change` lets the page say it in its language.
 */
export function decideDoctorChange(
  deps: Deps,
  adminId: string,
  input: { doctorId: string; decision: ChangeDecision },
): Promise<StatusChange & { change: ReviewedChange }> {
  return deps.database.write(async (tx) => {
    const current = await findDoctor(tx, input.doctorId);
    if (current === undefined) throw notFound("Doctor");
    const { pendingSpecialization, pendingCollegeName } = current;
    if (pendingSpecialization === null && pendingCollegeName === null) throw conflict("This doctor has no change waiting for review");
    const change: ReviewedChange = {
      ...(pendingSpecialization !== null && { specialization: { from: current.specialization, to: pendingSpecialization } }),
      ...(pendingCollegeName !== null && { collegeName: { from: current.collegeName, to: pendingCollegeName } }),
    };
    const what = [
      change.specialization && `specialization ${change.specialization.from} to ${change.specialization.to}`,
      change.collegeName && `college ${change.collegeName.from} to ${change.collegeName.to}`,
    ]
      .filter(Boolean)
      .join(", ");
    const approve = input.decision === "approve";
    const doctor = await updateDoctor(tx, input.doctorId, {
      ...(approve && pendingSpecialization !== null && { specialization: pendingSpecialization }),
      ...(approve && pendingCollegeName !== null && { collegeName: pendingCollegeName }),
      pendingSpecialization: null,
      pendingCollegeName: null,
    });
    // Issue 58: the doctor's totals by specialization move with them.
    if (approve && pendingSpecialization !== null && pendingSpecialization !== current.specialization) moveSpecialization(tx, input.doctorId, current.specialization, pendingSpecialization);
    const action = approve ? "Approve change" : "Decline change";
    const event = adminEvent(deps, adminId, input.doctorId, { action, fromStatus: current.status, toStatus: current.status, reason: what });
    const history = await historyOf(tx, "doctor", input.doctorId);
    recordAudit(tx, event);
    return { doctor, history: [...history, { id: 0, previous: null, ...event }], change, message: `${approve ? "Approved" : "Declined"} ${doctor.name}'s change of ${what}.` };
  });
}

/**
 * The admin verifies or refuses a doctor's waiting registration (issue 41). Verified, the pair
 * becomes the one patients are shown; refused, it stays waiting with the reason the doctor reads
 * until they change it. Recorded in the audit trail with the pair. Both doors call it: the admin
 * page's forms and PATCH /api/auth/admin-dashboard/doctor-registration/{id}.
 */
export function decideRegistration(
  deps: Deps,
  adminId: string,
  input: { doctorId: string; verified: boolean; reason?: string },
): Promise<StatusChange> {
  return deps.database.write(async (tx) => {
    const current = await findDoctor(tx, input.doctorId);
    if (current === undefined) throw notFound("Doctor");
    const { pendingRegistrationNumber: number, pendingRegistrationCouncil: council } = current;
    if (number === null || council === null) throw conflict(NO_REGISTRATION_WAITING);
    const doctor = await updateDoctor(
      tx,
      input.doctorId,
      input.verified
        ? { registrationNumber: number, registrationCouncil: council, pendingRegistrationNumber: null, pendingRegistrationCouncil: null, registrationReason: null }
        : { registrationReason: input.reason ?? null },
    );
    const pair = `${number}, ${council}`;
    const action = input.verified ? "Verify registration" : "Reject registration";
    const event = adminEvent(deps, adminId, input.doctorId, { action, fromStatus: current.status, toStatus: current.status, reason: input.verified ? pair : `${pair}: ${input.reason}` });
    const history = await historyOf(tx, "doctor", input.doctorId);
    recordAudit(tx, event);
    const message = input.verified ? `Verified ${doctor.name}'s registration ${pair}.` : `Did not verify ${doctor.name}'s registration ${pair}.`;
    return { doctor, history: [...history, { id: 0, previous: null, ...event }], message };
  });
}

/** The refusal of a check when no registration waits (checked already, or never given). */
export const NO_REGISTRATION_WAITING = "This doctor has no registration waiting for a check";

/** An admin's event about a doctor, for the audit trail. */
function adminEvent(deps: Deps, adminId: string, doctorId: string, what: { action: string; fromStatus: string; toStatus: string; reason: string | null }) {
  return { at: deps.now(), actorRole: "admin" as const, actorId: adminId, subject: "doctor" as const, subjectId: doctorId, ...what };
}
