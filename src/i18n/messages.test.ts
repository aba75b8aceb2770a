/**
 * The messages of refusals and failures in the page's language (issue 31): every message a page
 * or an island can show has a Hindi form, the English is byte for byte what plainWords said, and
 * an island says only what its share of the catalog carries (English otherwise).
 */
import { describe, expect, test } from "bun:test";
import { translatorOf, type Translate } from "../domain/i18n";
import { DATE_AND_TIME_REQUIRED, humanMessage, MESSAGES, overlapMessage, overlapWords, plainWords, saidOf } from "../domain/messages";
import { IMAGE_TYPE_MESSAGE, LIMITS, SPECIALIZATIONS, uploadTooLargeMessage } from "../domain/fields";
import { WEEKDAYS } from "../domain/availability";
import { applyAppointmentAction, APPOINTMENT_STATUSES, type AppointmentAction } from "../domain/appointment";
import { BAD_LOGIN, EMAIL_TAKEN } from "../actions/accounts";
import { RESET_INVALID, WRONG_CURRENT_PASSWORD } from "../actions/passwords";
import { PREFERRED_NOT_FREE } from "../actions/availability";
import { OVERLAPS_YOURS, SLOT_NOT_FREE } from "../actions/appointments";
import { TOO_MANY_NO_SHOWS } from "../actions/attendance";
import { ATTENDANCE_TOO_EARLY, ATTENDANCE_TOO_LATE } from "../domain/appointment";
import { CHANGE_TOO_LATE } from "../domain/appointment";
import { SESSION_NOT_FOUND } from "../actions/sessions";
import { ONE_UPLOAD_MESSAGE, UPLOAD_TOO_SLOW_MESSAGE } from "../http/upload-gate";
import { PICTURE_FAILED_MESSAGE, PICTURE_TOO_SLOW_MESSAGE } from "../storage/picture-pool";
import { SERVER_ERROR_MESSAGE, withReference } from "../components/ServerError";
import { CHOOSE_TIME, UNKNOWN_ZONE } from "../http/schemas";
import { FAMILY_FULL, FAMILY_WORDS } from "../domain/family";
import { DETAIL_LIMITS, DETAILS_WORDS } from "../domain/doctor-details";
import { CATALOGS, islandMessagesJson, translator } from "./catalog";

const en = translator("en") as unknown as Translate;
const hi = translator("hi") as unknown as Translate;

/** SPEC §8: what the client shows on failure (and the two successes it names). */
const SPEC_8 = [
  "Login failed. Please try again.",
  "Registration failed. Please try again.",
  "Your account status is: rejected",
  "Your account status is: blocked",
  "Failed to schedule appointment.",
  "Failed to cancel appointment.",
  "Failed to submit feedback.",
  "Feedback submitted successfully!",
  "Failed to fetch appointments",
  "Something went wrong",
  "Failed to load profile. Please try again.",
  "Failed to update profile. Please try again.",
  "Profile updated successfully!",
  "Failed to fetch doctors. Please try again.",
  "Failed to update doctor status. Please try again.",
  DATE_AND_TIME_REQUIRED,
];

/** The API's messages (SERVER-RULES, src/actions, src/http, src/middleware) that reach a page or an island. */
const API = [
  BAD_LOGIN,
  EMAIL_TAKEN,
  "Too many failed login attempts. Please try again later.",
  "Too many attempts from this address. Please wait a minute and try again.",
  "Too many signups from this address. Please try again later.",
  "Too many password reset requests. Please try again later.",
  "Authentication required",
  "Invalid or expired token",
  "Your account status is: pending",
  "Your account status is: blocked. Reason: Licence expired",
  "This action is only for doctors",
  "This action is only for patients",
  SERVER_ERROR_MESSAGE,
  withReference("0b6c6f4e-2a7d-4f7e-9d7c-3c1e5a9b8f21"),
  "Doctor not found",
  "Appointment not found",
  "Account not found",
  "Link not found",
  SESSION_NOT_FOUND,
  "You already have an open appointment with this doctor",
  "Appointment request sent. The doctor will schedule it soon.",
  PREFERRED_NOT_FREE,
  // Issue 40: instant booking and the change window.
  SLOT_NOT_FREE,
  CHOOSE_TIME,
  CHANGE_TOO_LATE,
  "This time overlaps another confirmed appointment",
  OVERLAPS_YOURS,
  ATTENDANCE_TOO_EARLY,
  ATTENDANCE_TOO_LATE,
  TOO_MANY_NO_SHOWS,
  "This appointment has started and can no longer be rescheduled",
  "Feedback has already been given for this appointment",
  "scheduledDateTime must be in the future",
  RESET_INVALID,
  WRONG_CURRENT_PASSWORD,
  IMAGE_TYPE_MESSAGE,
  uploadTooLargeMessage(5 * 1024 * 1024),
  uploadTooLargeMessage(1500 * 1024),
  "Profile picture must be at most 40 megapixels (this one is 9000 x 6000)",
  "Profile picture must be an ordinary photo: this file's structure is not one a camera makes",
  "Profile picture must be an ordinary photo: this file's structure is not one a camera makes (it is an animation)",
  "Profile picture must be an ordinary photo: this file's structure is not one a camera makes (it holds 3 frames)",
  "Profile picture must be an ordinary photo: this file's structure is not one a camera makes (it holds 120 scans; at most 100)",
  PICTURE_TOO_SLOW_MESSAGE,
  PICTURE_FAILED_MESSAGE,
  "The server is busy with other pictures. Please try again in a moment.",
  ONE_UPLOAD_MESSAGE,
  UPLOAD_TOO_SLOW_MESSAGE,
  "Request body is too large",
  "This doctor has no change waiting for review",
  "decision must be one of: approve, decline",
  "A pending doctor cannot become blocked",
  "Approve: Dana Doctor is now approved",
  "Block: Dana Doctor is now blocked",
  "Reactivate: Dana Doctor is now approved",
  "A blocked doctor cannot become rejected",
  UNKNOWN_ZONE,
  // Issue 42: the family members' refusals.
  FAMILY_FULL,
  ...Object.keys(FAMILY_WORDS),
  // Issue 41: the doctor's details' refusals.
  ...Object.keys(DETAILS_WORDS),
  // Every refusal of the appointment state machine a page can meet.
  ...(["schedule", "reschedule", "cancel", "feedback", "attended", "noshow"] as AppointmentAction[]).flatMap((action) =>
    APPOINTMENT_STATUSES.flatMap((status) => {
      const step = applyAppointmentAction(status, action, action === "feedback" ? "patient" : "doctor");
      return step.ok ? [] : [step.reason];
    }),
  ),
];

/** The schemas' field messages (src/http/schemas/) with their numbers, as plainWords says them on the pages. */
const FIELDS = [
  "reason is required",
  "name is required",
  "email is required",
  "password is required",
  "message is required",
  "collegeName is required",
  "currentPassword is required",
  "appointmentId is required",
  `reason must be at most ${LIMITS.bookingReason.max} characters`,
  `reason must be at most ${LIMITS.cancelReason.max} characters`,
  `message must be at most ${LIMITS.feedback.max} characters`,
  `name must be at most ${LIMITS.name.max} characters`,
  `collegeName must be at most ${LIMITS.collegeName.max} characters`,
  `password must be at least ${LIMITS.password.min} characters`,
  `newPassword must be at least ${LIMITS.password.min} characters`,
  "name must not contain control characters",
  "reason must not contain control characters",
  "email must be a valid email address",
  `specialization must be one of: ${SPECIALIZATIONS.join(", ")}`,
  "Please tick at most 3 times",
  `registrationNumber must be at most ${DETAIL_LIMITS.registrationNumber.max} characters`,
  `registrationCouncil must be at most ${DETAIL_LIMITS.registrationCouncil.max} characters`,
  `about must be at most ${DETAIL_LIMITS.about.max} characters`,
];

/** The pages' own messages: the inline checks, the hours form. */
const PAGES = [
  ...Object.values(MESSAGES),
  "The time zone of your hours must be a name such as Europe/Berlin or America/New_York",
  "Your hours for one day are too long",
  "Your days off are too many for one form",
  "Days off in your hours must read like 24/12/2026, or 24/12/2026 to 26/12/2026, one a line",
  "Days off in your hours must be real dates, each range ending on or after it starts",
  ...WEEKDAYS.flatMap((day) => [
    `Your hours for ${day} must read like 09:00-12:00, 14:00-17:00`,
    `Your hours for ${day} overlap`,
    `Your hours for ${day} must be times of day, each range ending after it starts`,
  ]),
];

const ALL = [...SPEC_8, ...API, ...FIELDS, ...PAGES];

/** Latin words a Hindi message may keep: names of formats, units, an example address, zone names, the admin's own words. */
const KEPT = /^(JPEG|PNG|MB|KB|x|name@example\.com|Asia\/Kolkata|Europe\/Berlin|Licence|expired|appointmentId|Dana|Doctor|[0-9a-f-]{36})$/;
const latinWords = (text: string) => (text.match(/(?<![\w-])[A-Za-z][\w@./-]*/g) ?? []).filter((w) => !KEPT.test(w.replace(/[.,]$/, "")));

describe("humanMessage", () => {
  test("in English, every message is byte for byte what the pages showed before (plainWords)", () => {
    for (const message of ALL) expect({ message, said: humanMessage(message, en) }).toEqual({ message, said: plainWords(message) });
  });

  test("every message a page or an island can show has a Hindi form, with no English words left", () => {
    for (const message of ALL) {
      expect({ message, known: saidOf(message) !== undefined }).toEqual({ message, known: true });
      const said = humanMessage(message, hi);
      expect({ message, devanagari: /[\u0900-\u097f]/.test(said), latin: latinWords(said) }).toEqual({ message, devanagari: true, latin: [] });
    }
  });

  test("the field patterns say the field and its number in Hindi", () => {
    expect(humanMessage("reason is required", hi)).toBe("कृपया कारण दर्ज करें।");
    expect(humanMessage("name is required", hi)).toBe("कृपया अपना नाम दर्ज करें।");
    expect(humanMessage(`reason must be at most ${LIMITS.cancelReason.max} characters`, hi)).toBe("कारण में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं।");
    expect(humanMessage(`reason must be at most ${LIMITS.bookingReason.max} characters`, en)).toBe("The reason can be at most 1000 characters.");
    expect(humanMessage(`password must be at least ${LIMITS.password.min} characters`, hi)).toBe("पासवर्ड में कम से कम 8 अक्षर होने चाहिए।");
    expect(humanMessage("collegeName must not contain control characters", hi)).toBe(
      "कॉलेज का नाम में कुछ ऐसे अक्षर हैं जो दिखाए नहीं जा सकते। कृपया उन्हें हटा दें।",
    );
    // A field the catalog has no words for is named as it is, in both languages.
    expect(humanMessage("appointmentId is required", en)).toBe("Please enter a appointmentId.");
    expect(humanMessage("appointmentId is required", hi)).toBe("कृपया appointmentId दर्ज करें।");
  });

  test("statuses and weekdays inside a message are said in Hindi too", () => {
    expect(humanMessage("Your account status is: blocked", hi)).toBe("आपके खाते की स्थिति: ब्लॉक");
    expect(humanMessage("Your account status is: rejected. Reason: Licence expired", hi)).toBe("आपके खाते की स्थिति: अस्वीकृत। कारण: Licence expired");
    expect(humanMessage("Your hours for Tuesday overlap", hi)).toBe("मंगलवार के लिए आपके समय आपस में टकराते हैं");
  });

  test("a message nobody catalogued is shown as plainWords says it, in every language", () => {
    expect(humanMessage("Something new happened", hi)).toBe("Something new happened");
    expect(humanMessage("", hi)).toBe("");
  });

  test("the overlap names the meeting with times in the page's language and the viewer's zone", () => {
    const other = { name: "Pat Patient", start: "2026-01-15T10:30:00Z", end: "2026-01-15T11:00:00Z" };
    expect(overlapWords(other, "UTC", en, "en")).toBe(overlapMessage(other, "UTC"));
    const said = overlapWords(other, "Asia/Kolkata", hi, "hi");
    expect(said).toContain("Pat Patient");
    expect(said).toContain("पहले से अपॉइंटमेंट है");
    expect(said).toMatch(/4:00.*4:30/);
  });

  test("an island says what its share carries in Hindi, and anything else in English", () => {
    const share = (name: "AuthForm" | "BookingForm" | "PendingAppointments") => translatorOf(JSON.parse(islandMessagesJson(name, "hi")), "hi");
    expect(humanMessage(BAD_LOGIN, share("AuthForm"))).toBe(CATALOGS.hi["msg.auth.badLogin"]);
    expect(humanMessage("Your account status is: blocked", share("AuthForm"))).toBe("आपके खाते की स्थिति: ब्लॉक");
    expect(humanMessage("You already have an open appointment with this doctor", share("BookingForm"))).toBe(CATALOGS.hi["msg.booking.open"]);
    expect(humanMessage(DATE_AND_TIME_REQUIRED, share("PendingAppointments"))).toBe("कृपया तारीख़ और समय दोनों चुनें!");
    // Not in the booking form's share: English, as before, never a key.
    expect(humanMessage("Your hours for one day are too long", share("BookingForm"))).toBe("Your hours for one day are too long");
    expect(humanMessage("reason is required", share("BookingForm"))).toBe("Please enter a reason.");
  });
});
