/**
 * Zod schemas for every API input, built from the field rules of src/domain/fields.ts.
 * Messages name the field so that a 400 tells the caller what to fix.
 */
import { z } from "zod";
import { DOCTOR_STATUSES, LIMITS, SPECIALIZATIONS } from "../domain/fields";
import { isTimeZone, zonedInstant } from "../domain/time";
import { CHANGE_DECISIONS, NEEDS_REASON } from "../domain/doctor-status";
import { DATE_AND_TIME_REQUIRED, MESSAGES } from "../domain/messages";

type Limit = { min: number; max: number };

/** C0 and C1 control characters and DEL: every place must show the same text, so none is stored. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but line breaks and tabs, which a reason or a feedback may hold. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A required, trimmed text field with the product's length limits, refusing control characters
 * (`multiline`: all but line breaks and tabs).
 */
export function text(field: string, limit: Limit, options: { multiline?: boolean } = {}) {
  const control = options.multiline ? CONTROL_BUT_LINES : CONTROL;
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(limit.min, limit.min === 1 ? `${field} is required` : `${field} must be at least ${limit.min} characters`)
    .max(limit.max, `${field} must be at most ${limit.max} characters`)
    .refine((v) => !control.test(v), `${field} must not contain control characters`);
}

const email = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .min(1, "email is required")
  .max(LIMITS.email.max, `email must be at most ${LIMITS.email.max} characters`)
  .pipe(z.email("email must be a valid email address"));

const newPassword = z
  .string({ error: "password is required" })
  .min(LIMITS.password.min, `password must be at least ${LIMITS.password.min} characters`)
  .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`);

const specialization = z.enum(SPECIALIZATIONS, {
  error: `specialization must be one of: ${SPECIALIZATIONS.join(", ")}`,
});

const id = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(64, `${field} is not valid`);

export const loginBody = z.object({
  email,
  // Any length is checked against the hash; only absurd sizes are refused up front.
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`),
});

export const patientSignupBody = z.object({
  name: text("name", LIMITS.name),
  email,
  password: newPassword,
});

export const doctorSignupBody = patientSignupBody.extend({
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
});

export const bookBody = z.object({
  doctorId: id("doctorId"),
  reason: text("reason", LIMITS.bookingReason, { multiline: true }),
});

export const scheduleBody = z.object({
  appointmentId: id("appointmentId"),
  patientId: id("patientId"),
  // Accepted for the existing client; the server uses the signed-in doctor.
  doctorName: z.string().optional(),
  scheduledDateTime: z
    .string({ error: "scheduledDateTime is required" })
    .trim()
    .min(1, "scheduledDateTime is required")
    // A time without a zone is ambiguous for a medical appointment: require Z or an offset.
    .pipe(z.iso.datetime({ offset: true, error: "scheduledDateTime must be an ISO 8601 date-time with a time zone" }))
    .transform((v) => new Date(v)),
});

export { DATE_AND_TIME_REQUIRED };

/**
 * The schedule form of the doctor's page: a date and a time as the doctor's clock shows them, in
 * the time zone the page was shown in (`tz`), read into the API's scheduleBody.
 */
export const scheduleForm = z
  .object({
    appointmentId: z.string().optional(),
    patientId: z.string().optional(),
    date: z.string({ error: DATE_AND_TIME_REQUIRED }).trim().min(1, DATE_AND_TIME_REQUIRED),
    time: z.string({ error: DATE_AND_TIME_REQUIRED }).trim().min(1, DATE_AND_TIME_REQUIRED),
    tz: z.string().optional(),
  })
  .transform((form, ctx) => {
    const instant = zonedInstant(form.date, form.time, form.tz || "UTC");
    if (instant === undefined) {
      ctx.addIssue({ code: "custom", path: ["date"], message: MESSAGES.realDateAndTime });
      return z.NEVER;
    }
    return { appointmentId: form.appointmentId, patientId: form.patientId, scheduledDateTime: instant.toISOString() };
  })
  .pipe(scheduleBody);

export const cancelBody = z.object({
  appointmentId: id("appointmentId"),
  reason: text("reason", LIMITS.cancelReason, { multiline: true }),
});

export const feedbackBody = z.object({
  appointmentId: id("appointmentId"),
  message: text("message", LIMITS.feedback, { multiline: true }),
});

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

/** The admin page's answer to a doctor's waiting change. */
export const doctorChangeForm = z.object({
  decision: z.enum(CHANGE_DECISIONS, { error: "Choose Approve change or Decline change." }),
});

/** The admin page's form: rejecting or blocking takes a reason, said in plain words. */
export const doctorStatusForm = doctorStatusBody.superRefine((form, ctx) => {
  if (NEEDS_REASON.has(form.status) && !form.reason) {
    ctx.addIssue({ code: "custom", path: ["reason"], message: form.status === "blocked" ? MESSAGES.blockReasonEmpty : MESSAGES.rejectReasonEmpty });
  }
});

// Multipart profile forms. An empty file part (no file chosen) means "keep the picture".
const profileImage = z
  .union([z.instanceof(File), z.string()])
  .optional()
  .transform((v) => (v instanceof File && v.size > 0 ? v : undefined));

export const patientProfileForm = z.object({ name: text("name", LIMITS.name), profileImage });

export const doctorProfileForm = z.object({
  name: text("name", LIMITS.name),
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
  profileImage,
});

/** The `{id}` of `/admin-dashboard/doctor-status/{id}` (the same rule as the admin route's own). */
export const doctorIdParam = z.object({ id: z.string().min(1).max(64) });

/** The admin table's page in the query: a whole number from 1, written plainly ("2", not "02" or "2.0"). */
export const pageQuery = z.object({ page: z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).optional() });

/** The id of a meeting in a path (the calendar file of one meeting). */
export const meetingIdParam = z.object({
  id: z.string().trim().min(1, "id is required").max(64, "id is not valid"),
});

/** The message of a zone that is not one we know. */
export const UNKNOWN_ZONE = "Choose a time zone from the list.";

/** The time zone form of the profile pages, and the browser's report of its zone (`report`). */
export const timeZoneForm = z.object({
  timeZone: z
    .string({ error: UNKNOWN_ZONE })
    .trim()
    .refine((v) => isTimeZone(v), UNKNOWN_ZONE),
  report: z.string().optional(),
});
