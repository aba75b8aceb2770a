/**
 * Zod schemas for every API input, built from the field rules of src/domain/fields.ts.
 * Messages name the field so that a 400 tells the caller what to fix.
 */
import { z } from "zod";
import { DOCTOR_STATUSES, LIMITS, ROLES, SPECIALIZATIONS } from "../domain/fields";
import { DETAIL_LIMITS, LANGUAGE_CODES, type LanguageCode } from "../domain/doctor-details";
import { isTimeZone, zonedInstant } from "../domain/time";
import { availabilityProblem, isDate, type Availability, MAX_DAYS_OFF, MAX_RANGES, minutesOf, MAX_PREFERRED, SLOT_DAYS, WEEKDAYS } from "../domain/availability";
import { CHANGE_DECISIONS, NEEDS_REASON } from "../domain/doctor-status";
import { CONSENT_UNTICKED, DATE_AND_TIME_REQUIRED, MESSAGES } from "../domain/messages";
import { LANGS } from "../domain/i18n";
import { UNTIL_SHAPE } from "../domain/waitlist";
import { EARLIEST_BIRTH, RELATIONS, SEXES } from "../domain/family";
import { CONSENT_VERSION_MAX } from "../domain/consent";
import { RATING, REVIEW_LIMITS, REVIEW_MESSAGES } from "../domain/review";
import { DIRECTORY_DAYS, DIRECTORY_SORTS } from "../domain/directory";

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

/** An email as signup and login take it (trimmed, lower-cased, checked); admin:create checks with it too. */
export const emailField = z
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
  email: emailField,
  // Any length is checked against the hash; only absurd sizes are refused up front.
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`),
});

/** Issue 44: the person ticked the consent notice. Optional: the original client sends none (recorded as not given). */
const consentFlag = z
  .boolean({ error: "consent must be true or false" })
  .optional()
  .meta({ description: "Issue 44: true when the person accepted the consent notice in force (recorded with its version and the time); omitted or false, recorded as not given, and their pages ask until they accept" });

export const patientSignupBody = z.object({
  name: text("name", LIMITS.name),
  email: emailField,
  password: newPassword,
  consent: consentFlag,
});

export const doctorSignupBody = patientSignupBody.extend({
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
});

/** A page's consent tick box: required there (the page shows the notice beside it); ticked, it reads as `consent: true`. */
const ticked = z.literal("on", { error: CONSENT_UNTICKED }).transform(() => true);

/** The signup pages' forms: the JSON signups' fields, with the tick box required. */
export const patientSignupForm = patientSignupBody.extend({ consent: ticked });
export const doctorSignupForm = doctorSignupBody.extend({ consent: ticked });

/** POST /api/auth/consent: the person accepts the notice; `version`, when given, must be the one in force. */
export const consentBody = z.object({
  consent: z.literal(true, { error: "consent must be true" }),
  version: z
    .string({ error: "version must be a string" })
    .trim()
    .min(1, "version must not be empty")
    .max(CONSENT_VERSION_MAX, `version must be at most ${CONSENT_VERSION_MAX} characters`)
    .optional()
    .meta({ description: "The notice's version the client showed (GET /consent); another than the one in force is 409" }),
});

/** The consent form at the top of a person's pages: the tick box (the page to go back to is read beside it). */
export const consentForm = z.object({ consent: ticked });

/** An ISO 8601 date-time with Z or an offset (a time without a zone is ambiguous for a medical appointment). */
const instant = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time with a time zone` }))
    .transform((v) => new Date(v));


export const bookBody = z.object({
  doctorId: id("doctorId"),
  reason: text("reason", LIMITS.bookingReason, { multiline: true }),
  preferredTimes: z
    .array(instant("preferredTimes"), { error: "preferredTimes must be a list of ISO date-times" })
    .max(MAX_PREFERRED, `preferredTimes may hold at most ${MAX_PREFERRED} times`)
    // (zod runs this even when an item failed: only a list of dates can repeat one)
    .refine((times) => !times.every((t) => t instanceof Date) || new Set(times.map((t) => t.getTime())).size === times.length, "preferredTimes must not repeat a time")
    .optional()
    .meta({ description: "Up to three starts of the doctor's free slots the patient prefers" }),
  slotStart: instant("slotStart")
    .optional()
    .meta({ description: "For a doctor with instant booking (issue 40): the start of one of their free slots, booked at once and confirmed" }),
  forMemberId: id("forMemberId")
    .optional()
    .meta({ description: "Issue 42: the family member the visit is for (GET /family); omitted, the account holder. Another patient's member is 404" }),
});

/** The booking forms' "Who is this visit for?": the account holder's choice is empty (no forMemberId). */
const whoField = z.unknown().optional();
const withWho = <T extends { forMemberId?: unknown }>(b: T) => (b.forMemberId === "" ? { ...b, forMemberId: undefined } : b);

/** The booking page's form: the ticked slots come as `preferredTimes[]`, one field each. */
export const bookForm = z
  // The fields the form has (what a refused post echoes back, src/http/forms.ts); the rules are bookBody's.
  // (`day`: the day the picker showed, brought back with a refusal; the booking does not use it)
  .object({ doctorId: z.unknown().optional(), reason: bookBody.shape.reason, "preferredTimes[]": z.unknown().optional(), day: z.unknown().optional(), forMemberId: whoField })
  .transform((b, ctx) => {
    const ticked = b["preferredTimes[]"] === undefined ? undefined : [b["preferredTimes[]"]].flat();
    if (ticked !== undefined && ticked.length > MAX_PREFERRED) {
      ctx.addIssue({ code: "custom", path: ["times"], message: `Please tick at most ${MAX_PREFERRED} times` });
      return z.NEVER;
    }
    return { ...withWho(b), preferredTimes: ticked } as Record<string, unknown>;
  })
  .pipe(bookBody);

/** The instant booking form's word when no time is chosen (issue 40). */
export const CHOOSE_TIME = "Please choose one of the free times";

/** The booking page's "Book this time" form (issue 40): a free time as `slotStart`, and the reason; the rules are bookBody's. */
export const instantBookForm = z
  // (`day`: the day the picker showed, brought back with a refusal or "Show times", issue 52)
  .object({ doctorId: z.unknown().optional(), reason: bookBody.shape.reason, slotStart: z.string({ error: CHOOSE_TIME }).min(1, CHOOSE_TIME), day: z.unknown().optional(), forMemberId: whoField })
  .transform((b) => withWho(b) as Record<string, unknown>)
  .pipe(bookBody);

/** Joining a doctor's waitlist (issue 40): `until` the last day the patient can come, in the doctor's zone (14 days ahead when left out). */
export const waitlistBody = z.object({
  doctorId: bookBody.shape.doctorId,
  reason: bookBody.shape.reason,
  until: z
    .string({ error: UNTIL_SHAPE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, UNTIL_SHAPE)
    .optional()
    .meta({ description: "YYYY-MM-DD, inclusive, in the doctor's time zone; at most 31 days ahead; default 14 days from now" }),
});

/** The booking page's waitlist form: the reason and the last day (an empty date: the default). */
export const waitlistForm = z
  .object({ doctorId: z.unknown().optional(), reason: bookBody.shape.reason, until: z.string().optional() })
  .transform((b) => ({ ...b, until: b.until === "" ? undefined : b.until }) as Record<string, unknown>)
  .pipe(waitlistBody);

/** A waitlist entry of the patient's, in the path. */
export const waitlistIdParam = z.object({ id: z.string().trim().min(1, "id is required").max(64, "id is not valid") });

/** The meetings page's offer forms: the entry's id as a field. */
export const waitlistEntryForm = z.object({ entryId: waitlistIdParam.shape.id });

export const scheduleBody = z.object({
  appointmentId: id("appointmentId"),
  patientId: id("patientId"),
  // Accepted for the existing client; the server uses the signed-in doctor.
  doctorName: z.string().optional(),
  scheduledDateTime: instant("scheduledDateTime"),
});

export { DATE_AND_TIME_REQUIRED };

/** A form's date and time as the viewer's clock shows them, in the zone the page was shown in (`tz`). */
const wallFields = { date: z.string().trim().optional(), time: z.string().trim().optional(), tz: z.string().optional() };

/** The instant (ISO) a form's date and time name in its zone, or undefined after adding the issue to show. */
function formInstant(form: { date?: string; time?: string; tz?: string }, ctx: z.RefinementCtx): string | undefined {
  if (!form.date || !form.time) {
    ctx.addIssue({ code: "custom", path: [form.date ? "time" : "date"], message: DATE_AND_TIME_REQUIRED });
    return undefined;
  }
  const at = zonedInstant(form.date, form.time, form.tz || "UTC");
  if (at === undefined) ctx.addIssue({ code: "custom", path: ["date"], message: MESSAGES.realDateAndTime });
  return at?.toISOString();
}

/**
 * The schedule form of the doctor's page: a date and a time (wallFields), or one tap on a
 * preferred or free time (issue 26: `slot`, that slot's ISO start), read into the API's scheduleBody.
 */
export const scheduleForm = z
  .object({ appointmentId: z.string().optional(), patientId: z.string().optional(), ...wallFields, slot: z.string().optional() })
  .transform((form, ctx) => {
    const scheduledDateTime = form.slot || formInstant(form, ctx);
    return scheduledDateTime === undefined ? z.NEVER : { appointmentId: form.appointmentId, patientId: form.patientId, scheduledDateTime };
  })
  .pipe(scheduleBody);

export const rescheduleBody = z.object({
  appointmentId: id("appointmentId"),
  scheduledDateTime: instant("scheduledDateTime"),
  reason: text("reason", LIMITS.cancelReason, { multiline: true }),
});

/**
 * The patient moves their own meeting (issue 40): a free slot's start, and why (optional). The
 * meetings page's form posts the same fields (a free time's button is named slotStart).
 */
export const ownRescheduleBody = z.object({
  appointmentId: id("appointmentId"),
  slotStart: instant("slotStart").meta({ description: "The start of one of the doctor's free slots" }),
  reason: text("reason", { ...LIMITS.cancelReason, min: 0 }, { multiline: true }).optional(),
});

/** The reschedule form of the doctor's meetings page: a new date and time (wallFields), and the reason. */
export const rescheduleForm = z
  .object({ appointmentId: z.string().optional(), ...wallFields, reason: z.string().optional() })
  .transform((form, ctx) => {
    const scheduledDateTime = formInstant(form, ctx);
    return scheduledDateTime === undefined ? z.NEVER : { appointmentId: form.appointmentId, reason: form.reason, scheduledDateTime };
  })
  .pipe(rescheduleBody);

const clock = (field: string, allow24: boolean) =>
  z
    .string({ error: `${field} is required` })
    .refine((v) => !Number.isNaN(minutesOf(v)) && (allow24 || v !== "24:00"), `${field} must be a time HH:MM${allow24 ? " (or 24:00)" : ""}`);
const day = (field: string) => z.string({ error: `${field} is required` }).refine(isDate, `${field} must be a date YYYY-MM-DD`);

/** A doctor's hours (issue 26), as GET answers and PUT takes them. */
export const availabilityBody = z
  .object({
    timeZone: z
      .string({ error: "timeZone is required" })
      .trim()
      .max(64, "timeZone is not valid")
      .refine(isTimeZone, "timeZone must be a known IANA time zone, e.g. Europe/Berlin")
      .meta({ example: "Europe/Berlin" }),
    weekly: z
      .array(
        z.object({
          day: z.int({ error: "day must be 1 (Monday) to 7 (Sunday)" }).min(1, "day must be 1 (Monday) to 7 (Sunday)").max(7, "day must be 1 (Monday) to 7 (Sunday)"),
          start: clock("start", false),
          end: clock("end", true),
        }),
        { error: "weekly must be a list of { day, start, end }" },
      )
      .max(MAX_RANGES, `weekly may hold at most ${MAX_RANGES} ranges`),
    daysOff: z
      .array(z.object({ from: day("from"), to: day("to") }), { error: "daysOff must be a list of { from, to }" })
      .max(MAX_DAYS_OFF, `daysOff may hold at most ${MAX_DAYS_OFF} ranges`),
    instantBooking: z
      .boolean({ error: "instantBooking must be true or false" })
      .optional()
      .meta({ description: "Whether a patient's choice of a free time books it at once, confirmed (issue 40); false when absent" }),
  })
  .superRefine((hours, ctx) => {
    const problem = availabilityProblem(hours);
    // The message names the range (weekly[1].end); the path names the list.
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: [problem.field.replace(/[[.].*$/, "")], message: problem.message });
  });

const RANGE = /^(\d{1,2}:\d{2})\s*(?:-|–|to)\s*(\d{1,2}:\d{2})$/;
const DAY_OFF = /^(\d{4}-\d{2}-\d{2})(?:\s*(?:to|–|\.\.)\s*(\d{4}-\d{2}-\d{2}))?$/;
const pad = (t: string) => t.padStart(5, "0");

/**
 * The hours form of the doctor's profile page: `tz`, `day1` (Monday) to `day7` as
 * "09:00-12:00, 14:00-17:00", and `daysOff` one date or "from to to" a line; read into the API's
 * availabilityBody. Its messages are in plain words, each naming the hours.
 */
/** A text field of a form whose rules run after it (the hours form): a string, at most `max` characters. */
const formText = (max: number, message: string) => z.string().max(max, message).optional();

export const hoursForm = z
  // The fields the form has (what a refused post echoes back, src/http/forms.ts).
  .object({
    tz: formText(64, "The time zone of your hours must be a name such as Europe/Berlin or America/New_York"),
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`day${day}`, formText(200, "Your hours for one day are too long")])),
    daysOff: formText(4000, "Your days off are too many for one form"),
    // The tick box: present ("on") when ticked, absent otherwise.
    instantBooking: z.string().max(10).optional(),
  })
  .transform((form: Record<string, unknown>, ctx) => {
    const str = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", path: ["hours"], message });
      return z.NEVER;
    };
    const weekly: { day: number; start: string; end: string }[] = [];
    for (let day = 1; day <= 7; day++) {
      for (const part of str(`day${day}`).split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
        const m = RANGE.exec(part);
        if (!m) return fail(`Your hours for ${WEEKDAYS[day - 1]} must read like 09:00-12:00, 14:00-17:00`);
        weekly.push({ day, start: pad(m[1]!), end: pad(m[2]!) });
      }
    }
    const daysOff: { from: string; to: string }[] = [];
    for (const line of str("daysOff").split("\n").map((l) => l.trim()).filter(Boolean)) {
      const m = DAY_OFF.exec(line);
      if (!m) return fail(`Days off in your hours must read like 2026-12-24, or 2026-12-24 to 2026-12-26, one a line`);
      daysOff.push({ from: m[1]!, to: m[2] ?? m[1]! });
    }
    const hours: Availability = { timeZone: str("tz"), weekly, daysOff, instantBooking: form.instantBooking !== undefined };
    const problem = availabilityProblem(hours);
    if (problem === undefined) return hours;
    const range = /^weekly\[(\d+)\]/.exec(problem.field);
    if (problem.field === "timeZone") return fail("The time zone of your hours must be a name such as Europe/Berlin or America/New_York");
    if (range) {
      const day = WEEKDAYS[weekly[Number(range[1])]!.day - 1];
      return fail(/overlaps/.test(problem.message) ? `Your hours for ${day} overlap` : `Your hours for ${day} must be times of day, each range ending after it starts`);
    }
    return fail("Days off in your hours must be real dates, each range ending on or after it starts");
  })
  .pipe(availabilityBody);

/** `?days=N` of the free slots: 1 to 31, 14 when absent. */
export const slotsQuery = z.object({
  days: z
    .string()
    .regex(/^[0-9]{1,2}$/, `days must be a whole number from ${SLOT_DAYS.min} to ${SLOT_DAYS.max}`)
    .transform(Number)
    .refine((n) => n >= SLOT_DAYS.min && n <= SLOT_DAYS.max, `days must be a whole number from ${SLOT_DAYS.min} to ${SLOT_DAYS.max}`)
    .optional(),
});

/** The `{doctorId}` of a doctor's free slots. */
export const slotsParam = z.object({ doctorId: z.string().min(1).max(64) });

/** The doctor's undo of their latest change of an appointment (issue 39). */
export const undoBody = z.object({ appointmentId: id("appointmentId") });

/** Issue 40: the doctor marks a meeting attended (true) or missed (false). */
export const attendanceBody = z.object({
  appointmentId: id("appointmentId"),
  attended: z.boolean({ error: "attended must be true or false" }),
});

/** The doctor's meetings page's attendance form: its two buttons post attended=true or attended=false. */
export const attendanceForm = z
  .object({ appointmentId: z.unknown(), attended: z.enum(["true", "false"], { error: "attended must be true or false" }).transform((v) => v === "true") })
  .pipe(attendanceBody);

export const cancelBody = z.object({
  appointmentId: id("appointmentId"),
  reason: text("reason", LIMITS.cancelReason, { multiline: true }),
});

/**
 * The patient's page form that withdraws a request: cancelBody with the reason optional (issue
 * 39); the page gives the doctor its own words when none was typed. The API keeps cancelBody.
 */
export const withdrawForm = cancelBody.extend({
  reason: text("reason", { ...LIMITS.cancelReason, min: 0 }, { multiline: true }).optional(),
});

/** The patient's feedback (issue 41: an optional public rating, and whether the message is published). */
export const feedbackBody = z.object({
  appointmentId: id("appointmentId"),
  message: text("message", LIMITS.feedback, { multiline: true }),
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRange })
    .int(REVIEW_MESSAGES.ratingRange)
    .min(RATING.min, REVIEW_MESSAGES.ratingRange)
    .max(RATING.max, REVIEW_MESSAGES.ratingRange)
    .optional(),
  publish: z.boolean({ error: "publish must be true or false" }).optional(),
});

/** The meetings page's feedback form: the rating's radio buttons ("" or none chosen: no rating) and the publish tick box. */
export const feedbackForm = z
  .object({
    appointmentId: feedbackBody.shape.appointmentId,
    message: feedbackBody.shape.message,
    rating: z.string().max(1, REVIEW_MESSAGES.ratingRange).optional(),
    publish: z.string().optional(),
  })
  .transform(({ rating, publish, ...rest }): z.input<typeof feedbackBody> => ({
    ...rest,
    ...(rating ? { rating: /^[0-9]$/.test(rating) ? Number(rating) : NaN } : {}),
    publish: publish !== undefined,
  }))
  .pipe(feedbackBody);

/** The appointment whose review a path names (`/reviews/{appointmentId}`). */
export const reviewParam = z.object({ appointmentId: id("appointmentId") });

/** The doctor's one answer to a published review. */
export const reviewReplyBody = z.object({ text: text("text", REVIEW_LIMITS.reply, { multiline: true }) });

/** The doctor's meetings page's answer form: the appointment in the body. */
export const replyForm = reviewParam.extend(reviewReplyBody.shape);

/** The admin hides a published review (a reason required) or shows it again. */
export const reviewHideBody = z
  .object({
    hidden: z.boolean({ error: "hidden must be true or false" }),
    reason: text("reason", REVIEW_LIMITS.hideReason, { multiline: true }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.hidden && !body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: REVIEW_MESSAGES.hideReasonRequired });
  });

/** The admin page's Hide and Show forms: `hidden` as "true" or "false", read into reviewHideBody. */
export const reviewHideForm = z
  .object({ hidden: z.enum(["true", "false"], { error: "hidden must be true or false" }), reason: z.string().optional() })
  .superRefine((form, ctx) => {
    if (form.hidden === "true" && !form.reason?.trim()) ctx.addIssue({ code: "custom", path: ["reason"], message: MESSAGES.hideReasonEmpty });
  })
  .transform(({ hidden, reason }) => ({ hidden: hidden === "true", ...(hidden === "true" && reason?.trim() ? { reason } : {}) }))
  .pipe(reviewHideBody);

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

// Multipart profile forms. An empty file part (no file chosen) means "keep the picture".
const profileImage = z
  .union([z.instanceof(File), z.string()])
  .optional()
  .transform((v) => (v instanceof File && v.size > 0 ? v : undefined));

export const patientProfileForm = z.object({ name: text("name", LIMITS.name), profileImage });

/**
 * An optional field of the doctor's details (issue 41): absent keeps the stored value; blank
 * means `blank` (keep, or clear); anything else must pass `parse`, whose refusal names the field.
 */
function detail<T, B>(blank: B, parse: (value: string) => T | { refused: string }) {
  return z
    .string()
    .optional()
    .transform((value, ctx): T | B | undefined => {
      if (value === undefined) return undefined;
      if (value.trim() === "") return blank;
      const parsed = parse(value);
      if (typeof parsed === "object" && parsed !== null && "refused" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.refused });
        return z.NEVER;
      }
      return parsed as T;
    });
}

/** A `text` rule as a detail's parse. */
const textRule = (schema: z.ZodType<string>) => (value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : { refused: parsed.error.issues[0]!.message };
};

/** A whole number within the field's bounds, written plainly ("12", not "12.0" or "1e1"). */
const wholeNumber = (field: "experienceYears" | "fee") => (value: string) => {
  const { min, max } = DETAIL_LIMITS[field];
  const n = /^\s*[0-9]{1,7}\s*$/.test(value) ? Number(value) : NaN;
  return n >= min && n <= max ? n : { refused: `${field} must be a whole number from ${min} to ${max}` };
};

/** Comma-separated language codes (or repeated fields): 1 to 8 distinct codes of LANGUAGE_CODES. */
function languageCodes(value: string): LanguageCode[] | { refused: string } {
  const codes = value.split(",").map((c) => c.trim()).filter((c) => c !== "");
  const { min, max } = DETAIL_LIMITS.languages;
  if (codes.some((c) => !(LANGUAGE_CODES as readonly string[]).includes(c))) return { refused: `languages must be codes from: ${LANGUAGE_CODES.join(", ")}` };
  if (new Set(codes).size !== codes.length) return { refused: "languages must not repeat a language" };
  if (codes.length < min || codes.length > max) return { refused: `languages must name ${min} to ${max} languages` };
  return codes as LanguageCode[];
}

/** The doctor's details, each optional (issue 41); a registration is never cleared, the rest clear when blank. */
const doctorDetails = {
  registrationNumber: detail(undefined, textRule(text("registrationNumber", DETAIL_LIMITS.registrationNumber))).meta({
    description: "The medical registration number; a new or changed one waits for the admin's check. Blank or absent: kept",
    example: "DMC/R/12345",
  }),
  registrationCouncil: detail(undefined, textRule(text("registrationCouncil", DETAIL_LIMITS.registrationCouncil))).meta({
    description: "The council that registered the doctor; a new or changed one waits for the admin's check. Blank or absent: kept",
    example: "Delhi Medical Council",
  }),
  experienceYears: detail(null, wholeNumber("experienceYears")).meta({ description: "Years of practice, 0 to 70; blank clears it", example: "12" }),
  languages: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (Array.isArray(v) ? v.join(",") : v))
    .pipe(detail(null, languageCodes))
    .meta({ description: `1 to 8 comma-separated codes of: ${LANGUAGE_CODES.join(", ")}; blank clears them`, example: "en,hi" }),
  fee: detail(null, wholeNumber("fee")).meta({ description: "The consultation fee in whole rupees, 0 (free) to 100000; blank clears it", example: "500" }),
  // Forms send a line break as CRLF: kept as one "\n", so 600 characters are the 600 the reader typed.
  about: detail(null, (v) => textRule(text("about", DETAIL_LIMITS.about, { multiline: true }))(v.replace(/\r\n?/g, "\n"))).meta({
    description: "Plain text about the doctor, up to 600 characters; blank clears it",
  }),
};

export const doctorProfileForm = z.object({
  name: text("name", LIMITS.name),
  specialization,
  collegeName: text("collegeName", LIMITS.collegeName),
  profileImage,
  ...doctorDetails,
});

/**
 * The profile page's form: the ticked languages come as `languages[]` (one field each, with an
 * empty one always there so that none ticked clears them), read into doctorProfileForm.
 */
export const doctorProfilePageForm = z
  .object({ ...Object.fromEntries(Object.keys(doctorProfileForm.shape).map((k) => [k, z.unknown().optional()])), "languages[]": z.unknown().optional() })
  .transform(({ "languages[]": ticked, ...rest }) =>
    ticked === undefined ? rest : { ...rest, languages: [ticked].flat().filter((v) => typeof v === "string").join(",") },
  )
  .pipe(doctorProfileForm);

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

/** The id of a meeting in a path (the calendar file of one meeting). */
export const meetingIdParam = z.object({
  id: z.string().trim().min(1, "id is required").max(64, "id is not valid"),
});

/** An account's mail choices (issue 25), as the API reads and takes them: both, each on or off. */
export const mailPreferencesBody = z.object({
  reminders: z.boolean({ error: "reminders must be true or false" }).meta({ description: "Reminders before a meeting" }),
  notices: z.boolean({ error: "notices must be true or false" }).meta({ description: "Notices of requests, times, changes and cancellations" }),
});

/** The profile pages' mail choices: a ticked box is "on", an unticked one is absent; read into mailPreferencesBody. */
export const mailPreferencesForm = z
  .object({
    reminders: z.enum(["on"], { message: "reminders must be on or absent" }).optional(),
    notices: z.enum(["on"], { message: "notices must be on or absent" }).optional(),
  })
  .transform((form) => ({ reminders: form.reminders === "on", notices: form.notices === "on" }))
  .pipe(mailPreferencesBody);

// ---------- issue 28: forgot, reset and change password; sessions ----------

/** A new password under signup's rules, named `field` in its messages. */
const newPasswordNamed = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(LIMITS.password.min, `${field} must be at least ${LIMITS.password.min} characters`)
    .max(LIMITS.password.max, `${field} must be at most ${LIMITS.password.max} characters`);

export const forgotPasswordBody = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }),
  email: emailField,
});

export const resetPasswordBody = z.object({
  // Any shape is looked up (and not found): one answer for every bad link.
  token: z.string({ error: "token is required" }).min(1, "token is required").max(200, "token is not valid"),
  password: newPassword,
});

/** The reset page's form: the link's token is in its path. */
export const resetPasswordForm = resetPasswordBody.pick({ password: true });

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .min(1, "currentPassword is required")
    .max(LIMITS.password.max, `currentPassword must be at most ${LIMITS.password.max} characters`),
  newPassword: newPasswordNamed("newPassword"),
  // Issue 51: with two-factor sign-in on, a code too (the app's or a recovery code), as turning it off asks.
  code: text("code", { min: 1, max: 40 }).optional(),
});

/** POST /api/auth/account/delete (issue 44): the account's password, checked as a password change checks it. */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`),
  // Issue 51: with two-factor sign-in on, a code too.
  code: text("code", { min: 1, max: 40 }).optional(),
});

/** The message of the erasure page's tick box left empty. */
export const CONFIRM_ERASURE = "Tick the box to confirm that you want your account erased";

/** The erasure page's form: the password, and the tick box that says the person means it. */
export const deleteAccountForm = deleteAccountBody.extend({
  confirm: z.literal("on", { error: CONFIRM_ERASURE }),
});
/** A two-factor code as typed: six digits from the app, or a recovery code (issue 44). */
const twoFactorCode = text("code", { min: 1, max: 40 });

export const twoFactorEnableBody = z.object({
  code: twoFactorCode,
  // Issue 51: end every other session of the account too (the page's box, ticked by default, sends "on").
  endOtherSessions: z
    .union([z.boolean(), z.literal("on").transform(() => true)], { error: "endOtherSessions must be true or false" })
    .optional(),
});

export const twoFactorVerifyBody = z.object({
  // Any shape is looked up (and not found): one answer for every bad challenge.
  challenge: z.string({ error: "challenge is required" }).min(1, "challenge is required").max(200, "challenge is not valid"),
  code: twoFactorCode,
});

export const twoFactorDisableBody = z.object({ password: loginBody.shape.password, code: twoFactorCode });

export const sessionIdParam = z.object({ id: z.string().trim().min(1, "id is required").max(64, "id is not valid") });

/** The message of a zone that is not one we know. */
export const UNKNOWN_ZONE = "Choose a time zone from the list.";

/** An account's time zone, as the API takes it: a name from the known list. */
export const timeZoneBody = z.object({
  timeZone: z
    .string({ error: UNKNOWN_ZONE })
    .trim()
    .refine((v) => isTimeZone(v), UNKNOWN_ZONE)
    .meta({ description: "An IANA time zone", example: "Asia/Kolkata" }),
});

/** The time zone form of the profile pages, and the browser's report of its zone (`report`). */
export const timeZoneForm = timeZoneBody.extend({ report: z.string().optional() });

/** An account's language (issue 31): its mails are written in it, and a new device starts in it. */
export const languageBody = z.object({
  language: z.enum(LANGS, { error: `language must be one of: ${LANGS.join(", ")}` }),
});

/** The header's language switch: `lang` (and `back`, the page to return to, read by the handler). */
export const languageForm = z.object({ lang: languageBody.shape.language });

/** A family member (issue 42), as POST and PUT /family take one. */
export const familyBody = z.object({
  name: text("name", LIMITS.name),
  relation: z.enum(RELATIONS, { error: `relation must be one of: ${RELATIONS.join(", ")}` }),
  dateOfBirth: z
    .string({ error: "dateOfBirth is required" })
    .trim()
    .refine(isDate, { message: "dateOfBirth must be a date YYYY-MM-DD", abort: true })
    .refine((d) => d >= EARLIEST_BIRTH, `dateOfBirth must not be before ${EARLIEST_BIRTH}`)
    .meta({ description: "YYYY-MM-DD, not in the future, not before 1900", example: "2020-05-14" }),
  sex: z.enum(SEXES, { error: `sex must be one of: ${SEXES.join(", ")}` }).optional().meta({ description: "Omitted when not said" }),
});

/** The profile page's family forms: the same fields, "not said" posted as an empty sex. */
export const familyForm = z
  .object({ ...familyBody.shape, sex: z.unknown().optional() })
  .transform((b) => (b.sex === "" ? { ...b, sex: undefined } : b) as Record<string, unknown>)
  .pipe(familyBody);

/** A family member's id in the path: the same rule as a meeting's. */
export const familyIdParam = meetingIdParam;

/** A filter a GET form sends empty when it is not set ("any"): empty is absent. */
const unlessEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const wholeUpTo = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, `${field} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${field} must be a whole number from ${min} to ${max}`);

/** The public directory's search (issue 41): every filter optional, the soonest free time first unless `sort` says. */
export const directoryQuery = z.object({
  q: unlessEmpty(z.string().trim().max(100, "q must be at most 100 characters")),
  specialization: unlessEmpty(specialization),
  language: unlessEmpty(z.enum(LANGUAGE_CODES, { error: `language must be one of: ${LANGUAGE_CODES.join(", ")}` })),
  maxFee: unlessEmpty(wholeUpTo("maxFee", DETAIL_LIMITS.fee.min, DETAIL_LIMITS.fee.max)),
  availableDays: unlessEmpty(wholeUpTo("availableDays", 1, DIRECTORY_DAYS)),
  sort: unlessEmpty(z.enum(DIRECTORY_SORTS, { error: `sort must be one of: ${DIRECTORY_SORTS.join(", ")}` })).transform((s) => s ?? "next"),
  page: unlessEmpty(wholeUpTo("page", 1, 100_000)).transform((p) => p ?? 1),
});

/** The `{id}` of a public doctor's profile. */
export const directoryDoctorParam = z.object({ id: z.string().min(1).max(64) });
