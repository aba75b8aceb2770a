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

/** What each field is called in a sentence to a person. */
const FIELD_WORDS: Record<string, [article: string, subject: string]> = {
  name: ["your name", "Your name"],
  email: ["your email address", "Your email address"],
  password: ["a password", "The password"],
  reason: ["a reason", "The reason"],
  message: ["your feedback", "Your feedback"],
  collegeName: ["the name of your college", "The college name"],
  specialization: ["a specialization", "The specialization"],
  date: ["a date", "The date"],
  time: ["a time", "The time"],
};
const words = (field: string) => FIELD_WORDS[field] ?? ([`a ${field}`, field] as const);

/**
 * The server's validation messages name fields for programs ("reason is required", as the API
 * contract says); pages and islands show them in plain words ("Please enter a reason.").
 * Anything else is already meant for people and is returned as it is.
 */
export function plainWords(message: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^(\w+) is required$/.exec(message))) return `Please enter ${words(m[1]!)[0]}.`;
  if ((m = /^(\w+) must be at most (\d+) characters$/.exec(message))) return `${words(m[1]!)[1]} can be at most ${m[2]} characters.`;
  if ((m = /^(\w+) must be at least (\d+) characters$/.exec(message))) return `${words(m[1]!)[1]} must be at least ${m[2]} characters.`;
  if ((m = /^(\w+) must not contain control characters$/.exec(message))) return `${words(m[1]!)[1]} contains characters that cannot be shown. Please remove them.`;
  if (message === "email must be a valid email address") return "Please enter a valid email address, such as name@example.com.";
  if (/^specialization must be one of/.test(message)) return "Please choose a specialization from the list.";
  if (message === "scheduledDateTime must be in the future") return MESSAGES.timeInPast;
  if ((m = /^(\w+): (.+)$/.exec(message)) && FIELD_WORDS[m[1]!]) return plainWords(m[2]!);
  return message;
}
