/** Feedback, reviews, the doctor's answer and the admin's hiding (issue 41; src/routes/api/patient.ts, doctor.ts, admin.ts). */
import { answers } from "../../http/answers";
import { feedbackBody, reviewHideBody, reviewParam, reviewReplyBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH, PATIENT, DOCTOR } from "./common";

export const reviews = {
  giveFeedback: {
    method: "post", path: `${PATIENT}/giveFeedback`, tag: "Patient", who: "patient",
    summary: "Give feedback on a completed appointment, once: a private message, an optional public rating (1-5), published as a review if asked",
    description: "Issue 41 (additions): `rating` counts at once, anonymously, in the doctor's `rating`; the message stays the doctor's alone unless `publish` is true, then it is a review shown with the patient's first name and initial (\"Pat P.\").",
    body: { kind: "json", schema: feedbackBody, example: EXAMPLES.feedback },
    ok: { status: 201, schema: answers.feedbackGiven, description: "Saved", example: EXAMPLES.feedbackGiven },
    errors: [404, 409],
  },
  doctorFeedback: {
    method: "get", path: `${DOCTOR}/patient-feedbacks`, tag: "Doctor", who: "approved doctor",
    summary: "Feedback the doctor has received, newest first",
    ok: { status: 200, schema: answers.feedbacks, description: "Feedback", example: { feedbacks: [EXAMPLES.doctorFeedback] } },
  },
  reply: {
    method: "post", path: `${DOCTOR}/reviews/{appointmentId}/reply`, tag: "Doctor", who: "approved doctor",
    summary: "Answer a published review of the doctor's, once (issue 41)",
    description: "404 when the appointment has no feedback of this doctor's or its message was not published (a private message is not a review); 409 when it has been answered already.",
    params: reviewParam,
    body: { kind: "json", schema: reviewReplyBody, example: EXAMPLES.reviewReply },
    ok: { status: 201, schema: answers.reviewChanged, description: "Answered", example: EXAMPLES.reviewReplied },
    errors: [404, 409],
  },
  hide: {
    method: "patch", path: `${AUTH}/admin-dashboard/reviews/{appointmentId}`, tag: "Admin", who: "admin",
    summary: "Hide a review or any rating with a reason, or show it again (issues 41, 51)",
    description: "A hidden review's rating stops counting in its doctor's rating; shown again, it counts again (unless the visit is marked a no-show, whose rating counts nowhere). Issue 51: a rating sent with `publish: false` counts too, so it can be hidden as well; its private text is never in the answer. A reason is required when hiding. 404 when the appointment has neither a published review nor a rating; 409 when it is already hidden (or already shown).",
    params: reviewParam,
    body: { kind: "json", schema: reviewHideBody, example: EXAMPLES.reviewHide },
    ok: { status: 200, schema: answers.reviewChanged, description: "Hidden or shown", example: EXAMPLES.reviewHidden },
    errors: [404, 409],
  },
} satisfies Record<string, Operation>;
