/**
 * The one name of each state of an appointment and of each action on it (issue 39), the same
 * for the patient's pages, the doctor's pages and the mails: a badge, a button and a subject
 * line read them from here. A state (src/domain/story.ts, storyState) is what people read; the
 * API's `status` values stay as SPEC says.
 */
export default {
  "state.requested": "Requested",
  "state.scheduled": "Scheduled",
  "state.moved": "Moved",
  "state.declined": "Declined",
  "state.withdrawn": "Withdrawn",
  "state.cancelled": "Cancelled",
  "state.completed": "Completed",
  "state.missed": "Missed",
  // "Declined by Dr. Rao", "Withdrawn by you", "Cancelled by Carebook": the state's word, by whom
  // (`state` is named for the languages whose verb depends on it, such as Hindi).
  "state.by": "{state, select, other {{word}}} by {self, select, yes {you} other {{who}}}",
  "act.schedule": "Schedule",
  "act.move": "Move appointment",
  "act.decline": "Decline",
  "act.declineRequest": "Decline request",
  "act.withdraw": "Withdraw request",
  "act.cancel": "Cancel",
  "act.cancelMeeting": "Cancel appointment",
  // The label of each side's reason: the visit's own, and why it was declined, withdrawn or cancelled.
  "reason.visit": "Reason for the appointment:",
  "reason.ending": "Why:",
} satisfies Record<string, string>;
