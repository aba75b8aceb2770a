/**
 * Appointments: booking (a request, or a free time at once), scheduling, moving, undoing,
 * attendance, cancelling and withdrawing (src/routes/api/patient.ts and doctor.ts, and the
 * patient's and doctor's pages).
 */
import { z } from "zod";
import { LIMITS } from "../../domain/fields";
import { zonedInstant } from "../../domain/time";
import { MAX_PREFERRED } from "../../domain/availability";
import { DATE_AND_TIME_REQUIRED, MESSAGES } from "../../domain/messages";
import { text, id, instant } from "./common";

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
  visitType: z
    .enum(["video", "clinic"], { error: "visitType must be one of: video, clinic" })
    .optional()
    .meta({ description: "Issue 54: for a request without preferred times, where the patient wants to be seen (video unless said); the doctor chooses the place when scheduling. With preferred times or slotStart, the slots say where" }),
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

/** Issue 54: where the doctor puts an appointment they schedule or move; an explicit choice wins over the hours. */
const PLACE_CHOICE =
  'Issue 54: at this place of the doctor\'s, in person (no meet link), or "video" for a video call; omitted, the time\'s range decides, and outside every range the visit it had (a request: the one asked for). Another doctor\'s or an unknown place is 400';

export const scheduleBody = z.object({
  appointmentId: id("appointmentId"),
  patientId: id("patientId"),
  // Accepted for the existing client; the server uses the signed-in doctor.
  doctorName: z.string().optional(),
  scheduledDateTime: instant("scheduledDateTime"),
  placeId: id("placeId")
    .optional()
    .meta({ description: PLACE_CHOICE }),
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

/** A form's place selector (issue 54): empty is no choice (the time's hours decide). */
const placeChoice = (placeId: string | undefined) => (placeId ? { placeId } : {});

/**
 * The schedule form of the doctor's page: a date and a time (wallFields), or one tap on a
 * preferred or free time (issue 26: `slot`, that slot's ISO start), read into the API's scheduleBody.
 */
export const scheduleForm = z
  .object({ appointmentId: z.string().optional(), patientId: z.string().optional(), ...wallFields, slot: z.string().optional(), placeId: z.string().optional() })
  .transform((form, ctx) => {
    const scheduledDateTime = form.slot || formInstant(form, ctx);
    return scheduledDateTime === undefined ? z.NEVER : { appointmentId: form.appointmentId, patientId: form.patientId, scheduledDateTime, ...placeChoice(form.placeId) };
  })
  .pipe(scheduleBody);

export const rescheduleBody = z.object({
  appointmentId: id("appointmentId"),
  scheduledDateTime: instant("scheduledDateTime"),
  reason: text("reason", LIMITS.cancelReason, { multiline: true }),
  placeId: id("placeId").optional().meta({ description: PLACE_CHOICE }),
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

/** The meetings page's move form (issue 52): the body, and the day its picker showed (brought back by "Show times"). */
export const ownMoveForm = ownRescheduleBody.extend({ day: z.unknown().optional() });

/** The reschedule form of the doctor's meetings page: a new date and time (wallFields), and the reason. */
export const rescheduleForm = z
  .object({ appointmentId: z.string().optional(), ...wallFields, reason: z.string().optional(), placeId: z.string().optional() })
  .transform((form, ctx) => {
    const scheduledDateTime = formInstant(form, ctx);
    return scheduledDateTime === undefined ? z.NEVER : { appointmentId: form.appointmentId, reason: form.reason, scheduledDateTime, ...placeChoice(form.placeId) };
  })
  .pipe(rescheduleBody);

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
