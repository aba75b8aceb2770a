/**
 * Zod schemas of every answer the API sends (SERVER-RULES §2), beside the builders in
 * ../shapes.ts, one module per resource (named as its route file in src/routes/api/; the shared
 * fields in ./common.ts), gathered here into `answers`. They describe the wire, not the database:
 * the OpenAPI document is generated from them (src/openapi), and the API tests validate every
 * answer they receive against that document, so a field added, renamed or dropped in a route
 * fails the suite until it is described here. Objects are closed (`additionalProperties: false`
 * in the generated schema) so that a leak of a new field is drift too. The `.meta({ id })` names
 * become the document's components.
 */
import { z } from "zod";
import { ROLES } from "../../domain/fields";
import { LANGS } from "../../domain/i18n";
import { id, time, doctorStatus, appointmentStatus, MessageAnswer, token } from "./common";
import { Session } from "./account-security";
import { Patient, Doctor, Admin } from "./profile";
import { AdminDoctor } from "./admin";
import { FamilyMember } from "./family";
import { AdminStats, DoctorStats } from "./stats";
import { Place, PlaceName } from "./places";
import { DoctorDay } from "./day";
import { Appointment, PatientAppointment, BookedAppointment } from "./appointments";
import { Availability, FreeSlot } from "./hours";
import { rating, published, DoctorFeedback, Review } from "./reviews";
import { MailPreferences } from "./account-settings";
import { phoneAnswers } from "./phone";
import { TwoFactorChallenge } from "./two-factor";
import { feedUrls } from "./calendar";
import { WaitlistEntry } from "./waitlist";
import { DirectoryDoctor, PublicDoctor, PublicProfile, PublicReview } from "./directory";
import { recordAnswers } from "./records";
import { documentAnswers } from "./documents";
import { AccountExport, ConsentRecorded, ConsentState, ConsentWithdrawn } from "./account-data";
import type { AdminDoctorJson, AppointmentJson, adminJson, doctorJson, familyMemberJson, patientJson, placeJson } from "../shapes";

export { Place, PlaceName };
export { MessageAnswer, Session, Patient, Doctor, AdminDoctor, Admin, DirectoryDoctor, FamilyMember, Appointment, PatientAppointment, BookedAppointment, Availability, DoctorFeedback, Review, WaitlistEntry, PublicDoctor, PublicProfile, PublicReview };

/** Every answer body, by what it answers. */
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
  scheduled: z.object({ message: z.string(), appointmentId: id, scheduledAt: time, meetLink: z.string().nullable().meta({ description: "null for an appointment at a clinic (issue 54)" }) }),
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
  // issue 56
  ...recordAnswers,
  ...documentAnswers,
  // issue 58
  adminStats: AdminStats,
  doctorStats: DoctorStats,
  // issue 54: a doctor's places of practice
  places: z.object({ places: z.array(Place) }),
  place: z.object({ message: z.string(), place: Place }),
  doctorDay: DoctorDay,
  // issue 55
  ...phoneAnswers,
};

// The builders in shapes.ts must produce exactly these types: a compile error here is drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <T extends true>() => undefined as unknown as T;
exact<Same<ReturnType<typeof patientJson>, z.output<typeof Patient>>>();
exact<Same<ReturnType<typeof doctorJson>, z.output<typeof Doctor>>>();
exact<Same<ReturnType<typeof adminJson>, z.output<typeof Admin>>>();
exact<Same<ReturnType<typeof familyMemberJson>, z.output<typeof FamilyMember>>>();
exact<Same<ReturnType<typeof placeJson>, z.output<typeof Place>>>();
exact<Same<keyof AdminDoctorJson, keyof z.output<typeof AdminDoctor>>>();
exact<Same<keyof AppointmentJson, keyof z.output<typeof Appointment>>>();
