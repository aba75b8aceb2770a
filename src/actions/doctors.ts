/** The admin's one action: moving a doctor along the status machine of SERVER-RULES §5. */
import { findDoctor, setDoctorStatus, type DoctorRow } from "../db/queries/accounts";
import { cancelOpenOfDoctor } from "../db/queries/appointments";
import { historyOf, recordAudit, type AuditRow } from "../db/queries/audit";
import type { Deps } from "../config/deps";
import { changeDoctorStatus } from "../domain/doctor-status";
import type { DoctorStatus } from "../domain/fields";
import { conflict, notFound } from "./refusal";

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
    const step = changeDoctorStatus(current.status, input.status);
    if (!step.ok) throw conflict(step.reason);
    await recordAudit(tx, {
      at: deps.now(),
      actorRole: "admin",
      actorId: adminId,
      subject: "doctor",
      subjectId: input.doctorId,
      action: step.action,
      fromStatus: current.status,
      toStatus: input.status,
      reason: input.reason || null,
    });
    const doctor = await setDoctorStatus(tx, input.doctorId, input.status);
    if (input.status === "blocked") {
      const now = deps.now();
      for (const cancelled of await cancelOpenOfDoctor(tx, input.doctorId, DOCTOR_UNAVAILABLE, now)) {
        await recordAudit(tx, {
          at: now,
          actorRole: "admin",
          actorId: adminId,
          subject: "appointment",
          subjectId: cancelled.id,
          action: "cancel",
          toStatus: "cancelled",
          reason: DOCTOR_UNAVAILABLE,
        });
      }
    }
    const history = await historyOf(tx, "doctor", input.doctorId);
    return { doctor, history, message: `${step.action}: ${doctor.name} is now ${doctor.status}` };
  });
}
