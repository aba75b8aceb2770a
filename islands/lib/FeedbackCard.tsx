/** @jsxImportSource react */
/**
 * A completed meeting's feedback as its doctor sees it (issue 41): the words, the rating, whether
 * the patient published them as a review (else they are the doctor's alone), whether the admin
 * hid the review and why, and the doctor's one public answer, or the form to give it. The form
 * is a plain post, with or without script: the page comes back with the answer shown.
 */
import { REPLY_PATH, replyTarget, REVIEW_LIMITS } from "../../src/domain/review";
import type { FormState } from "../../src/http/forms";
import { useT } from "./i18n";
import { Notice } from "./ui";

/** What the doctor's page and GET patient-feedbacks say of one feedback. */
export type FeedbackJson = {
  message: string;
  rating: number | null;
  published: boolean;
  reply: { text: string; at: string } | null;
  hidden: { at: string; reason: string } | null;
};


/** The card's words, written by the server in the page's language (the island's share of the catalog stays small). */
export type FeedbackWords = {
  /** "Rating: {n} out of 5" */
  rating: string;
  noRating: string;
  published: string;
  private: string;
  /** "Hidden by the admin: {reason}" */
  hidden: string;
  yourReply: string;
  replyLabel: string;
  replySubmit: string;
};

export function FeedbackCard({ appointmentId, feedback, refused, words }: { appointmentId: string; feedback: FeedbackJson | null; refused?: FormState; words: FeedbackWords }) {
  const t = useT();
  const mine = refused?.target === replyTarget(appointmentId) ? refused : undefined;
  const fieldId = `reply-${appointmentId}`;
  return (
    <div className="feedback">
      <h4>{t("DoctorMeetings.feedback")}</h4>
      {feedback === null ? (
        <p className="muted">{t("DoctorMeetings.noFeedback")}</p>
      ) : (
        <>
          <blockquote>{feedback.message}</blockquote>
          <p className="small">
            {feedback.rating === null ? words.noRating : words.rating.replace("{n}", String(feedback.rating))}
            {" · "}
            {feedback.published ? words.published : words.private}
          </p>
          {feedback.hidden && <p className="small">{words.hidden.replace("{reason}", feedback.hidden.reason)}</p>}
          {feedback.reply ? (
            <div className="reply">
              <h5>{words.yourReply}</h5>
              <blockquote>{feedback.reply.text}</blockquote>
            </div>
          ) : (
            feedback.published && (
              <form method="post" action={REPLY_PATH} className="text-form">
                <input type="hidden" name="appointmentId" value={appointmentId} />
                <div className="field">
                  <label htmlFor={fieldId}>{words.replyLabel}</label>
                  <textarea
                    id={fieldId}
                    name="text"
                    rows={3}
                    maxLength={REVIEW_LIMITS.reply.max}
                    required
                    defaultValue={mine?.values.text}
                    aria-invalid={mine ? true : undefined}
                    aria-describedby={mine ? `${fieldId}-message` : undefined}
                  />
                </div>
                <Notice text={mine?.message ?? null} tone="error" id={`${fieldId}-message`} />
                <div className="actions">
                  <button type="submit" className="button-secondary">
                    {words.replySubmit}
                  </button>
                </div>
              </form>
            )
          )}
        </>
      )}
    </div>
  );
}
