/**
 * What the pages say to people, in plain words, in one place (issue 27): the messages beside a
 * field, shared by the server's forms and the islands. SPEC §8's messages stay where the
 * contract puts them (src/actions, the islands' fallbacks).
 */
import type { Lang, Translate, Values } from "./i18n";
import { formatDay, formatTime } from "./time";
import { UNTIL_FAR, UNTIL_PAST, UNTIL_SHAPE, WAITLIST_ALREADY, WAITLIST_NO_OFFER, WAITLIST_NOT_INSTANT } from "./waitlist";
import { FAMILY_FULL, FAMILY_FULL_PLAIN, FAMILY_WORDS, MAX_FAMILY } from "./family";
import { DETAILS_WORDS } from "./doctor-details";
import { RECORD_WORDS } from "./records";
import { DOCUMENT_WORDS } from "./documents";
import { HOURS_PLACE_GONE, PLACE_IN_USE, PLACE_WORDS } from "./places";
import { REVIEW_MESSAGES } from "./review";

/** The API's message for a time past MAX_AHEAD_MS (src/domain/appointment.ts). */
export const TOO_FAR = "scheduledDateTime must be at most 2 years ahead";

/** SPEC §5: the schedule form's message when the date or the time is missing. */
export const DATE_AND_TIME_REQUIRED = "Please select both date and time!";

/** Issue 44: a page's consent form posted without its tick box. */
export const CONSENT_UNTICKED = "Please tick the box to give your consent.";

export const MESSAGES = {
  cancelReasonEmpty: "Please say why you are cancelling.",
  feedbackEmpty: "Please write your feedback before sending it.",
  blockReasonEmpty: "Please say why this doctor is blocked.",
  rejectReasonEmpty: "Please say why this doctor is rejected.",
  registrationReasonEmpty: "Please say why this registration is not verified.",
  hideReasonEmpty: "Please say why this review is hidden.",
  timeInPast: "Choose a time in the future.",
  timeTooFar: "Choose a time within the next two years.",
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
  text: ["your answer", "Your answer"],
  collegeName: ["the name of your college", "The college name"],
  specialization: ["a specialization", "The specialization"],
  date: ["a date", "The date"],
  time: ["a time", "The time"],
  registrationNumber: ["your registration number", "The registration number"],
  registrationCouncil: ["the registering council", "The council's name"],
  about: ["a few words about you", "About you"],
  code: ["the code", "The code"],
};
const words = (field: string) => FIELD_WORDS[field] ?? ([`a ${field}`, field] as const);

/**
 * The server's validation messages name fields for programs ("reason is required", as the API
 * contract says); pages and islands show them in plain words ("Please enter a reason.").
 * Anything else is already meant for people and is returned as it is.
 */
export function plainWords(message: string): string {
  let m: RegExpExecArray | null;
  // Family members (issue 42), before the field patterns ("dateOfBirth is required" has its own words).
  if (FAMILY_WORDS[message] !== undefined) return FAMILY_WORDS[message].plain;
  if (message === FAMILY_FULL) return FAMILY_FULL_PLAIN;
  if (DETAILS_WORDS[message] !== undefined) return DETAILS_WORDS[message].plain;
  if (RECORD_WORDS[message] !== undefined) return RECORD_WORDS[message].plain;
  if (DOCUMENT_WORDS[message] !== undefined) return DOCUMENT_WORDS[message].plain;
  if (PLACE_WORDS[message] !== undefined) return PLACE_WORDS[message].plain;
  if ((m = PLACE_IN_USE.exec(message))) return `${message}.`;
  if (HOURS_PLACE_GONE.test(message)) return "One of the places in your hours is no longer yours: reload the page and try again.";
  if ((m = /^(\w+) is required$/.exec(message))) return `Please enter ${words(m[1]!)[0]}.`;
  if ((m = /^(\w+) must be at most (\d+) characters$/.exec(message))) return `${words(m[1]!)[1]} can be at most ${m[2]} characters.`;
  if ((m = /^(\w+) must be at least (\d+) characters$/.exec(message))) return `${words(m[1]!)[1]} must be at least ${m[2]} characters.`;
  if ((m = /^(\w+) must not contain control characters$/.exec(message))) return `${words(m[1]!)[1]} contains characters that cannot be shown. Please remove them.`;
  if (message === "email must be a valid email address") return "Please enter a valid email address, such as name@example.com.";
  if (/^specialization must be one of/.test(message)) return "Please choose a specialization from the list.";
  if (message === "decision must be one of: approve, decline") return "Choose Approve change or Decline change.";
  if (message === "scheduledDateTime must be in the future") return MESSAGES.timeInPast;
  if (message === TOO_FAR) return MESSAGES.timeTooFar;
  if ((m = /^(\w+): (.+)$/.exec(message)) && FIELD_WORDS[m[1]!]) return plainWords(m[2]!);
  if (message === "slotStart: Please choose one of the free times") return "Please choose one of the free times";
  // The API's status word for a missed meeting (issue 40) is not one a person says.
  if (/; this one is noshow$/.test(message)) return message.replace(/noshow$/, "missed");
  return message;
}

// ---------- issue 31: the same messages in the page's language ----------

/**
 * A message as the catalog says it: a key (src/i18n/<lang>/forms.ts, "msg.*") and its values;
 * a value may itself be a message (a field's words, a status, a weekday), said first.
 */
export type Said = { key: string; values?: Record<string, string | number | Said> };

/** The English messages (the API's, SPEC §8's, the pages' own) that are said by one key. */
const EXACT: Record<string, string> = {
  // Sign-in and signup (the API's messages, SPEC §8's fallbacks).
  "Invalid email or password": "msg.auth.badLogin",
  "An account with this email already exists": "msg.auth.emailTaken",
  "Too many failed login attempts. Please try again later.": "msg.auth.tooManyLogins",
  "Too many attempts from this address. Please wait a minute and try again.": "msg.auth.tooManyAttempts",
  "Too many signups from this address. Please try again later.": "msg.auth.tooManySignups",
  "Login failed. Please try again.": "msg.auth.loginFailed",
  "Registration failed. Please try again.": "msg.auth.signupFailed",
  [CONSENT_UNTICKED]: "msg.auth.consentUnticked",
  // Any signed-in call.
  "Authentication required": "msg.session.required",
  "Invalid or expired token": "msg.session.expired",
  "Something went wrong. Please try again.": "msg.server.error",
  // Booking.
  "Doctor not found": "msg.doctor.notFound",
  "You already have an open appointment with this doctor": "msg.booking.open",
  "Something went wrong": "msg.booking.failed",
  "Appointment request sent. The doctor will schedule it soon.": "msg.booking.sent",
  "Appointment booked.": "msg.booking.booked",
  // Instant booking (issue 40: src/actions/appointments.ts, src/http/schemas/appointments.ts).
  "This time is not free: please choose another": "msg.booking.slotNotFree",
  "slotStart is only for doctors with instant booking: send preferredTimes to ask this doctor for a time": "msg.booking.notInstant",
  "Please choose one of the free times": "msg.booking.chooseTime",
  // (as the form's refusal names its field: said without it, in either language, issue 52)
  "slotStart: Please choose one of the free times": "msg.booking.chooseTime",
  "preferredTimes must be free times of this doctor: one of them is not (or no longer) free, please choose again": "msg.booking.notFree",
  // Meetings and requests.
  "Appointment not found": "msg.meeting.notFound",
  "Failed to fetch appointments": "msg.meeting.loadFailed",
  "Failed to cancel appointment.": "msg.meeting.cancelFailed",
  "Failed to submit feedback.": "msg.patient.feedbackFailed",
  "Feedback submitted successfully!": "msg.patient.feedbackSent",
  "Failed to schedule appointment.": "msg.schedule.failed",
  "This time overlaps another confirmed appointment": "msg.schedule.overlaps",
  // Said by the server only (the move's form posts without script): no island carries it.
  "This time overlaps another of your confirmed appointments": "msg.move.overlapsYours",
  // Issue 40's attendance: the doctor's form (server only) and the instant booking's refusal.
  "This appointment has not started: attendance can be marked from its start": "msg.attendance.tooEarly",
  "Attendance can be marked only until 7 days after the appointment": "msg.attendance.tooLate",
  "You missed 2 or more appointments in the last 90 days, so you cannot book a time instantly: send a request and the doctor will choose a time": "msg.booking.noShows",
  "This appointment has started and can no longer be rescheduled": "msg.schedule.started",
  // The waitlist (issue 40: src/domain/waitlist.ts).
  [WAITLIST_NOT_INSTANT]: "msg.waitlist.notInstant",
  [WAITLIST_ALREADY]: "msg.waitlist.already",
  [WAITLIST_NO_OFFER]: "msg.waitlist.noOffer",
  [UNTIL_PAST]: "msg.waitlist.untilPast",
  [UNTIL_FAR]: "msg.waitlist.untilFar",
  [UNTIL_SHAPE]: "msg.waitlist.untilShape",
  "Waitlist entry not found": "msg.waitlist.notFound",
  "This appointment starts too soon to change online: contact the doctor": "msg.change.tooLate",
  "Feedback has already been given for this appointment": "msg.patient.feedbackGiven",
  [MESSAGES.cancelReasonEmpty]: "msg.meeting.cancelReasonEmpty",
  [MESSAGES.feedbackEmpty]: "msg.patient.feedbackEmpty",
  [MESSAGES.timeInPast]: "msg.schedule.timeInPast",
  [MESSAGES.timeTooFar]: "msg.bounds.timeTooFar",
  [MESSAGES.realDateAndTime]: "msg.schedule.realDateAndTime",
  [DATE_AND_TIME_REQUIRED]: "msg.schedule.dateAndTime",
  // The doctor's undo (issue 39; src/domain/undo.ts).
  "There is nothing to undo for this appointment": "msg.undo.nothing",
  "The time to undo this has passed": "msg.undo.closed",
  "This time has been given to another appointment since, so the change cannot be undone": "msg.undo.taken",
  "The patient has booked with you again since, so the change cannot be undone": "msg.undo.openAgain",
  "The patient has another appointment at that time since, so the change cannot be undone": "msg.undo.patientBusy",
  // Profile and pictures.
  "Failed to load profile. Please try again.": "msg.profile.loadFailed",
  "Failed to update profile. Please try again.": "msg.profile.updateFailed",
  "Profile updated successfully!": "msg.profile.updated",
  "Profile picture must be a JPEG or PNG image": "msg.profile.imageType",
  "This picture takes too long to process, so it was refused. Please upload an ordinary JPEG or PNG photo.": "msg.picture.tooSlow",
  "This picture could not be processed. Please upload an ordinary JPEG or PNG photo.": "msg.picture.failed",
  "The server is busy with other pictures. Please try again in a moment.": "msg.picture.busy",
  "Another picture upload of yours is still in progress. Please wait for it to finish.": "msg.picture.oneUpload",
  "The upload arrived too slowly and was stopped. Please try again on a better connection.": "msg.picture.uploadSlow",
  "Request body is too large": "msg.picture.bodyTooLarge",
  // The admin's table.
  "Failed to fetch doctors. Please try again.": "msg.admin.loadFailed",
  "Failed to update doctor status. Please try again.": "msg.admin.updateFailed",
  "This doctor has no change waiting for review": "msg.review.noChange",
  "decision must be one of: approve, decline": "msg.review.chooseDecision",
  [MESSAGES.blockReasonEmpty]: "msg.admin.blockReasonEmpty",
  [MESSAGES.rejectReasonEmpty]: "msg.admin.rejectReasonEmpty",
  [MESSAGES.registrationReasonEmpty]: "msg.admin.registrationReasonEmpty",
  // Reviews (issue 41: src/domain/review.ts).
  [REVIEW_MESSAGES.ratingRange]: "msg.reviews.ratingRange",
  [REVIEW_MESSAGES.notFound]: "msg.reviews.notFound",
  [REVIEW_MESSAGES.replied]: "msg.reviews.replied",
  [REVIEW_MESSAGES.alreadyHidden]: "msg.reviews.alreadyHidden",
  [REVIEW_MESSAGES.notHidden]: "msg.reviews.notHidden",
  [REVIEW_MESSAGES.hideReasonRequired]: "msg.reviews.hideReasonEmpty",
  [MESSAGES.hideReasonEmpty]: "msg.reviews.hideReasonEmpty",
  // Pages only: passwords, sessions, the time zone, the doctor's hours.
  "Too many password reset requests. Please try again later.": "msg.account.tooManyResets",
  "This reset link is not valid any more. Please ask for a new one.": "msg.account.resetInvalid",
  "Your current password is not correct": "msg.account.wrongPassword",
  "Account not found": "msg.account.notFound",
  "Session not found": "msg.account.sessionNotFound",
  "Link not found": "msg.account.linkNotFound",
  // Two-factor sign-in (issue 44; the words of src/actions/two-factor.ts).
  "The code is not correct": "msg.twoFactor.wrongCode",
  "This sign-in has expired. Please log in again.": "msg.twoFactor.expired",
  "Your password is not correct": "msg.twoFactor.wrongPassword",
  "Two-factor sign-in is already on": "msg.twoFactor.alreadyOn",
  "Two-factor sign-in is not on": "msg.twoFactor.notOn",
  "Set up two-factor sign-in first": "msg.twoFactor.noSetup",
  "Choose a time zone from the list.": "msg.account.unknownZone",
  "The time zone of your hours must be a name such as Europe/Berlin or America/New_York": "msg.hours.zone",
  "Your hours for one day are too long": "msg.hours.dayTooLong",
  "Your days off are too many for one form": "msg.hours.tooManyDaysOff",
  "Days off in your hours must read like 24/12/2026, or 24/12/2026 to 26/12/2026, one a line": "msg.hours.daysOffShape",
  "Days off in your hours must be real dates, each range ending on or after it starts": "msg.hours.daysOffReal",
  // Erasing one's account (issue 44: src/domain/erasure.ts, src/http/schemas/account-security.ts).
  "You still have open appointments: cancel them or let them finish, then erase your account.": "msg.erasure.doctorOpen",
  "The admin account cannot be erased this way.": "msg.erasure.admin",
  "Tick the box to confirm that you want your account erased": "msg.erasure.confirm",
  // Family members (issue 42).
  ...Object.fromEntries(Object.entries(FAMILY_WORDS).map(([message, words]) => [message, words.key])),
  // The doctor's details (issue 41).
  ...Object.fromEntries(Object.entries(DETAILS_WORDS).map(([message, words]) => [message, words.key])),
  // The records (issue 56).
  ...Object.fromEntries(Object.entries(RECORD_WORDS).map(([message, words]) => [message, words.key])),
  // The patients' reports (issue 56).
  ...Object.fromEntries(Object.entries(DOCUMENT_WORDS).map(([message, words]) => [message, words.key])),
  // Places of practice (issue 54).
  ...Object.fromEntries(Object.entries(PLACE_WORDS).map(([message, words]) => [message, words.key])),
};

/** The fields the catalog has words for (msg.field.<name>.a and .the); any other is named as it is (msg.rule.a and .the). */
const NAMED = new Set([...Object.keys(FIELD_WORDS), "currentPassword", "newPassword"]);
/** A field's words, as `a` ("a reason") or `the` ("The reason") say them. */
const field = (form: "a" | "the", name: string): Said =>
  NAMED.has(name) ? { key: `msg.field.${name}.${form}` } : { key: `msg.rule.${form}`, values: { field: name } };
const weekday = (day: string): Said => ({ key: "msg.hours.day", values: { day } });

/**
 * What the catalog calls `message` (an API message, one of plainWords' patterns, SPEC §8's
 * fallbacks), or undefined for a message it does not know (shown as plainWords says it).
 */
export function saidOf(message: string): Said | undefined {
  const exact = EXACT[message];
  if (exact !== undefined) return { key: exact };
  let m: RegExpExecArray | null;
  if ((m = /^(\w+) is required$/.exec(message))) return { key: "msg.rule.required", values: { what: field("a", m[1]!) } };
  // The limits stay as written (a value as text): English writes 1000, not 1,000.
  if ((m = /^(\w+) must be at most (\d+) characters$/.exec(message))) return { key: "msg.rule.max", values: { what: field("the", m[1]!), max: m[2]! } };
  if ((m = /^(\w+) must be at least (\d+) characters$/.exec(message))) return { key: "msg.rule.min", values: { what: field("the", m[1]!), min: m[2]! } };
  if ((m = /^(\w+) must not contain control characters$/.exec(message))) return { key: "msg.rule.control", values: { what: field("the", m[1]!) } };
  if (message === "email must be a valid email address") return { key: "msg.rule.email" };
  if (/^specialization must be one of/.test(message)) return { key: "msg.rule.specialization" };
  if (message === "scheduledDateTime must be in the future") return { key: "msg.schedule.timeInPast" };
  if (message === TOO_FAR) return { key: "msg.bounds.timeTooFar" };
  if (message === FAMILY_FULL) return { key: "msg.family.full", values: { max: MAX_FAMILY } };
  if ((m = PLACE_IN_USE.exec(message))) return { key: "msg.places.inUse", values: { count: Number(m[1]) } };
  if (HOURS_PLACE_GONE.test(message)) return { key: "msg.places.hoursGone" };
  if ((m = /^(\w+): (.+)$/.exec(message)) && FIELD_WORDS[m[1]!]) return saidOf(m[2]!);
  if ((m = /^Your account status is: (\w+)\. Reason: ([\s\S]+)$/.exec(message))) return { key: "msg.auth.statusReason", values: { status: { key: `status.${m[1]}` }, reason: m[2]! } };
  if ((m = /^Your account status is: (\w+)$/.exec(message))) return { key: "msg.status.account", values: { status: { key: `status.${m[1]}` } } };
  if ((m = /^This action is only for (patient|doctor|admin)s$/.exec(message))) return { key: "msg.server.role", values: { role: m[1]! } };
  if ((m = /^Something went wrong\. Please try again\. Reference: (\S+)$/.exec(message))) return { key: "msg.server.errorRef", values: { ref: m[1]! } };
  if ((m = /^Please tick at most (\d+) times$/.exec(message))) return { key: "msg.booking.tickAtMost", values: { max: m[1]! } };
  // Issue 51: the booking limits and the guarded second factor (src/domain/booking-limits.ts, src/actions/two-factor.ts).
  if ((m = /^Your account already holds (\d+) instant bookings with this doctor, /.exec(message))) return { key: "msg.limits.perDoctor", values: { max: m[1]! } };
  if ((m = /^Your account already holds (\d+) instant bookings, /.exec(message))) return { key: "msg.limits.perAccount", values: { max: m[1]! } };
  if ((m = /^Your account has made (\d+) bookings, moves and cancels today, /.exec(message))) return { key: "msg.limits.perDay", values: { max: m[1]! } };
  if ((m = /^This appointment has been moved (\d+) times, /.exec(message))) return { key: "msg.limits.moves", values: { max: m[1]! } };
  if (message === "Too many wrong codes: this sign-in has ended. Please log in again.") return { key: "msg.auth.codesVoided" };
  if ((m = /^Too many wrong codes for this account: sign in with a recovery code, or try again in (\d+) minutes\.$/.exec(message))) return { key: "msg.auth.codesHeld", values: { minutes: m[1]! } };
  if ((m = /^Only a (pending|confirmed) (appointment|meeting) can be (scheduled|rescheduled); this one is (\w+)$/.exec(message)))
    return { key: `msg.state.${m[3]}`, values: { status: { key: `status.${m[4]}` } } };
  if ((m = /^Only a pending or confirmed appointment can be cancelled; this one is (\w+)$/.exec(message))) return { key: "msg.state.cancelled", values: { status: { key: `status.${m[1]}` } } };
  if ((m = /^Feedback can be given only on a completed appointment; this one is (\w+)$/.exec(message))) return { key: "msg.state.feedback", values: { status: { key: `status.${m[1]}` } } };
  if ((m = /^Attendance can be marked only on a confirmed appointment; this one is (\w+)$/.exec(message))) return { key: "msg.state.attendance", values: { status: { key: `status.${m[1]}` } } };
  if ((m = /^A (pending|approved|rejected|blocked) doctor cannot become (\w+)$/.exec(message)))
    return { key: "msg.review.cannotBecome", values: { from: { key: `status.${m[1]}` }, to: { key: `status.${m[2]}` } } };
  if ((m = /^(Approve|Reject|Block|Reactivate): ([\s\S]+) is now (pending|approved|rejected|blocked)$/.exec(message)))
    return { key: "msg.admin.changed", values: { action: m[1]!, name: m[2]!, status: { key: `status.${m[3]}` } } };
  if ((m = /^Profile picture must be at most (\d+ [MK]B)$/.exec(message))) return { key: "msg.profile.tooLarge", values: { size: m[1]! } };
  if ((m = /^Profile picture must be at most (\d+) megapixels \(this one is (\d+) x (\d+)\)$/.exec(message)))
    return { key: "msg.picture.tooManyPixels", values: { max: m[1]!, width: m[2]!, height: m[3]! } };
  if ((m = /^Profile picture must be an ordinary photo: this file's structure is not one a camera makes(?: \((?:it is an (animation)|it holds (\d+) frames|it holds (\d+) scans; at most (\d+))\))?$/.exec(message)))
    return { key: "msg.picture.notPhoto", values: { kind: m[1] ?? (m[2] ? "frames" : m[3] ? "scans" : "none"), count: m[2] ?? m[3] ?? "", max: m[4] ?? "" } };
  if ((m = /^Your hours for (\w+) must read like 09:00-12:00, 14:00-17:00$/.exec(message))) return { key: "msg.hours.dayShape", values: { day: weekday(m[1]!) } };
  if ((m = /^Your hours for (\w+) overlap$/.exec(message))) return { key: "msg.hours.dayOverlap", values: { day: weekday(m[1]!) } };
  if ((m = /^Your hours for (\w+) must be times of day, each range ending after it starts$/.exec(message))) return { key: "msg.hours.dayOrder", values: { day: weekday(m[1]!) } };
  return undefined;
}

/**
 * `said` in the language of `t` (a page's translator, or an island's share of the catalog);
 * undefined when `t` lacks one of its keys (an island that does not carry it).
 */
export function sayIn(said: Said, t: Translate): string | undefined {
  const values: Values = {};
  for (const [name, value] of Object.entries(said.values ?? {})) {
    if (typeof value !== "object") values[name] = value;
    else {
      const inner = sayIn(value, t);
      if (inner === undefined) return undefined;
      values[name] = inner;
    }
  }
  const text = t(said.key, values);
  return text === said.key ? undefined : text;
}

/**
 * What a page or an island shows for `message` (the API's words, which never change): the
 * catalog's words in the language of `t`, or plainWords' English when the catalog has none.
 */
export function humanMessage(message: string, t: Translate): string {
  // Issue 56: a medicine line's refusal names its place in the list for the API ("medicines.1.dose: ..."); a page shows it beside the form.
  const line = /^medicines\.\d+\.\w+: (.+)$/.exec(message);
  if (line) message = line[1]!;
  const said = saidOf(message);
  return (said && sayIn(said, t)) ?? plainWords(message);
}

/** overlapMessage in the language of `t` (times as `lang` writes them), English when `t` lacks it. */
export function overlapWords(other: { name: string; start: Date | string; end: Date | string }, zone: string, t: Translate, lang: Lang): string {
  const values = { name: other.name, start: formatTime(other.start, zone, lang), end: formatTime(other.end, zone, lang), day: formatDay(other.start, zone, lang) };
  return sayIn({ key: "msg.schedule.overlap", values }, t) ?? overlapMessage(other, zone);
}
