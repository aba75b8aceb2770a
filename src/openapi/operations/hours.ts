/** A doctor's hours and free slots (issue 26; src/routes/api/hours.ts). */
import { answers } from "../../http/answers";
import { availabilityBody, slotsParam, slotsQuery } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { PATIENT, DOCTOR } from "./common";

export const hours = {
  freeSlots: {
    method: "get", path: `${PATIENT}/doctors/{doctorId}/slots`, tag: "Patient", who: "patient",
    summary: "A doctor's free slots over the next days",
    description:
      "Every CONSULT_MINUTES slot inside the doctor's weekly hours (in the doctor's zone, across daylight-saving changes), outside days off, " +
      "overlapping no confirmed meeting, starting at least BOOKING_NOTICE_MINUTES from now; in time order. `days` (1 to 31, default 14) counts the doctor's local dates from today. " +
      "A doctor without hours (\"by request\") has no slots and a null zone. Issue 54: each slot is `visit: \"video\"`, or `visit: \"clinic\"` with the `place` of its range.",
    params: slotsParam,
    query: slotsQuery,
    ok: { status: 200, schema: answers.freeSlots, description: "The free slots", example: EXAMPLES.freeSlots },
    errors: [404],
  },
  availability: {
    method: "get", path: `${DOCTOR}/availability`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's weekly hours and days off",
    ok: { status: 200, schema: answers.availability, description: "The hours, or null before any are set (the doctor is \"by request\")", example: { availability: EXAMPLES.availability } },
  },
  setAvailability: {
    method: "put", path: `${DOCTOR}/availability`, tag: "Doctor", who: "approved doctor",
    summary: "Replace the doctor's weekly hours and days off",
    description: "`day` is 1 (Monday) to 7 (Sunday); `start`/`end` are HH:MM in `timeZone` (an IANA name), a range may end at 24:00; `from`/`to` are inclusive dates in that zone. Overlapping ranges, an end before its start, or an unknown zone: 400 naming the field. Issue 54: a range's optional `placeId` (one of the doctor's places) makes its slots clinic slots; another doctor's or an unknown place is 400, and two ranges that overlap in time are refused wherever they are.",
    body: { kind: "json", schema: availabilityBody, example: EXAMPLES.availability },
    ok: { status: 200, schema: answers.availabilitySaved, description: "Saved", example: EXAMPLES.availabilitySaved },
  },
} satisfies Record<string, Operation>;
