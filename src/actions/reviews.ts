/**
 * Issue 41's ratings from real visits: the patient's feedback on a completed meeting (a private
 * message, an optional public rating, published with the writer's first name and initial if
 * they choose), the doctor's one answer to a published review, and the admin's hiding of one.
 * Each keeps the doctor's visible rating count and total in its own transaction. Both doors (the
 * JSON API and the pages' forms) call these.
 */
import { isUniqueViolation } from "../db/client";
import { insertFeedback, type FeedbackRow } from "../db/queries/appointments";
import { recordAudit } from "../db/queries/audit";
import { addToRating, findReview, findReviewAndMark, saveReply, setReviewHidden, type ReviewRow } from "../db/queries/reviews";
import type { Deps } from "../config/deps";
import { conflict, notFound } from "../domain/refusal";
import { ratingCounts, ratingDelta, REVIEW_MESSAGES } from "../domain/review";
import { transitionAppointment } from "./transition";

export const FEEDBACK_GIVEN = "Feedback submitted successfully!";

export type FeedbackInput = { appointmentId: string; message: string; rating?: number; publish?: boolean };

/** The patient's feedback on a completed appointment, once; its rating counts for the doctor at once. */
export function giveFeedback(deps: Deps, patientId: string, input: FeedbackInput): Promise<FeedbackRow> {
  return transitionAppointment(deps, { role: "patient", id: patientId }, input.appointmentId, "feedback", async (tx, appointment, now) => {
    const rating = input.rating ?? null;
    const row = {
      id: crypto.randomUUID(),
      appointmentId: appointment.id,
      patientId,
      doctorId: appointment.doctorId,
      message: input.message,
      rating,
      published: input.publish === true,
      createdAt: now,
    };
    try {
      const saved = await insertFeedback(tx, row);
      addToRating(tx, appointment.doctorId, ratingDelta(rating, false, true));
      return { result: saved };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("Feedback has already been given for this appointment");
      throw error;
    }
  });
}

/**
 * The doctor's one answer to a published review of theirs. A review that is not theirs, or that
 * its writer kept private, is not found (a private message is not a review); a second answer is a
 * conflict. A hidden review may still be answered: the answer shows if the admin shows it again.
 */
export function replyToReview(deps: Deps, doctorId: string, input: { appointmentId: string; text: string }): Promise<ReviewRow> {
  return deps.database.write(async (tx) => {
    const review = await findReview(tx, input.appointmentId);
    if (review === undefined || review.doctorId !== doctorId || !review.published) throw notFound("Review");
    if (review.replyText !== null) throw conflict(REVIEW_MESSAGES.replied);
    const saved = await saveReply(tx, review.id, input.text, deps.now());
    if (saved === undefined) throw conflict(REVIEW_MESSAGES.replied);
    return saved;
  });
}

/**
 * The admin hides a published review or any rating (issue 51: one sent unpublished counts too; its
 * private text stays private), with a reason, kept and audited, or shows it again. A hidden
 * review's rating stops counting for its doctor; shown again, it counts again (unless its visit
 * was marked a no-show). Asking for
 * the state it is already in is a conflict, so a rating is never taken away or added twice.
 */
export function hideReview(deps: Deps, adminId: string, input: { appointmentId: string; hidden: boolean; reason?: string }): Promise<ReviewRow> {
  return deps.database.write(async (tx) => {
    const found = await findReviewAndMark(tx, input.appointmentId);
    // Issue 51: a rating sent unpublished counts, so it can be hidden too; feedback with neither is no review.
    if (found === undefined || (!found.review.published && found.review.rating === null)) throw notFound("Review");
    const { review, attended } = found;
    const wasHidden = review.hiddenAt !== null;
    if (wasHidden === input.hidden) throw conflict(input.hidden ? REVIEW_MESSAGES.alreadyHidden : REVIEW_MESSAGES.notHidden);
    const now = deps.now();
    const saved = await setReviewHidden(tx, review.id, input.hidden ? { at: now, reason: input.reason ?? "" } : null);
    addToRating(tx, review.doctorId, ratingDelta(review.rating, ratingCounts(wasHidden, attended), ratingCounts(input.hidden, attended)));
    recordAudit(tx, {
      at: now,
      actorRole: "admin",
      actorId: adminId,
      subject: "appointment",
      subjectId: review.appointmentId,
      action: input.hidden ? "hide review" : "show review",
      fromStatus: null,
      toStatus: null,
      reason: input.hidden ? (input.reason ?? null) : null,
    });
    return saved;
  });
}
