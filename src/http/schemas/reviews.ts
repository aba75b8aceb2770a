/** Feedback, its public rating and review, the doctor's answer and the admin's hiding (issue 41). */
import { z } from "zod";
import { LIMITS } from "../../domain/fields";
import { MESSAGES } from "../../domain/messages";
import { RATING, REVIEW_LIMITS, REVIEW_MESSAGES } from "../../domain/review";
import { text, id } from "./common";

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
