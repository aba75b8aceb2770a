/** Meetings as iCalendar files, and the private subscription feed, for the patient and the doctor alike. */
import { answers } from "../../http/answers";
import { meetingIdParam } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation, Who } from "../operation";
import { DOCTOR, PATIENT } from "./common";

export const calendar: Operation[] = (["patient", "doctor"] as const).flatMap((role): Operation[] => {
  const base = role === "patient" ? PATIENT : DOCTOR;
  const who: Who = role === "patient" ? "patient" : "approved doctor";
  return [
    {
      method: "get", path: `${base}/meetings/{id}/calendar.ics`, tag: "Calendar", who,
      summary: `One scheduled meeting of the ${role} as an iCalendar file`,
      params: meetingIdParam,
      ok: { status: 200, schema: answers.calendarFile, description: "text/calendar: the meeting, with a reminder 15 minutes before", example: EXAMPLES.calendarFile, mediaType: "text/calendar" },
      errors: [404, 409],
    },
    {
      method: "get", path: `${base}/calendar-feed`, tag: "Calendar", who,
      summary: `Whether the ${role} has a calendar subscription link, and since when`,
      description: "The link itself is shown only when it is made: only its hash is kept.",
      ok: { status: 200, schema: answers.calendarFeed, description: "The feed's creation time, or null", example: { feed: { createdAt: EXAMPLES.time } } },
    },
    {
      method: "post", path: `${base}/calendar-feed`, tag: "Calendar", who,
      summary: `Make (or reset) the ${role}'s private calendar subscription link`,
      description: "The previous link stops working at once.",
      ok: { status: 201, schema: answers.calendarFeedMade, description: "The new link, shown only this once", example: EXAMPLES.calendarFeedMade },
    },
  ];
});
