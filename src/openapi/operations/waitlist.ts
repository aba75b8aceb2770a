/** A doctor's waitlist and its offers (issue 40; src/routes/api/waitlist.ts). */
import { answers } from "../../http/answers";
import { waitlistBody, waitlistIdParam } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { PATIENT } from "./common";

export const waitlist = {
  join: {
    method: "post", path: `${PATIENT}/waitlist`, tag: "Patient", who: "patient",
    summary: "Join the waitlist of a doctor with instant booking",
    description:
      "Issue 40. For an approved doctor whose hours have `instantBooking` (else 400), by a patient with no open appointment with them (409) and not already on their list (409). " +
      "`until` (YYYY-MM-DD, inclusive, in the doctor's zone; today to 31 days ahead, else 400) defaults to 14 days from now. When a confirmed meeting of the doctor is cancelled or moved away " +
      "and its time is a free slot (in the hours, after BOOKING_NOTICE_MINUTES, by the end of the entry's `until` day), the entry that joined first gets an `offer`, held WAITLIST_HOLD_MINUTES " +
      "(default 30): the time leaves the free slots, and the patient is mailed. Declined, left or run out, it goes to the next entry; with nobody left it is free again.",
    body: { kind: "json", schema: waitlistBody, example: EXAMPLES.waitlistJoin },
    ok: { status: 201, schema: answers.waitlistJoined, description: "On the list", example: EXAMPLES.waitlistJoined },
    errors: [404, 409],
  },
  list: {
    method: "get", path: `${PATIENT}/waitlist`, tag: "Patient", who: "patient",
    summary: "The patient's own open waitlist entries, with any time offered",
    ok: { status: 200, schema: answers.waitlist, description: "Oldest first; `offer` is set while a time is held for the patient", example: EXAMPLES.waitlist },
  },
  leave: {
    method: "delete", path: `${PATIENT}/waitlist/{id}`, tag: "Patient", who: "patient",
    summary: "Leave a waitlist",
    description: "A time held for this entry goes to the next patient waiting. Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 200, schema: answers.message, description: "Left", example: { message: "You left the waitlist" } },
    errors: [404],
  },
  accept: {
    method: "post", path: `${PATIENT}/waitlist/{id}/accept`, tag: "Patient", who: "patient",
    summary: "Book the time a waitlist offer holds",
    description:
      "The entry ends and the time is booked as an instant booking would be (confirmed with its meet link, both sides mailed), in one transaction. " +
      "No offer open (it ran out, or none was made): 409; the refusals of an instant booking apply (409, and issue 51's limits: 409, 429). Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 201, schema: answers.booked, description: "Booked", example: EXAMPLES.waitlistBooked },
    errors: [404, 409, 429],
  },
  decline: {
    method: "post", path: `${PATIENT}/waitlist/{id}/decline`, tag: "Patient", who: "patient",
    summary: "Turn down the time a waitlist offer holds",
    description: "The entry ends (the patient may join again) and the time goes to the next patient waiting, or is free again. No offer open: 409. Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 200, schema: answers.message, description: "Declined", example: { message: "Offer declined: the time goes to the next patient waiting" } },
    errors: [404, 409],
  },
} satisfies Record<string, Operation>;
