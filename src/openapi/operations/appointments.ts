/** Appointments: booking, the patient's and the doctor's lists, scheduling, moving, undoing, attendance, cancelling (src/routes/api/patient.ts, doctor.ts). */
import { answers } from "../../http/answers";
import { bookBody, cancelBody, attendanceBody, ownRescheduleBody, rescheduleBody, scheduleBody, undoBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { PATIENT, DOCTOR } from "./common";

export const appointments = {
  book: {
    method: "post", path: `${PATIENT}/bookAppointment`, tag: "Patient", who: "patient",
    summary: "Request an appointment with an approved doctor, or book one of their free times at once",
    description:
      "Without `slotStart`: a request, pending until the doctor schedules it (`preferredTimes`: up to three starts of the doctor's free slots). " +
      "With `slotStart` (issue 40), for a doctor whose hours have `instantBooking`: that free slot is booked at once, confirmed with its meet link, " +
      "and both sides are mailed; the message is \"Appointment booked for <ISO time>\". A `slotStart` that is not one of the doctor's free slots " +
      "(taken, outside the hours, inside BOOKING_NOTICE_MINUTES) is 409, and of two patients taking one slot the second gets 409; " +
      "`slotStart` for a doctor without instant booking, or with `preferredTimes`, is 400. " +
      "With `forMemberId` (issue 42) the visit is for that family member (`for` in the answer and every list), and the rule of one open " +
      "appointment per doctor holds for that person; without it, for the account holder, as before. " +
      "Issue 51: an account (holder and family members together) holds at most INSTANT_PER_DOCTOR (default 2) open instant bookings with one doctor " +
      "and INSTANT_PER_ACCOUNT (default 6) in all: past them 409 naming the number (a request is still possible); its instant bookings, moves and " +
      "cancels count toward PATIENT_CHANGES_PER_DAY (default 20) in any 24 hours: past them an instant booking is 429 with `Retry-After`.",
    body: { kind: "json", schema: bookBody, example: EXAMPLES.book },
    ok: { status: 201, schema: answers.booked, description: "The request (pending), or the booked meeting (confirmed)", example: EXAMPLES.booked },
    errors: [404, 409, 429],
  },
  patientMeetings: {
    method: "get", path: `${PATIENT}/patient-meetings`, tag: "Patient", who: "patient",
    summary: "The patient's appointments that are not cancelled",
    ok: { status: 200, schema: answers.patientMeetings, description: "Scheduled ones by time, then pending requests", example: { message: "Meetings fetched successfully", appointments: [{ ...EXAMPLES.appointment, hasFeedback: false }] } },
  },
  patientCancel: {
    method: "post", path: `${PATIENT}/cancelAppointment`, tag: "Patient", who: "patient",
    summary: "Cancel one of the patient's pending or confirmed appointments",
    description:
      "A confirmed meeting that starts sooner than CHANGE_NOTICE_MINUTES (default 240) from now cannot be cancelled by the patient (issue 40): " +
      "409 \"This meeting starts too soon to change online: contact the doctor\". The doctor still can.",
    body: { kind: "json", schema: cancelBody, example: EXAMPLES.cancel },
    ok: { status: 200, schema: answers.cancelled, description: "Cancelled", example: EXAMPLES.cancelled },
    errors: [404, 409],
  },
  patientReschedule: {
    method: "post", path: `${PATIENT}/rescheduleAppointment`, tag: "Patient", who: "patient",
    summary: "Move the patient's own confirmed meeting to another free time of its doctor",
    description:
      "Issue 40. `slotStart` must be the start of one of the doctor's free slots (GET the doctor's slots), else 409 \"This time is not free: please choose another\"; " +
      "a time that overlaps another of the patient's confirmed meetings, 409. The meet link stays; `reason` (optional, up to 500 characters) is shown to the doctor, who is mailed. " +
      "A meeting that has started, or starts sooner than CHANGE_NOTICE_MINUTES (default 240) from now: 409 \"This meeting starts too soon to change online: contact the doctor\". Another patient's: 404. " +
      "Issue 51: a patient moves one meeting at most 3 times (409); past the account's PATIENT_CHANGES_PER_DAY (default 20) instant bookings, moves and cancels in 24 hours, 429 with `Retry-After` " +
      "(a cancel still goes through).",
    body: { kind: "json", schema: ownRescheduleBody, example: EXAMPLES.ownReschedule },
    ok: { status: 200, schema: answers.scheduled, description: "Moved", example: EXAMPLES.rescheduled },
    errors: [404, 409, 429],
  },
  doctorRequests: {
    method: "get", path: `${DOCTOR}/appointments`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's pending requests, oldest first",
    ok: { status: 200, schema: answers.doctorAppointments, description: "Pending requests", example: { message: "Appointments fetched successfully", appointments: [{ ...EXAMPLES.appointment, status: "pending", scheduledAt: null, meetLink: null }] } },
  },
  schedule: {
    method: "post", path: `${DOCTOR}/scheduleAppointments`, tag: "Doctor", who: "approved doctor",
    summary: "Schedule a pending request at a future time",
    description: "`scheduledDateTime` is ISO 8601 with `Z` or an offset; the slot lasts CONSULT_MINUTES and must not overlap another confirmed appointment. `doctorName` is accepted and ignored.",
    body: { kind: "json", schema: scheduleBody, example: EXAMPLES.schedule },
    ok: { status: 200, schema: answers.scheduled, description: "Confirmed, with a new meet link", example: EXAMPLES.scheduled },
    errors: [404, 409],
  },
  doctorReschedule: {
    method: "post", path: `${DOCTOR}/rescheduleAppointment`, tag: "Doctor", who: "approved doctor",
    summary: "Move a confirmed meeting that has not started to another time",
    description: "The meet link stays. The new slot must be in the future and overlap no other confirmed appointment (409); `reason` (1 to 500 characters) is shown to the patient. The audit trail keeps the old and the new time.",
    body: { kind: "json", schema: rescheduleBody, example: EXAMPLES.reschedule },
    ok: { status: 200, schema: answers.scheduled, description: "Moved", example: EXAMPLES.rescheduled },
    errors: [404, 409],
  },
  undo: {
    method: "post", path: `${DOCTOR}/undo`, tag: "Doctor", who: "approved doctor",
    summary: "Undo the doctor's latest schedule, cancel or reschedule of an appointment",
    description:
      "Within UNDO_SECONDS (default 10) of the change, the appointment is put back as it was, the mails the change wrote (held until the window closes) are dropped, and the undo is kept in the audit trail. " +
      "After the window, or when the latest change is not this doctor's schedule, cancel or reschedule (an undo already done), 409. Another doctor's appointment: 404.",
    body: { kind: "json", schema: undoBody, example: EXAMPLES.undo },
    ok: { status: 200, schema: answers.undone, description: "Undone", example: EXAMPLES.undone },
    errors: [404, 409],
  },
  markAttendance: {
    method: "post", path: `${DOCTOR}/markAttendance`, tag: "Doctor", who: "approved doctor",
    summary: "Mark a meeting attended or missed by the patient",
    description:
      "Issue 40. From the meeting's start until 7 days after its end (before the start, or after that: 409), as often as needed (marking again undoes). " +
      "`attended: false` makes the meeting read as status `noshow` in every list (it takes no feedback); `true` keeps it `completed` once over. " +
      "A patient with 2 or more no-shows in the last 90 days cannot book instantly (409), but can still send requests. The audit trail keeps each mark.",
    body: { kind: "json", schema: attendanceBody, example: EXAMPLES.attendance },
    ok: { status: 200, schema: answers.attendanceMarked, description: "Marked", example: EXAMPLES.attendanceMarked },
    errors: [404, 409],
  },
  doctorCancel: {
    method: "post", path: `${DOCTOR}/cancelAppointment`, tag: "Doctor", who: "approved doctor",
    summary: "Cancel one of the doctor's pending or confirmed appointments",
    body: { kind: "json", schema: cancelBody, example: EXAMPLES.cancel },
    ok: { status: 200, schema: answers.cancelled, description: "Cancelled", example: EXAMPLES.cancelled },
    errors: [404, 409],
  },
  doctorMeetings: {
    method: "get", path: `${DOCTOR}/doctor-meetings`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's confirmed and completed meetings, by time",
    ok: { status: 200, schema: answers.doctorAppointments, description: "Meetings", example: { message: "Meetings fetched successfully", appointments: [EXAMPLES.appointment] } },
  },
} satisfies Record<string, Operation>;
