/**
 * What the pages say to people, in plain words, in one place (issue 27): the messages beside a
 * field, shared by the server's forms and the islands. SPEC §8's messages stay where the
 * contract puts them (src/actions, the islands' fallbacks).
 */
import { formatDay, formatTime } from "./time";

/** SPEC §5: the schedule form's message when the date or the time is missing. */
export const DATE_AND_TIME_REQUIRED = "Please select both date and time!";

export const MESSAGES = {
  cancelReasonEmpty: "Please say why you are cancelling.",
  withdrawReasonEmpty: "Please say why you are withdrawing this request.",
  feedbackEmpty: "Please write your feedback before sending it.",
  blockReasonEmpty: "Please say why this doctor is blocked.",
  rejectReasonEmpty: "Please say why this doctor is rejected.",
  timeInPast: "Choose a time in the future.",
  realDateAndTime: "Choose a real date and time.",
} as const;

/** "You already have Pat Patient at 10:30 to 11:00 on Tue, 15 Jan.": the meeting a chosen time overlaps, in the viewer's zone. */
export function overlapMessage(other: { name: string; start: Date | string; end: Date | string }, zone: string): string {
  return `You already have ${other.name} at ${formatTime(other.start, zone)} to ${formatTime(other.end, zone)} on ${formatDay(other.start, zone)}.`;
}
