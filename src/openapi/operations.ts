/**
 * The API's description, one entry per route, keyed by method and path: the request schemas are
 * the very zod objects the routes validate with (src/http/schemas.ts), the answers are those of
 * src/http/answers.ts. ./document.ts turns the list into OpenAPI 3.1. A route added to the app
 * without an entry here (or an entry without its route) fails src/openapi/coverage.test.ts.
 */
import { answers } from "../http/answers";
import {
  bookBody,
  changePasswordBody,
  deleteAccountBody,
  consentBody,
  forgotPasswordBody,
  resetPasswordBody,
  sessionIdParam,
  languageBody,
  mailPreferencesBody,
  timeZoneBody,
  cancelBody,
  doctorChangeBody,
  doctorIdParam,
  doctorProfileForm,
  registrationDecisionBody,
  doctorSignupBody,
  doctorStatusBody,
  feedbackBody,
  reviewHideBody,
  reviewParam,
  reviewReplyBody,
  loginBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorVerifyBody,
  meetingIdParam,
  patientProfileForm,
  patientSignupBody,
  attendanceBody,
  availabilityBody,
  ownRescheduleBody,
  rescheduleBody,
  scheduleBody,
  undoBody,
  slotsParam,
  slotsQuery,
  familyBody,
  familyIdParam,
  waitlistBody,
  waitlistIdParam,
  directoryQuery,
  directoryDoctorParam,
} from "../http/schemas";
import { EXAMPLES } from "./examples";
import { MAX_FAMILY } from "../domain/family";
import type { Operation, Who } from "./operation";
import { z } from "zod";

/** A login's answer: the session, or (two-factor sign-in on) the challenge for POST /api/auth/2fa/verify. */
const orChallenge = (session: z.ZodType) => z.union([session, answers.twoFactorChallenge]);
const TWO_FACTOR = "With two-factor sign-in on, the answer is `{ twoFactorRequired: true, challenge }` and no token: POST /api/auth/2fa/verify with the challenge and a code answers what this call would have.";

const AUTH = "/api/auth";
const PATIENT = `${AUTH}/patient-dashboard`;
const DOCTOR = `${AUTH}/doctor-dashboard`;

/** Every route under /api/auth, in the README's order. */
export const OPERATIONS: Operation[] = [
  {
    method: "post", path: `${AUTH}/signupPatient`, tag: "Accounts", who: "anyone",
    summary: "Create a patient account and sign in",
    body: { kind: "json", schema: patientSignupBody, example: EXAMPLES.patientSignup },
    ok: { status: 201, schema: answers.patientSession, description: "The account is created; the token signs the patient in", example: EXAMPLES.patientSession },
    errors: [403, 409, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/loginPatient`, tag: "Accounts", who: "anyone",
    summary: "Sign in as a patient",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.patientSession), description: "Signed in", example: EXAMPLES.patientSession },
    errors: [403, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/signupDoctor`, tag: "Accounts", who: "anyone",
    summary: "Register as a doctor (pending until the admin approves)",
    body: { kind: "json", schema: doctorSignupBody, example: EXAMPLES.doctorSignup },
    ok: { status: 201, schema: answers.doctorSession, description: "Registered; the doctor is pending", example: EXAMPLES.doctorSession },
    errors: [403, 409, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/loginDoctor`, tag: "Accounts", who: "anyone",
    summary: "Sign in as a doctor, whatever the doctor's status",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.doctorSession), description: "Signed in; `doctor.status` tells what the doctor may do", example: EXAMPLES.doctorSession },
    errors: [403, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/loginAdmin`, tag: "Accounts", who: "anyone",
    summary: "Sign in as the admin",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.adminSession), description: "Signed in", example: EXAMPLES.adminSession },
    errors: [403, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/2fa/verify`, tag: "Accounts", who: "anyone",
    summary: "A login's second step: the challenge and a code",
    description: "The code is one from the authenticator app (a step either side of now is taken; each code once) or an unused recovery code (used up). Answers exactly what the login that gave the challenge would have (its role's session answer) and sets the session cookie. A wrong code is 401 and counts as a failed login (429 past the login limit); an unknown, used or expired challenge (5 minutes) is 401. Issue 51: the 5th wrong code on one challenge voids it (401 \"Too many wrong codes: this sign-in has ended. Please log in again.\") and mails the owner once; 10 wrong codes for the account since its last hold, within 24 hours and from any address, hold its code sign-in (an app's code 429 with `Retry-After`, recovery codes still taken) for 15 minutes, doubling with each hold in a row.",
    body: { kind: "json", schema: twoFactorVerifyBody, example: EXAMPLES.twoFactorVerify },
    ok: { status: 200, schema: z.union([answers.patientSession, answers.doctorSession, answers.adminSession]), description: "Signed in", example: EXAMPLES.patientSession },
    errors: [403, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/2fa/setup`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Begin setting up two-factor sign-in",
    description: "A new secret waits for its first code (POST /api/auth/2fa/enable); it replaces any earlier one still waiting. 409 when two-factor sign-in is already on.",
    ok: { status: 200, schema: answers.twoFactorSetup, description: "The secret, for the app", example: EXAMPLES.twoFactorSetup },
    errors: [409],
  },
  {
    method: "post", path: `${AUTH}/2fa/enable`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Turn two-factor sign-in on with the app's first code",
    description: "A wrong code is 400; no setup waiting, or already on, is 409. The ten recovery codes are shown only in this answer.",
    body: { kind: "json", schema: twoFactorEnableBody, example: EXAMPLES.twoFactorCode },
    ok: { status: 200, schema: answers.twoFactorEnabled, description: "On", example: EXAMPLES.twoFactorEnabled },
    errors: [409, 429],
  },
  {
    method: "post", path: `${AUTH}/2fa/disable`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Turn two-factor sign-in off",
    description: "Asks the password and a code (or a recovery code); a wrong one is 400 and counts as a failed login. 409 when it is not on.",
    body: { kind: "json", schema: twoFactorDisableBody, example: EXAMPLES.twoFactorDisable },
    ok: { status: 200, schema: answers.message, description: "Off", example: { message: "Two-factor sign-in is off." } },
    errors: [409, 429],
  },
  {
    method: "post", path: `${AUTH}/logout`, tag: "Accounts", who: "anyone",
    summary: "Sign out everywhere",
    description: "With a valid bearer token, every token of that account stops working. Always clears the page session cookie.",
    ok: { status: 200, schema: answers.message, description: "Signed out", example: { message: "Logged out" } },
    optionalBearer: true,
    errors: [403],
  },
  {
    method: "post", path: `${AUTH}/forgotPassword`, tag: "Accounts", who: "anyone",
    summary: "Ask for a password reset link by mail",
    description: "Always the same answer, at once, whether or not the account exists. The link (PUBLIC_URL/resetPassword/{token}) works once, for RESET_TOKEN_MINUTES (30 by default); an account has at most 3 live links, each valid until it expires or one of them is used (which voids the rest), and a new password voids them all. Limited per account and address and per address like logins (429); past the account's cap across addresses the answer is the same 202 and no mail goes.",
    body: { kind: "json", schema: forgotPasswordBody, example: EXAMPLES.forgotPassword },
    ok: { status: 202, schema: answers.message, description: "Accepted; a mail goes out if the account exists", example: { message: "If an account exists for that email, a reset link is on its way." } },
    errors: [429],
  },
  {
    method: "post", path: `${AUTH}/resetPassword`, tag: "Accounts", who: "anyone",
    summary: "Set a new password with a reset link's token, and sign in",
    description: "Ends every session of the account and revokes its device cookies. A used, expired or unknown token is 400 with one message for all three. A browser's post from another site is 403, as a login's is (issue 51).",
    body: { kind: "json", schema: resetPasswordBody, example: EXAMPLES.resetPassword },
    ok: { status: 200, schema: answers.resetSession, description: "The password is changed; the token signs in (a fresh login)", example: EXAMPLES.resetSession },
    errors: [403, 429], setsCookie: true,
  },
  {
    method: "post", path: `${AUTH}/changePassword`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Change the password (the current one is asked)",
    description: "Every other session of the account ends; this one stays. A mail tells the account. A wrong current password is 400 and counts as a failed login.",
    body: { kind: "json", schema: changePasswordBody, example: EXAMPLES.changePassword },
    ok: { status: 200, schema: answers.message, description: "Changed", example: { message: "Your password is changed. Every other device is signed out." } },
    errors: [429],
  },
  {
    method: "post", path: `${AUTH}/account/delete`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Erase this account (the password is asked)",
    description:
      "One transaction: the patient's open appointments are cancelled (each doctor gets the usual notice); the name, email, picture, family members, waitlist entries, mail choices, time zone, language and mails are erased; every session, device and the calendar feed end (the token is refused from now). Past appointments stay for the other side's records, with their reasons, naming the person \"Former patient\" (or \"Former doctor\") and an `erased-…@erased.invalid` address. The email can sign up again as a new account. A wrong password is 400 and counts as a failed login (429 past the limit); a doctor with an open appointment is 409; the admin is 403.",
    body: { kind: "json", schema: deleteAccountBody, example: { password: "correct-horse-1" } },
    ok: { status: 200, schema: answers.message, description: "Erased", example: { message: "Your account is erased. Your past visits stay with your doctors, without your name." } },
    errors: [403, 409, 429],
  },
  {
    method: "get", path: `${AUTH}/sessions`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "The sessions signed in to this account",
    description: "The private calendar feed, when the account has one, is listed last as one more entry (`kind: calendarFeed`, id `calendar-feed`): its URL opens the account's meetings like a session.",
    ok: { status: 200, schema: answers.sessions, description: "Newest first, then the calendar feed; `current` is the one asking", example: EXAMPLES.sessions },
  },
  {
    method: "delete", path: `${AUTH}/sessions/{id}`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "End one session of this account, or its calendar feed",
    description: "Its token (bearer or cookie) is refused from its next request; for the id `calendar-feed`, the feed's URL is refused from now.",
    params: sessionIdParam,
    ok: { status: 200, schema: answers.message, description: "Ended", example: { message: "That device is signed out." } },
    errors: [404],
  },
  {
    method: "post", path: `${AUTH}/sessions/revokeOthers`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "End every session of this account but this one",
    description: "The calendar feed ends too (a logout and a password change or reset end it as well).",
    ok: { status: 200, schema: answers.message, description: "Ended", example: { message: "Every other device is signed out." } },
  },
  {
    method: "get", path: `${AUTH}/consent`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "The consent notice in force, and what this account accepted",
    description: "Issue 44. `due` is true while the account accepted no notice (a signup without `consent: true`) or an older one: the person's pages show the notice with its form at the top until they accept (nothing is blocked). The notice's words are on the signup pages and /privacy.",
    ok: { status: 200, schema: answers.consent, description: "The state", example: { version: "2026-11-28", accepted: null, due: true, withdrawnAt: null } },
  },
  {
    method: "post", path: `${AUTH}/consent`, tag: "Accounts", who: "patient or doctor (any status)",
    summary: "Accept the consent notice in force (a signup without it, or a changed notice)",
    description: "Issue 44. Records the version in force and the time. `version`, when given, must be the one in force (GET /consent): 409 when the notice changed since the client showed it. Doctors of any status may call it; the admin is never asked (403).",
    body: { kind: "json", schema: consentBody, example: { consent: true, version: "2026-11-28" } },
    ok: { status: 200, schema: answers.consentRecorded, description: "Recorded", example: { message: "Thank you. Your consent is recorded.", version: "2026-11-28", at: "2026-11-28T09:30:00.000Z" } },
    errors: [403, 409],
  },
  {
    method: "delete", path: `${AUTH}/consent`, tag: "Accounts", who: "patient or doctor (any status)",
    summary: "Withdraw consent without erasing the account (issue 51)",
    description: "No notice stands accepted any more: the person's pages ask again (`due`), GET /consent says when (`withdrawnAt`, kept after accepting again), and the optional mails stop (reminders and notices off; the account's own mails, such as a reset link, still go). The account and its visits stay; erasure is POST /account/delete. The admin has none (403).",
    ok: { status: 200, schema: answers.consentWithdrawn, description: "Withdrawn", example: { message: "Your consent is withdrawn. Your account stays; you will be asked again.", withdrawnAt: "2026-11-28T09:30:00.000Z" } },
    errors: [403],
  },
  {
    method: "get", path: `${AUTH}/account/export`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Everything held about this account, as one JSON document (a download)",
    description:
      "Issue 44. The profile (with its consent), mail choices, family members, appointments with their story, feedback, waitlist entries, sessions (and the calendar feed), mails sent (subject and dates, never the text) and audit events about the account. Of another account only what the owner already sees: a doctor's export names each patient by name only. Answered with `Content-Disposition: attachment; filename=\"carebook-YYYY-MM-DD.json\"` (the UTC date) and never cached. The profile pages offer the same document at /account/export.",
    ok: { status: 200, schema: answers.accountExport, description: "The document", example: EXAMPLES.accountExport },
  },
  {
    method: "get", path: `${AUTH}/mail-preferences`, tag: "Accounts", who: "patient or approved doctor",
    summary: "The account's mail choices: reminders and notices, each on or off",
    description: "Both are on until the person turns one off (here, on the profile page, or with a mail's one-click unsubscribe link). The admin has no mail choices (403).",
    ok: { status: 200, schema: answers.mailPreferences, description: "The choices", example: { preferences: { reminders: true, notices: true } } },
  },
  {
    method: "put", path: `${AUTH}/mail-preferences`, tag: "Accounts", who: "patient or approved doctor",
    summary: "Set the account's mail choices (the profile page's form)",
    description: "Both fields, each true or false. Mails already waiting in the outbox are not recalled.",
    body: { kind: "json", schema: mailPreferencesBody, example: { reminders: true, notices: false } },
    ok: { status: 200, schema: answers.mailPreferencesSaved, description: "Saved", example: { message: "Your mail choices are saved.", preferences: { reminders: true, notices: false } } },
  },
  {
    method: "put", path: `${AUTH}/time-zone`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Set the account's time zone (the profile pages' form)",
    description: "`timeZone` is an IANA name from the list the pages offer; the pages and the mails show times in it. An unknown zone is 400 naming the field.",
    body: { kind: "json", schema: timeZoneBody, example: { timeZone: "Asia/Kolkata" } },
    ok: { status: 200, schema: answers.timeZoneSaved, description: "Saved", example: { message: "Your time zone is saved.", timeZone: "Asia/Kolkata" } },
  },
  {
    method: "put", path: `${AUTH}/language`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Set the account's language (the header's language switch)",
    description: "The account's mails are written in it from now on, and a new device's pages start in it. The JSON API's own messages stay English.",
    body: { kind: "json", schema: languageBody, example: { language: "hi" } },
    ok: { status: 200, schema: answers.languageSaved, description: "Saved", example: { message: "Your language is saved; your mails will be written in it.", language: "hi" } },
  },
  {
    method: "get", path: `${AUTH}/doctor-status`, tag: "Accounts", who: "doctor, any status",
    summary: "The signed-in doctor's current status (Refresh Status)",
    ok: { status: 200, schema: answers.doctorStatus, description: "The doctor as stored now", example: { status: "approved", doctor: EXAMPLES.doctor } },
  },
  {
    method: "get", path: `${PATIENT}/doctors`, tag: "Patient", who: "patient",
    summary: "Every approved doctor, by specialization then name",
    ok: { status: 200, schema: answers.directory, description: "The directory (no emails)", example: [EXAMPLES.directoryDoctor] },
    notModified: true,
  },
  {
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
  {
    method: "get", path: `${PATIENT}/family`, tag: "Patient", who: "patient",
    summary: "The people the patient books for (issue 42)",
    ok: { status: 200, schema: answers.family, description: "The family members, in the order they were added", example: { members: [EXAMPLES.member] } },
  },
  {
    method: "post", path: `${PATIENT}/family`, tag: "Patient", who: "patient",
    summary: "Add a family member",
    description: `At most ${MAX_FAMILY} members: a ninth is 409. \`dateOfBirth\` is YYYY-MM-DD, not in the future, not before 1900.`,
    body: { kind: "json", schema: familyBody, example: EXAMPLES.memberBody },
    ok: { status: 201, schema: answers.familyMember, description: "Added", example: { message: "Family member added", member: EXAMPLES.member } },
    errors: [409],
  },
  {
    method: "put", path: `${PATIENT}/family/{id}`, tag: "Patient", who: "patient",
    summary: "Change a family member",
    description: "Appointments already made keep the person as booked. Another patient's member is 404.",
    params: familyIdParam,
    body: { kind: "json", schema: familyBody, example: EXAMPLES.memberBody },
    ok: { status: 200, schema: answers.familyMember, description: "Changed", example: { message: "Family member updated", member: EXAMPLES.member } },
    errors: [404],
  },
  {
    method: "delete", path: `${PATIENT}/family/{id}`, tag: "Patient", who: "patient",
    summary: "Remove a family member",
    description: "409 while the person has an open appointment (pending, or confirmed and not over); past appointments keep the person as booked. Another patient's member is 404.",
    params: familyIdParam,
    ok: { status: 200, schema: answers.message, description: "Removed", example: { message: "Family member removed" } },
    errors: [404, 409],
  },
  {
    method: "get", path: `${PATIENT}/doctors/{doctorId}/slots`, tag: "Patient", who: "patient",
    summary: "A doctor's free slots over the next days",
    description:
      "Every CONSULT_MINUTES slot inside the doctor's weekly hours (in the doctor's zone, across daylight-saving changes), outside days off, " +
      "overlapping no confirmed meeting, starting at least BOOKING_NOTICE_MINUTES from now; in time order. `days` (1 to 31, default 14) counts the doctor's local dates from today. " +
      "A doctor without hours (\"by request\") has no slots and a null zone.",
    params: slotsParam,
    query: slotsQuery,
    ok: { status: 200, schema: answers.freeSlots, description: "The free slots", example: EXAMPLES.freeSlots },
    errors: [404],
  },
  {
    method: "get", path: `${PATIENT}/patient-meetings`, tag: "Patient", who: "patient",
    summary: "The patient's appointments that are not cancelled",
    ok: { status: 200, schema: answers.patientMeetings, description: "Scheduled ones by time, then pending requests", example: { message: "Meetings fetched successfully", appointments: [{ ...EXAMPLES.appointment, hasFeedback: false }] } },
  },
  {
    method: "post", path: `${PATIENT}/cancelAppointment`, tag: "Patient", who: "patient",
    summary: "Cancel one of the patient's pending or confirmed appointments",
    description:
      "A confirmed meeting that starts sooner than CHANGE_NOTICE_MINUTES (default 240) from now cannot be cancelled by the patient (issue 40): " +
      "409 \"This meeting starts too soon to change online: contact the doctor\". The doctor still can.",
    body: { kind: "json", schema: cancelBody, example: EXAMPLES.cancel },
    ok: { status: 200, schema: answers.cancelled, description: "Cancelled", example: EXAMPLES.cancelled },
    errors: [404, 409],
  },
  {
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
  {
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
  {
    method: "get", path: `${PATIENT}/waitlist`, tag: "Patient", who: "patient",
    summary: "The patient's own open waitlist entries, with any time offered",
    ok: { status: 200, schema: answers.waitlist, description: "Oldest first; `offer` is set while a time is held for the patient", example: EXAMPLES.waitlist },
  },
  {
    method: "delete", path: `${PATIENT}/waitlist/{id}`, tag: "Patient", who: "patient",
    summary: "Leave a waitlist",
    description: "A time held for this entry goes to the next patient waiting. Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 200, schema: answers.message, description: "Left", example: { message: "You left the waitlist" } },
    errors: [404],
  },
  {
    method: "post", path: `${PATIENT}/waitlist/{id}/accept`, tag: "Patient", who: "patient",
    summary: "Book the time a waitlist offer holds",
    description:
      "The entry ends and the time is booked as an instant booking would be (confirmed with its meet link, both sides mailed), in one transaction. " +
      "No offer open (it ran out, or none was made): 409; the refusals of an instant booking apply (409, and issue 51's limits: 409, 429). Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 201, schema: answers.booked, description: "Booked", example: EXAMPLES.waitlistBooked },
    errors: [404, 409, 429],
  },
  {
    method: "post", path: `${PATIENT}/waitlist/{id}/decline`, tag: "Patient", who: "patient",
    summary: "Turn down the time a waitlist offer holds",
    description: "The entry ends (the patient may join again) and the time goes to the next patient waiting, or is free again. No offer open: 409. Not the patient's open entry: 404.",
    params: waitlistIdParam,
    ok: { status: 200, schema: answers.message, description: "Declined", example: { message: "Offer declined: the time goes to the next patient waiting" } },
    errors: [404, 409],
  },
  {
    method: "post", path: `${PATIENT}/giveFeedback`, tag: "Patient", who: "patient",
    summary: "Give feedback on a completed appointment, once: a private message, an optional public rating (1-5), published as a review if asked",
    description: "Issue 41 (additions): `rating` counts at once, anonymously, in the doctor's `rating`; the message stays the doctor's alone unless `publish` is true, then it is a review shown with the patient's first name and initial (\"Pat P.\").",
    body: { kind: "json", schema: feedbackBody, example: EXAMPLES.feedback },
    ok: { status: 201, schema: answers.feedbackGiven, description: "Saved", example: EXAMPLES.feedbackGiven },
    errors: [404, 409],
  },
  {
    method: "get", path: `${AUTH}/patient-profile`, tag: "Profiles", who: "patient",
    summary: "The signed-in patient",
    ok: { status: 200, schema: answers.patient, description: "The patient", example: { patient: EXAMPLES.patient } },
  },
  {
    method: "put", path: `${AUTH}/patient-profile`, tag: "Profiles", who: "patient",
    summary: "Change the patient's name and, optionally, picture",
    body: { kind: "form", schema: patientProfileForm, example: { name: "Pat Patient" } },
    ok: { status: 200, schema: answers.patientUpdated, description: "Updated", example: { message: "Profile updated successfully!", patient: EXAMPLES.patient } },
    errors: [408, 413, 415, 429, 503],
  },
  {
    method: "get", path: `${DOCTOR}/appointments`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's pending requests, oldest first",
    ok: { status: 200, schema: answers.doctorAppointments, description: "Pending requests", example: { message: "Appointments fetched successfully", appointments: [{ ...EXAMPLES.appointment, status: "pending", scheduledAt: null, meetLink: null }] } },
  },
  {
    method: "post", path: `${DOCTOR}/scheduleAppointments`, tag: "Doctor", who: "approved doctor",
    summary: "Schedule a pending request at a future time",
    description: "`scheduledDateTime` is ISO 8601 with `Z` or an offset; the slot lasts CONSULT_MINUTES and must not overlap another confirmed appointment. `doctorName` is accepted and ignored.",
    body: { kind: "json", schema: scheduleBody, example: EXAMPLES.schedule },
    ok: { status: 200, schema: answers.scheduled, description: "Confirmed, with a new meet link", example: EXAMPLES.scheduled },
    errors: [404, 409],
  },
  {
    method: "post", path: `${DOCTOR}/rescheduleAppointment`, tag: "Doctor", who: "approved doctor",
    summary: "Move a confirmed meeting that has not started to another time",
    description: "The meet link stays. The new slot must be in the future and overlap no other confirmed appointment (409); `reason` (1 to 500 characters) is shown to the patient. The audit trail keeps the old and the new time.",
    body: { kind: "json", schema: rescheduleBody, example: EXAMPLES.reschedule },
    ok: { status: 200, schema: answers.scheduled, description: "Moved", example: EXAMPLES.rescheduled },
    errors: [404, 409],
  },
  {
    method: "post", path: `${DOCTOR}/undo`, tag: "Doctor", who: "approved doctor",
    summary: "Undo the doctor's latest schedule, cancel or reschedule of an appointment",
    description:
      "Within UNDO_SECONDS (default 10) of the change, the appointment is put back as it was, the mails the change wrote (held until the window closes) are dropped, and the undo is kept in the audit trail. " +
      "After the window, or when the latest change is not this doctor's schedule, cancel or reschedule (an undo already done), 409. Another doctor's appointment: 404.",
    body: { kind: "json", schema: undoBody, example: EXAMPLES.undo },
    ok: { status: 200, schema: answers.undone, description: "Undone", example: EXAMPLES.undone },
    errors: [404, 409],
  },
  {
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
  {
    method: "get", path: `${DOCTOR}/availability`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's weekly hours and days off",
    ok: { status: 200, schema: answers.availability, description: "The hours, or null before any are set (the doctor is \"by request\")", example: { availability: EXAMPLES.availability } },
  },
  {
    method: "put", path: `${DOCTOR}/availability`, tag: "Doctor", who: "approved doctor",
    summary: "Replace the doctor's weekly hours and days off",
    description: "`day` is 1 (Monday) to 7 (Sunday); `start`/`end` are HH:MM in `timeZone` (an IANA name), a range may end at 24:00; `from`/`to` are inclusive dates in that zone. Overlapping ranges, an end before its start, or an unknown zone: 400 naming the field.",
    body: { kind: "json", schema: availabilityBody, example: EXAMPLES.availability },
    ok: { status: 200, schema: answers.availabilitySaved, description: "Saved", example: EXAMPLES.availabilitySaved },
  },
  {
    method: "post", path: `${DOCTOR}/cancelAppointment`, tag: "Doctor", who: "approved doctor",
    summary: "Cancel one of the doctor's pending or confirmed appointments",
    body: { kind: "json", schema: cancelBody, example: EXAMPLES.cancel },
    ok: { status: 200, schema: answers.cancelled, description: "Cancelled", example: EXAMPLES.cancelled },
    errors: [404, 409],
  },
  {
    method: "get", path: `${DOCTOR}/doctor-meetings`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's confirmed and completed meetings, by time",
    ok: { status: 200, schema: answers.doctorAppointments, description: "Meetings", example: { message: "Meetings fetched successfully", appointments: [EXAMPLES.appointment] } },
  },
  {
    method: "get", path: `${DOCTOR}/patient-feedbacks`, tag: "Doctor", who: "approved doctor",
    summary: "Feedback the doctor has received, newest first",
    ok: { status: 200, schema: answers.feedbacks, description: "Feedback", example: { feedbacks: [EXAMPLES.doctorFeedback] } },
  },
  {
    method: "post", path: `${DOCTOR}/reviews/{appointmentId}/reply`, tag: "Doctor", who: "approved doctor",
    summary: "Answer a published review of the doctor's, once (issue 41)",
    description: "404 when the appointment has no feedback of this doctor's or its message was not published (a private message is not a review); 409 when it has been answered already.",
    params: reviewParam,
    body: { kind: "json", schema: reviewReplyBody, example: EXAMPLES.reviewReply },
    ok: { status: 201, schema: answers.reviewChanged, description: "Answered", example: EXAMPLES.reviewReplied },
    errors: [404, 409],
  },
  {
    method: "get", path: `${AUTH}/doctor-profile`, tag: "Profiles", who: "approved doctor",
    summary: "The signed-in doctor",
    ok: { status: 200, schema: answers.doctor, description: "The doctor", example: { doctor: EXAMPLES.doctor } },
  },
  {
    method: "put", path: `${AUTH}/doctor-profile`, tag: "Profiles", who: "approved doctor",
    summary: "Change the doctor's name, specialization, college, details (registration, experience, languages, fee, about) and, optionally, picture",
    description: "Each detail is optional: a field left out keeps its value. A new or changed registration (number or council) waits for the admin's check; until then `registration.verified` is false and patients are shown the last verified pair.",
    body: {
      kind: "form",
      schema: doctorProfileForm,
      example: { name: "Dana Doctor", specialization: "Cardiologist", collegeName: "City Medical College", languages: "en,hi", fee: "500", experienceYears: "12" },
    },
    ok: { status: 200, schema: answers.doctorUpdated, description: "Updated", example: { message: "Profile updated successfully!", doctor: EXAMPLES.doctor } },
    errors: [408, 413, 415, 429, 503],
  },
  {
    method: "get", path: `${AUTH}/admin-dashboard/doctors`, tag: "Admin", who: "admin",
    summary: "Every doctor, oldest signup first, with the status history",
    ok: { status: 200, schema: answers.adminDoctors, description: "Every doctor", example: [EXAMPLES.adminDoctor] },
  },
  {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-status/{id}`, tag: "Admin", who: "admin",
    summary: "Approve, reject, block or reactivate a doctor",
    description: "pending → approved or rejected; approved → blocked; rejected or blocked → approved. Any other change is 409.",
    params: doctorIdParam,
    body: { kind: "json", schema: doctorStatusBody, example: { status: "approved" } },
    ok: { status: 200, schema: answers.statusChanged, description: "Changed", example: { message: "Approve: Dana Doctor is now approved", doctor: EXAMPLES.adminDoctor } },
    errors: [404, 409],
  },
  {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-change/{id}`, tag: "Admin", who: "admin",
    summary: "Approve or decline an approved doctor's waiting change of specialization or college",
    description: "Approved, the doctor's profile and the directory show the change; declined, they keep the approved values. Either way nothing waits any more. 409 when no change waits.",
    params: doctorIdParam,
    body: { kind: "json", schema: doctorChangeBody, example: { decision: "approve" } },
    ok: { status: 200, schema: answers.statusChanged, description: "Decided", example: EXAMPLES.changeReviewed },
    errors: [404, 409],
  },
  {
    method: "patch", path: `${AUTH}/admin-dashboard/doctor-registration/{id}`, tag: "Admin", who: "admin",
    summary: "Verify or refuse a doctor's waiting registration",
    description: "Verified, the pair becomes the doctor's verified registration; refused (a reason is required), it stays waiting with the reason, which the doctor sees, until they change it. 409 when no registration waits.",
    params: doctorIdParam,
    body: { kind: "json", schema: registrationDecisionBody, example: { verified: true } },
    ok: { status: 200, schema: answers.statusChanged, description: "Decided", example: EXAMPLES.registrationChecked },
    errors: [404, 409],
  },
  {
    method: "patch", path: `${AUTH}/admin-dashboard/reviews/{appointmentId}`, tag: "Admin", who: "admin",
    summary: "Hide a review or any rating with a reason, or show it again (issues 41, 51)",
    description: "A hidden review's rating stops counting in its doctor's rating; shown again, it counts again (unless the visit is marked a no-show, whose rating counts nowhere). Issue 51: a rating sent with `publish: false` counts too, so it can be hidden as well; its private text is never in the answer. A reason is required when hiding. 404 when the appointment has neither a published review nor a rating; 409 when it is already hidden (or already shown).",
    params: reviewParam,
    body: { kind: "json", schema: reviewHideBody, example: EXAMPLES.reviewHide },
    ok: { status: 200, schema: answers.reviewChanged, description: "Hidden or shown", example: EXAMPLES.reviewHidden },
    errors: [404, 409],
  },
  {
    method: "get", path: `${AUTH}/directory/doctors`, tag: "Directory", who: "anyone",
    summary: "Search the public doctor directory (issue 41), 20 doctors a page",
    description:
      "Every approved doctor with a verified registration. `q` matches a word of the name, a specialization in English or Hindi, or an " +
      "everyday word (\"skin\", \"दिल\"); `specialization`, `language` (a code), `maxFee` (whole rupees), `availableDays` (a free time within " +
      "that many days, 1 to 14) filter; `sort` is `next` (soonest free time first, the default), `rating` (highest average first) or `fee` " +
      "(lowest first), doctors without that value last, then by name. A page past the last is empty. No email, status or anything private.",
    query: directoryQuery,
    ok: { status: 200, schema: answers.publicDirectory, description: "One page of doctors, its number and how many pages there are", example: EXAMPLES.publicDirectory },
  },
  {
    method: "get", path: `${AUTH}/directory/doctors/{id}`, tag: "Directory", who: "anyone",
    summary: "A public doctor's profile and their newest published reviews",
    description: "Up to 20 published reviews no admin hid, newest first, each by first name and initial with the doctor's reply. 404 for a doctor the directory does not show (not approved, or no verified registration).",
    params: directoryDoctorParam,
    ok: { status: 200, schema: answers.publicProfile, description: "The profile and its reviews", example: EXAMPLES.publicProfile },
    errors: [404],
  },
  ...(["patient", "doctor"] as const).flatMap((role): Operation[] => {
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
  }),
];
