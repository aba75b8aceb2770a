/** The admin's list of doctors and decisions about them (src/routes/api/admin.ts). */
import { answers } from "../../http/answers";
import { doctorChangeBody, doctorIdParam, registrationDecisionBody, doctorStatusBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const admin = {
  doctors: {
    method: "get", path: `${AUTH}/admin-dashboard/doctors`, tag: "Admin", who: "admin",
    summary: "Every doctor, oldest signup first, with the status history",
    ok: { status: 200, schema: answers.adminDoctors, description: "Every doctor", example: [EXAMPLES.adminDoctor] },
  },
  doctorStatus: {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-status/{id}`, tag: "Admin", who: "admin",
    summary: "Approve, reject, block or reactivate a doctor",
    description: "pending → approved or rejected; approved → blocked; rejected or blocked → approved. Any other change is 409.",
    params: doctorIdParam,
    body: { kind: "json", schema: doctorStatusBody, example: { status: "approved" } },
    ok: { status: 200, schema: answers.statusChanged, description: "Changed", example: { message: "Approve: Dana Doctor is now approved", doctor: EXAMPLES.adminDoctor } },
    errors: [404, 409],
  },
  doctorChange: {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-change/{id}`, tag: "Admin", who: "admin",
    summary: "Approve or decline an approved doctor's waiting change of specialization or college",
    description: "Approved, the doctor's profile and the directory show the change; declined, they keep the approved values. Either way nothing waits any more. 409 when no change waits.",
    params: doctorIdParam,
    body: { kind: "json", schema: doctorChangeBody, example: { decision: "approve" } },
    ok: { status: 200, schema: answers.statusChanged, description: "Decided", example: EXAMPLES.changeReviewed },
    errors: [404, 409],
  },
  doctorRegistration: {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-registration/{id}`, tag: "Admin", who: "admin",
    summary: "Verify or refuse a doctor's waiting registration",
    description: "Verified, the pair becomes the doctor's verified registration; refused (a reason is required), it stays waiting with the reason, which the doctor sees, until they change it. 409 when no registration waits.",
    params: doctorIdParam,
    body: { kind: "json", schema: registrationDecisionBody, example: { verified: true } },
    ok: { status: 200, schema: answers.statusChanged, description: "Decided", example: EXAMPLES.registrationChecked },
    errors: [404, 409],
  },
} satisfies Record<string, Operation>;
