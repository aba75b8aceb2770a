/**
 * Zod schemas of every answer the API sends (SERVER-RULES §2), beside the builders in
 * ./shapes.ts. They describe the wire, not the database: the OpenAPI document is generated from
 * them (src/openapi), and the API tests validate every answer they receive against that document,
 * so a field added, renamed or dropped in a route fails the suite until it is described here.
 * Objects are closed (`additionalProperties: false` in the generated schema) so that a leak of a
 * new field is drift too. The `.meta({ id })` names become the document's components.
 */
import { z } from "zod";
import { APPOINTMENT_STATUSES } from "../domain/appointment";
import { DOCTOR_STATUSES, ROLES, SPECIALIZATIONS } from "../domain/fields";
import { LANGS } from "../domain/i18n";
import { LANGUAGE_CODES } from "../domain/doctor-details";
import { RELATIONS, SEXES } from "../domain/family";
import { AccountExport, ConsentRecorded, ConsentState, ConsentWithdrawn } from "./answers-account";
import type { AdminDoctorJson, AppointmentJson, adminJson, doctorJson, familyMemberJson, patientJson } from "./shapes";

const id = z.string().meta({ description: "An opaque id", example: "3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90" });
const time = z.iso.datetime().meta({ description: "An ISO 8601 UTC time", example: "2026-11-23T09:30:00.000Z" });
const email = z.string().meta({ format: "email", example: "pat@example.com" });
const picture = z
  .string()
  .nullable()
  .meta({ description: "The stored picture's name under /uploads/{patients|doctors}/, or null", example: null });
const specialization = z.enum(SPECIALIZATIONS);
const doctorStatus = z.enum(DOCTOR_STATUSES);
const appointmentStatus = z.enum(APPOINTMENT_STATUSES).meta({ description: "noshow (issue 40, an addition): a meeting the doctor marked as missed by the patient" });

/** One signed-in browser or client of the account (issue 28), or its calendar feed (issue 44). */
export const Session = z
  .object({
    id: z.string().meta({ description: "The session's id, or `calendar-feed` for the account's calendar feed; DELETE /sessions/{id} ends either" }),
    kind: z.enum(["device", "calendarFeed"]).meta({ description: "A signed-in device, or the private calendar feed (its URL opens the account's meetings)" }),
    device: z.string().meta({ description: "Browser and system, coarse, from the User-Agent at sign-in", example: "Firefox on Linux" }),
    createdAt: time,
    lastSeenAt: time.meta({ description: "Moved on at most every 5 minutes" }),
    current: z.boolean().meta({ description: "The session of the token that asks" }),
  })
  .meta({ id: "Session" });

/** `{ message }`: every error, and every answer that only reports. */
export const MessageAnswer = z
  .object({
    message: z.string(),
    // The one error shape's one extra (issue 44): an admin held back by ADMIN_2FA_REQUIRED (403).
    twoFactorSetupRequired: z.literal(true).optional().meta({ description: "Only on a 403: the admin must set up two-factor sign-in first (POST /api/auth/2fa/setup, then /2fa/enable)" }),
  })
  .meta({ id: "Message", example: { message: "Appointment not found" } });

export const Patient = z.object({ _id: id, name: z.string(), email, profileImage: picture }).meta({ id: "Patient" });

/** The doctor's medical registration (issue 41) as it stands. */
const Registration = z
  .object({
    number: z.string().nullable().meta({ example: "DMC/R/12345" }),
    council: z.string().nullable().meta({ example: "Delhi Medical Council" }),
    verified: z.boolean().meta({ description: "The admin checked this pair; false while a new or changed pair waits (the last verified pair stays what patients see)" }),
    reason: z.string().nullable().meta({ description: "Why the admin did not verify the waiting pair; null unless refused" }),
  })
  .meta({ id: "Registration", description: "The pair waiting for the admin's check when there is one, else the last verified pair; numbers null when none was given" });

/** A doctor's public rating (issue 41): counted anonymously over visible ratings. */
const Rating = z
  .object({
    average: z.number().nullable().meta({ description: "The average of the visible ratings to one decimal; null below 3 ratings", example: 4.3 }),
    count: z.number().int().meta({ description: "How many visible ratings (a hidden review's rating does not count)", example: 12 }),
  })
  .meta({ id: "Rating", description: "Issue 41, an addition: ratings from completed visits, 1-5" });

export const Doctor = z
  .object({
    _id: id,
    name: z.string(),
    email,
    specialization,
    collegeName: z.string(),
    status: doctorStatus,
    profileImage: picture,
    createdAt: time,
    pendingChange: z
      .object({ specialization: specialization.nullable(), collegeName: z.string().nullable() })
      .nullable()
      .meta({ description: "An approved doctor's change of specialization or college waiting for the admin's review; the other fields keep the approved values until then" }),
    experienceYears: z.number().int().nullable().meta({ description: "Years of practice (0-70); null until the doctor says", example: 12 }),
    languages: z.array(z.enum(LANGUAGE_CODES)).meta({ description: "The languages the doctor speaks, as codes; empty until the doctor says", example: ["en", "hi"] }),
    fee: z.number().int().nullable().meta({ description: "The consultation fee in whole rupees (0: free); null until the doctor says", example: 500 }),
    about: z.string().nullable().meta({ description: "Plain text about the doctor (up to 600 characters); null until the doctor says" }),
    registration: Registration,
    rating: Rating,
  })
  .meta({ id: "Doctor" });

/** One line of a doctor's status history, from the audit trail. */
const StatusChange = z.object({
  action: z.string().meta({ example: "Approve" }),
  from: doctorStatus.nullable(),
  to: doctorStatus.nullable(),
  at: time,
  by: z.enum(ROLES),
  reason: z.string().nullable().meta({ description: "Why, as the admin said (rejecting and blocking take one)" }),
});

export const AdminDoctor = Doctor.extend({ statusHistory: z.array(StatusChange) }).meta({ id: "AdminDoctor" });

export const Admin = z.object({ _id: id, name: z.string(), email }).meta({ id: "Admin" });

/** A doctor in the patients' directory: no email, no status. */
export const DirectoryDoctor = z
  .object({ _id: id, name: z.string(), specialization, collegeName: z.string(), profileImage: picture, rating: Rating })
  .meta({ id: "DirectoryDoctor" });

/** A family member (issue 42): one of the people the account holder books for. */
export const FamilyMember = z
  .object({
    _id: id,
    name: z.string(),
    relation: z.enum(RELATIONS),
    dateOfBirth: z.string().meta({ description: "YYYY-MM-DD", example: "2020-05-14" }),
    sex: z.enum(SEXES).nullable().meta({ description: "null when not said" }),
  })
  .meta({ id: "FamilyMember" });

/** Who an appointment is for (issue 42), as booked; null for the account holder. */
const ForPerson = z
  .object({
    _id: id,
    name: z.string(),
    relation: z.enum(RELATIONS).meta({ description: "The person's relation to the account holder" }),
    age: z.number().int().meta({ description: "Whole years when the appointment was made", example: 6 }),
  })
  .nullable()
  .meta({ id: "ForPerson", description: "The family member the visit is for (issue 42, an addition); null when it is for the account holder, `patient`, who books and attends with a minor" });

export const Appointment = z
  .object({
    _id: id,
    status: appointmentStatus,
    reason: z.string(),
    createdAt: time,
    scheduledAt: time.nullable(),
    meetLink: z.string().nullable().meta({ example: "https://meet.jit.si/carebook-Qm9vT2tJbmdSb29tTmFtZQ" }),
    patient: z.object({ _id: id, name: z.string(), email }),
    doctor: z.object({ _id: id, name: z.string(), specialization: z.string() }),
    preferredTimes: z.array(time).meta({ description: "The patient's preferred slot starts, as booked; empty when none" }),
    rescheduled: z
      .object({ from: time, reason: z.string(), by: z.enum(["patient", "doctor"]).meta({ description: "Who moved it (issue 40: the patient may move their own meeting)" }) })
      .nullable()
      .meta({ description: "The last time this meeting was moved: the time it had, why (may be empty when the patient moved it), and by whom; null if never" }),
    for: ForPerson,
  })
  .meta({ id: "Appointment" });

export const PatientAppointment = Appointment.extend({
  hasFeedback: z.boolean().meta({ description: "Whether the patient has given feedback on it" }),
}).meta({ id: "PatientAppointment" });

/**
 * The appointment a booking creates: a pending request without a time; or, booked at once with
 * `slotStart` (issue 40), confirmed at that time with its meet link.
 */
export const BookedAppointment = z
  .object({
    _id: id,
    status: z.enum(["pending", "confirmed"]),
    reason: z.string(),
    createdAt: time,
    scheduledAt: time.nullable().meta({ description: "The slot's start when booked at once; null for a request" }),
    meetLink: z.string().nullable().meta({ description: "The meeting's link when booked at once; null for a request" }),
    doctor: z.object({ _id: id }),
    patient: z.object({ _id: id, name: z.string(), email }),
    preferredTimes: z.array(time),
    for: ForPerson,
  })
  .meta({ id: "BookedAppointment" });

/** A doctor's hours (issue 26): weekly ranges and days off in the doctor's zone. */
export const Availability = z
  .object({
    timeZone: z.string().meta({ description: "An IANA time zone", example: "Europe/Berlin" }),
    weekly: z.array(
      z.object({
        day: z.int().min(1).max(7).meta({ description: "1 (Monday) to 7 (Sunday)" }),
        start: z.string().meta({ description: "HH:MM in timeZone", example: "09:00" }),
        end: z.string().meta({ description: "HH:MM in timeZone, after start; may be 24:00", example: "17:00" }),
      }),
    ),
    daysOff: z.array(
      z.object({
        from: z.string().meta({ description: "YYYY-MM-DD in timeZone, inclusive", example: "2026-12-24" }),
        to: z.string().meta({ description: "YYYY-MM-DD in timeZone, inclusive", example: "2026-12-26" }),
      }),
    ),
    instantBooking: z.boolean().meta({ description: "Whether a patient's choice of a free time books it at once, confirmed (issue 40)" }),
  })
  .meta({ id: "Availability" });

const FreeSlot = z.object({ start: time, end: time }).meta({ id: "FreeSlot" });

const rating = z.number().int().min(1).max(5).nullable().meta({ description: "The patient's rating, 1-5 (issue 41); null when none was given", example: 5 });
const published = z.boolean().meta({ description: "Whether the patient published the message as a review (shown with their first name and initial); else it is the doctor's alone" });
const reviewReply = z.object({ text: z.string(), at: time }).nullable().meta({ description: "The doctor's one answer to the published review; null until given" });
const reviewHidden = z
  .object({ at: time, reason: z.string() })
  .nullable()
  .meta({ description: "When and why the admin hid the published review (its rating stops counting); null while shown" });

export const DoctorFeedback = z
  .object({
    _id: id,
    appointment: z.object({ _id: id, scheduledAt: time.nullable(), status: appointmentStatus }),
    message: z.string(),
    createdAt: time,
    rating,
    published,
    reply: reviewReply,
    hidden: reviewHidden,
  })
  .meta({ id: "DoctorFeedback" });

/** A review after the doctor's answer or the admin's hiding (issue 41). */
export const Review = z
  .object({ _id: id, appointmentId: id, rating, published, reply: reviewReply, hidden: reviewHidden, createdAt: time })
  .meta({ id: "Review" });

/** An account's mail choices (issue 25): each kind on or off. */
const MailPreferences = z
  .object({
    reminders: z.boolean().meta({ description: "Reminders before a meeting" }),
    notices: z.boolean().meta({ description: "Notices of requests, times, changes and cancellations" }),
  })
  .meta({ id: "MailPreferences" });

const token = z.string().meta({ description: "A JWT (HS256); send it as `Authorization: Bearer <token>`" });

const TwoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: "Send it with a code to POST /api/auth/2fa/verify within 5 minutes; it works once" }),
  })
  .meta({ id: "TwoFactorChallenge" });

/** Every answer body, by what it answers. */
const feedUrls = z.object({
  url: z.string().meta({ description: "The private feed, https; keep it secret (shown only in this answer)" }),
  webcalUrl: z.string().meta({ description: "The same feed as webcal://, which phones open in their calendar app" }),
  createdAt: time,
});

/** A patient's place on a doctor's waitlist (issue 40), with the time offered to them while the offer holds. */
export const WaitlistEntry = z
  .object({
    _id: id,
    doctorId: id,
    reason: z.string(),
    until: z.string().meta({ description: "The last day the patient can come (YYYY-MM-DD, inclusive, in the doctor's time zone)", example: "2026-12-24" }),
    createdAt: time,
    offer: z
      .object({
        slotStart: time,
        expiresAt: time.meta({ description: "Until when the time is held for this patient (WAITLIST_HOLD_MINUTES after the offer)" }),
      })
      .nullable()
      .meta({ description: "A freed time held for this patient: accept or decline it before expiresAt; null while waiting" }),
  })
  .meta({ id: "WaitlistEntry" });

/** The public rating (issue 41): the average of the visible ratings, null below three. */
const PublicRating = z.object({
  average: z.number().nullable().meta({ description: "To one decimal; null below 3 visible ratings", example: 4.6 }),
  count: z.number().int().meta({ description: "How many visible ratings", example: 12 }),
});
const NextFree = z
  .object({ start: time, instant: z.boolean().meta({ description: "A tap books this time at once (the doctor has instant booking)" }) })
  .nullable()
  .meta({ description: "The doctor's next free slot within 14 days; null for a doctor by request or without free time" });

/** A doctor in the public directory (issue 41): what a card shows; never an email, a status or anything private. */
export const PublicDoctor = z
  .object({
    _id: id,
    name: z.string(),
    specialization,
    profileImage: picture,
    languages: z.array(z.enum(LANGUAGE_CODES)).meta({ example: ["en", "hi"] }),
    fee: z.number().int().nullable().meta({ description: "Whole rupees (0: free); null when the doctor has not said", example: 500 }),
    experienceYears: z.number().int().nullable().meta({ example: 12 }),
    rating: PublicRating,
    nextFree: NextFree,
  })
  .meta({ id: "PublicDoctor" });

/** A public doctor's profile: the card's fields and the verified registration, the about text and the hours. */
export const PublicProfile = PublicDoctor.extend({
  collegeName: z.string(),
  about: z.string().nullable(),
  registration: z.object({ number: z.string(), council: z.string() }).meta({ description: "The last registration the admin verified" }),
  hours: z
    .object({ timeZone: z.string(), weekly: Availability.shape.weekly, instantBooking: z.boolean() })
    .nullable()
    .meta({ description: "The doctor's weekly hours in their zone; null for a doctor by request" }),
}).meta({ id: "PublicProfile" });

/** A published review no admin hid (issue 41). */
export const PublicReview = z
  .object({
    author: z.string().meta({ description: "First name and last initial", example: "Pat P." }),
    rating: z.number().int().nullable().meta({ example: 5 }),
    message: z.string(),
    createdAt: time,
    reply: z.object({ text: z.string(), at: time }).nullable().meta({ description: "The doctor's answer, if any" }),
  })
  .meta({ id: "PublicReview" });

export const answers = {
  patientSession: z.object({ token, role: z.literal("patient"), name: z.string() }).meta({ id: "PatientSession" }),
  doctorSession: z
    .object({
      message: z.string(),
      token,
      doctor: Doctor,
      statusReason: z.string().optional().meta({ description: "The admin's reason, for a rejected or blocked doctor" }),
    })
    .meta({ id: "DoctorSession" }),
  adminSession: z.object({ token, admin: Admin }).meta({ id: "AdminSession" }),
  /** A login's answer when two-factor sign-in is on: no token yet (issue 44). */
  twoFactorChallenge: TwoFactorChallenge,
  message: MessageAnswer,
  doctorStatus: z.object({ status: doctorStatus, doctor: Doctor }),
  directory: z.array(DirectoryDoctor),
  booked: z.object({ message: z.string(), appointment: BookedAppointment }),
  patientMeetings: z.object({ message: z.string(), appointments: z.array(PatientAppointment) }),
  doctorAppointments: z.object({ message: z.string(), appointments: z.array(Appointment) }),
  cancelled: z.object({ message: z.string(), appointmentId: id }),
  attendanceMarked: z.object({
    message: z.string(),
    appointmentId: id,
    status: z.enum(["confirmed", "completed", "noshow"]).meta({ description: "What the meeting reads as now: noshow when missed; completed once over (confirmed while it lasts) when attended" }),
  }),
  feedbackGiven: z.object({
    message: z.string(),
    feedback: z.object({ _id: id, appointment: z.object({ _id: id }), message: z.string(), createdAt: time, rating, published }),
  }),
  reviewChanged: z.object({ message: z.string(), review: Review }),
  scheduled: z.object({ message: z.string(), appointmentId: id, scheduledAt: time, meetLink: z.string() }),
  /** An undone change (issue 39): the appointment as it is again. */
  undone: z.object({
    message: z.string(),
    appointment: z.object({ _id: id, status: appointmentStatus, scheduledAt: time.nullable(), meetLink: z.string().nullable() }),
  }),
  availability: z.object({ availability: Availability.nullable() }),
  availabilitySaved: z.object({ message: z.string(), availability: Availability }),
  freeSlots: z.object({
    timeZone: z.string().nullable().meta({ description: "The doctor's zone (the hours'); null for a doctor by request, who has no slots" }),
    slots: z.array(FreeSlot),
  }),
  feedbacks: z.object({ feedbacks: z.array(DoctorFeedback) }),
  patient: z.object({ patient: Patient }),
  patientUpdated: z.object({ message: z.string(), patient: Patient }),
  doctor: z.object({ doctor: Doctor }),
  doctorUpdated: z.object({ message: z.string(), doctor: Doctor }),
  adminDoctors: z.array(AdminDoctor),
  /** The admin's change of a doctor: its status, or the review of a waiting profile change. */
  statusChanged: z.object({ message: z.string(), doctor: AdminDoctor }),
  calendarFile: z.string().meta({ description: "An iCalendar (RFC 5545) file with one VEVENT" }),
  calendarFeed: z.object({ feed: z.object({ createdAt: time }).nullable() }),
  calendarFeedMade: z.object({ message: z.string(), feed: feedUrls }),
  // issue 28
  resetSession: z.object({ message: z.string(), token, role: z.enum(ROLES), name: z.string() }).meta({ id: "ResetSession" }),
  sessions: z.object({ sessions: z.array(Session) }),
  // issue 45: the account's settings
  mailPreferences: z.object({ preferences: MailPreferences }),
  mailPreferencesSaved: z.object({ message: z.string(), preferences: MailPreferences }),
  timeZoneSaved: z.object({ message: z.string(), timeZone: z.string().meta({ description: "The zone as kept: its canonical IANA name", example: "Asia/Kolkata" }) }),
  languageSaved: z.object({ message: z.string(), language: z.enum(LANGS) }),
  waitlistJoined: z.object({ message: z.string(), entry: WaitlistEntry }),
  waitlist: z.object({ entries: z.array(WaitlistEntry) }),
  // issue 44: two-factor sign-in
  twoFactorSetup: z.object({
    secret: z.string().meta({ description: "The new secret, base32 (20 random bytes), for typing into an authenticator app", example: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }),
    otpauthUrl: z.string().meta({ description: "otpauth://totp/… for the app's QR scanner" }),
  }),
  twoFactorEnabled: z.object({
    message: z.string(),
    recoveryCodes: z.array(z.string()).meta({ description: "Ten one-use codes, shown only in this answer" }),
  }),
  // issue 42
  family: z.object({ members: z.array(FamilyMember) }),
  // issue 41: the public directory
  publicDirectory: z.object({ doctors: z.array(PublicDoctor), page: z.number().int(), pages: z.number().int() }),
  publicProfile: z.object({ doctor: PublicProfile, reviews: z.array(PublicReview) }),
  familyMember: z.object({ message: z.string(), member: FamilyMember }),
  // issue 44
  consent: ConsentState,
  consentRecorded: ConsentRecorded,
  consentWithdrawn: ConsentWithdrawn,
  accountExport: AccountExport,
};

// The builders in shapes.ts must produce exactly these types: a compile error here is drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <T extends true>() => undefined as unknown as T;
exact<Same<ReturnType<typeof patientJson>, z.output<typeof Patient>>>();
exact<Same<ReturnType<typeof doctorJson>, z.output<typeof Doctor>>>();
exact<Same<ReturnType<typeof adminJson>, z.output<typeof Admin>>>();
exact<Same<ReturnType<typeof familyMemberJson>, z.output<typeof FamilyMember>>>();
exact<Same<keyof AdminDoctorJson, keyof z.output<typeof AdminDoctor>>>();
exact<Same<keyof AppointmentJson, keyof z.output<typeof Appointment>>>();
