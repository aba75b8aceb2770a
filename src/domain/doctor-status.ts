/**
 * The doctor status machine of SERVER-RULES §5: which admin action moves a doctor where.
 */
import type { DoctorStatus } from "./fields";

/** Allowed targets from each status, with the admin action's name. */
export const DOCTOR_TRANSITIONS: Readonly<Record<DoctorStatus, Partial<Record<DoctorStatus, string>>>> = {
  pending: { approved: "Approve", rejected: "Reject" },
  approved: { blocked: "Block" },
  rejected: { approved: "Reactivate" },
  blocked: { approved: "Reactivate" },
};

export type DoctorTransition = { ok: true; action: string } | { ok: false; reason: string };

/** The admin's answers to an approved doctor's change of specialization or college (issue 27). */
export const CHANGE_DECISIONS = ["approve", "decline"] as const;
export type ChangeDecision = (typeof CHANGE_DECISIONS)[number];

/** Changes that cannot simply be undone for the people they touch: they take a reason, shown to the doctor. */
export const NEEDS_REASON: ReadonlySet<DoctorStatus> = new Set<DoctorStatus>(["rejected", "blocked"]);

/** May the admin move a doctor from `from` to `to`? */
export function changeDoctorStatus(from: DoctorStatus, to: DoctorStatus): DoctorTransition {
  const action = DOCTOR_TRANSITIONS[from][to];
  if (action === undefined) return { ok: false, reason: `A ${from} doctor cannot become ${to}` };
  return { ok: true, action };
}

/** The admin actions offered for a doctor in `status`, in table order. */
export function doctorActions(status: DoctorStatus): { to: DoctorStatus; action: string }[] {
  return Object.entries(DOCTOR_TRANSITIONS[status]).map(([to, action]) => ({ to: to as DoctorStatus, action: action! }));
}
