/**
 * Issue 40's attendance: the doctor marks a meeting attended or missed, from its start until
 * ATTENDANCE_DAYS after its end, and may change the mark as long (the undo is marking again).
 * The mark is the appointments row's `attended`; every read derives "noshow" from it
 * (src/domain/appointment.ts), and a patient with NO_SHOW_LIMIT of them in NO_SHOW_DAYS cannot
 * book instantly (checked by bookAppointment).
 */
import { countNoShows, setAttendance } from "../db/queries/attendance";
import type { Reader } from "../db/client";
import type { Deps } from "../config/deps";
import { attendanceRefusal } from "../domain/appointment";
import { conflict } from "../domain/refusal";
import { meetingMissed } from "../mail/events";
import { transitionAppointment } from "./transition";
import { keepAppointment } from "./stats";
import { addToRating, findReview } from "../db/queries/reviews";
import { together } from "../db/together";
import { ratingCounts, ratingDelta } from "../domain/review";

export const ATTENDANCE_MARKED = "Attendance marked";

/** A patient who missed this many meetings in the last NO_SHOW_DAYS days books by request only. */
export const NO_SHOW_LIMIT = 2;
export const NO_SHOW_DAYS = 90;
export const TOO_MANY_NO_SHOWS = `You missed ${NO_SHOW_LIMIT} or more appointments in the last ${NO_SHOW_DAYS} days, so you cannot book a time instantly: send a request and the doctor will choose a time`;

/** The doctor's mark: the status the meeting reads as afterwards ("completed" once over, or "noshow"). */
export async function markAttendance(deps: Deps, doctorId: string, input: { appointmentId: string; attended: boolean }): Promise<{ status: "completed" | "noshow" | "confirmed" }> {
  return transitionAppointment(deps, { role: "doctor", id: doctorId }, input.appointmentId, input.attended ? "attended" : "noshow", async (tx, appointment, now) => {
    const why = attendanceRefusal(appointment.scheduledAt!, appointment.endsAt!, now);
    if (why !== null) throw conflict(why);
    // Issue 51: a no-show's rating counts nowhere; marked attended again, it counts again.
    const [after, review] = await together(() => Promise.all([setAttendance(tx, appointment.id, input.attended), findReview(tx, appointment.id)]));
    keepAppointment(tx, deps, appointment, after);
    if (review !== undefined) {
      const hidden = review.hiddenAt !== null;
      addToRating(tx, review.doctorId, ratingDelta(review.rating, ratingCounts(hidden, appointment.attended), ratingCounts(hidden, input.attended)));
    }
    const over = appointment.endsAt!.getTime() <= now.getTime();
    return {
      result: { status: input.attended ? (over ? "completed" : "confirmed") : "noshow" },
      reason: input.attended ? "attended" : "did not attend",
      // A missed meeting takes no feedback: its invitation, if still waiting, goes.
      after: input.attended ? undefined : (tx) => meetingMissed(tx, deps, appointment.id),
    };
  });
}

/** Refuses (409, saying why) an instant booking by a patient who missed NO_SHOW_LIMIT meetings in NO_SHOW_DAYS. */
export async function checkNoShows(r: Reader, patientId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - NO_SHOW_DAYS * 24 * 3_600_000);
  if ((await countNoShows(r, patientId, since)) >= NO_SHOW_LIMIT) throw conflict(TOO_MANY_NO_SHOWS);
}
