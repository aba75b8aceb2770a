/** The admin's one action: moving a doctor along the status machine of SERVER-RULES §5. */
import { findDoctor, setDoctorStatus, type DoctorRow } from "../db/queries/accounts";
import { historyOf, recordAudit, type AuditRow } from "../db/queries/audit";
import type { Deps } from "../config/deps";
import { changeDoctorStatus } from "../domain/doctor-status";
import type { DoctorStatus } from "../domain/fields";
import { doctorStatusChanged } from "../mail/events";
import { conflict, notFound } from "./refusal";

export type StatusChange = { doctor: DoctorRow; history: AuditRow[]; message: string };

/** Approve, Reject, Block or Reactivate: recorded in the audit trail with the change itself. */
export function setStatusOfDoctor(deps: Deps, adminId: string, input: { doctorId: string; status: DoctorStatus }): Promise<StatusChange> {
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
    });
    const doctor = await setDoctorStatus(tx, input.doctorId, input.status);
    await doctorStatusChanged(tx, deps, doctor.id, step.action);
    const history = await historyOf(tx, "doctor", input.doctorId);
    return { doctor, history, message: `${step.action}: ${doctor.name} is now ${doctor.status}` };
  });
}
