/**
 * What the pages say to people, in plain words, in one place (issue 27): the messages beside a
 * field, shared by the server's forms and the islands. SPEC §8's messages stay where the
 * contract puts them (src/actions, the islands' fallbacks).
 */
export const MESSAGES = {
  cancelReasonEmpty: "Please say why you are cancelling.",
  withdrawReasonEmpty: "Please say why you are withdrawing this request.",
  feedbackEmpty: "Please write your feedback before sending it.",
  blockReasonEmpty: "Please say why this doctor is blocked.",
  rejectReasonEmpty: "Please say why this doctor is rejected.",
  timeInPast: "Choose a time in the future.",
} as const;
