/** The admin's decisions about doctors, and the admin table's page (src/routes/api/admin.ts, src/routes/pages/admin-dashboard.tsx). */
import { z } from "zod";
import { DOCTOR_STATUSES, LIMITS } from "../../domain/fields";
import { DETAIL_LIMITS } from "../../domain/doctor-details";
import { CHANGE_DECISIONS, NEEDS_REASON } from "../../domain/doctor-status";
import { MESSAGES } from "../../domain/messages";
import { CONTROL_BUT_LINES, text } from "./common";

const doctorStatus = z.enum(DOCTOR_STATUSES, { error: `status must be one of: ${DOCTOR_STATUSES.join(", ")}` });

/** The admin's change of a doctor's status; a reason is optional for the API (its contract names only `status`). */
export const doctorStatusBody = z.object({
  status: doctorStatus,
  reason: z
    .string()
    .trim()
    .max(LIMITS.cancelReason.max, `reason must be at most ${LIMITS.cancelReason.max} characters`)
    .refine((v) => !CONTROL_BUT_LINES.test(v), "reason must not contain control characters")
    .optional(),
});

/** The admin's answer to a doctor's waiting change: the page's form and the API's body. */
export const doctorChangeBody = z.object({
  decision: z.enum(CHANGE_DECISIONS, { error: `decision must be one of: ${CHANGE_DECISIONS.join(", ")}` }),
});

/** The admin page's form: rejecting or blocking takes a reason, said in plain words. */
export const doctorStatusForm = doctorStatusBody.superRefine((form, ctx) => {
  if (NEEDS_REASON.has(form.status) && !form.reason) {
    ctx.addIssue({ code: "custom", path: ["reason"], message: form.status === "blocked" ? MESSAGES.blockReasonEmpty : MESSAGES.rejectReasonEmpty });
  }
});

/** The admin's check of a doctor's waiting registration (issue 41): refusing it takes a reason the doctor reads. */
export const registrationDecisionBody = z
  .object({
    verified: z.boolean({ error: "verified must be true or false" }),
    reason: text("reason", DETAIL_LIMITS.registrationReason, { multiline: true }).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.verified && !body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "reason is required when verified is false" });
  });

/** The admin page's Verify and Reject forms: `verified` as "true" or "false", read into registrationDecisionBody. */
export const registrationDecisionForm = z
  .object({ verified: z.enum(["true", "false"], { error: "verified must be true or false" }), reason: z.string().optional() })
  .superRefine((form, ctx) => {
    if (form.verified === "false" && !form.reason?.trim()) ctx.addIssue({ code: "custom", path: ["reason"], message: MESSAGES.registrationReasonEmpty });
  })
  .transform(({ verified, reason }) => ({ verified: verified === "true", ...(reason?.trim() ? { reason } : {}) }))
  .pipe(registrationDecisionBody);

/** The `{id}` of `/admin-dashboard/doctor-status/{id}` (the same rule as the admin route's own). */
export const doctorIdParam = z.object({ id: z.string().min(1).max(64) });

/** The admin table's page in the query: a whole number from 1, written plainly ("2", not "02" or "2.0"). */
export const pageQuery = z.object({ page: z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).optional() });
