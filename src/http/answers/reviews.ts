/** Feedback and reviews (issue 41). */
import { z } from "zod";
import { id, time, appointmentStatus } from "./common";

export const rating = z.number().int().min(1).max(5).nullable().meta({ description: "The patient's rating, 1-5 (issue 41); null when none was given", example: 5 });
export const published = z.boolean().meta({ description: "Whether the patient published the message as a review (shown with their first name and initial); else it is the doctor's alone" });
const reviewReply = z.object({ text: z.string(), at: time }).nullable().meta({ description: "The doctor's one answer to the published review; null until given" });
const reviewHidden = z
  .object({ at: time, reason: z.string() })
  .nullable()
  .meta({ description: "When and why the admin hid the published review (its rating stops counting); null while shown" });

export const DoctorFeedback = z
  .object({
    _id: id,
    appointment: z.object({ _id: id, scheduledAt: time.nullable(), status: appointmentStatus }),
    message: z.string(),
    createdAt: time,
    rating,
    published,
    reply: reviewReply,
    hidden: reviewHidden,
  })
  .meta({ id: "DoctorFeedback" });

/** A review after the doctor's answer or the admin's hiding (issue 41). */
export const Review = z
  .object({ _id: id, appointmentId: id, rating, published, reply: reviewReply, hidden: reviewHidden, createdAt: time })
  .meta({ id: "Review" });
