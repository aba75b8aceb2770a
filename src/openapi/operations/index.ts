/**
 * The API's description, one module per resource (named as its route file in src/routes/api/),
 * each entry keyed by what it does: the request schemas are the very zod objects the routes
 * validate with (src/http/schemas/), the answers are those of src/http/answers/. ../document.ts
 * turns OPERATIONS into OpenAPI 3.1, in this list's order (the README's), which is the order of
 * the document's paths: a new resource's operations go at the end, `...Object.values(name)`. A
 * route added to the app without an entry here (or an entry without its route) fails
 * src/openapi/openapi.test.ts; an entry of a module not listed here fails ./index.test.ts.
 */
import { auth } from "./auth";
import { twoFactor } from "./two-factor";
import { accountSecurity } from "./account-security";
import { accountData } from "./account-data";
import { accountSettings } from "./account-settings";
import { directory } from "./directory";
import { appointments } from "./appointments";
import { family } from "./family";
import { hours } from "./hours";
import { waitlist } from "./waitlist";
import { reviews } from "./reviews";
import { profile } from "./profile";
import { admin } from "./admin";
import { calendar } from "./calendar";
import { records } from "./records";
import { documents } from "./documents";
import { stats } from "./stats";
import { places } from "./places";
import { day } from "./day";
import { phone } from "./phone";
import type { Operation } from "../operation";

/** The modules, for the test that each of their operations is listed once below. */
export const MODULES: Record<string, Record<string, Operation> | Operation[]> = { auth, twoFactor, accountSecurity, accountData, accountSettings, directory, appointments, family, hours, waitlist, reviews, profile, admin, calendar, records, stats, places, phone, documents, day };

/** Every route under /api/auth, in the README's order. */
export const OPERATIONS: Operation[] = [
  auth.signupPatient, auth.loginPatient, auth.signupDoctor, auth.loginDoctor, auth.loginAdmin,
  twoFactor.verify, twoFactor.setup, twoFactor.enable, twoFactor.disable,
  auth.logout,
  accountSecurity.forgotPassword, accountSecurity.resetPassword, accountSecurity.changePassword, accountSecurity.deleteAccount, accountSecurity.sessions, accountSecurity.endSession, accountSecurity.endOtherSessions,
  accountData.consent, accountData.acceptConsent, accountData.withdrawConsent, accountData.export,
  accountSettings.mailPreferences, accountSettings.setMailPreferences, accountSettings.setTimeZone, accountSettings.setLanguage,
  auth.doctorStatus,
  directory.patientDirectory,
  appointments.book,
  family.list, family.add, family.change, family.remove,
  hours.freeSlots,
  appointments.patientMeetings, appointments.patientCancel, appointments.patientReschedule,
  waitlist.join, waitlist.list, waitlist.leave, waitlist.accept, waitlist.decline,
  reviews.giveFeedback,
  profile.patient, profile.changePatient,
  appointments.doctorRequests, appointments.schedule, appointments.doctorReschedule, appointments.undo, appointments.markAttendance,
  hours.availability, hours.setAvailability,
  appointments.doctorCancel, appointments.doctorMeetings,
  reviews.doctorFeedback, reviews.reply,
  profile.doctor, profile.changeDoctor,
  admin.doctors, admin.doctorStatus, admin.doctorChange, admin.doctorRegistration,
  reviews.hide,
  directory.search, directory.profile,
  ...calendar,
  ...Object.values(records),
  ...Object.values(stats),
  ...Object.values(places),
  ...Object.values(day),
  ...Object.values(phone),
  ...Object.values(documents),
];
