/**
 * Two doors, one room (STYLE lesson 21, issue 45): every form a page posts has a JSON call that
 * does the same through the same use case. The table pairs each form POST the app registers
 * with its twin; a form without one says why. A new form fails here until it is paired, and a
 * twin that is not a route of the app (and an operation of the OpenAPI document) fails too.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { OPERATIONS } from "../openapi/operations";

type Twin =
  /** The API call ("METHOD /api/auth/...", Hono's `:param` spelling) that does what the form does. */
  | { api: string }
  /** Not an action with a JSON twin by nature. */
  | { none: string };

const SESSIONS = (base: string): Record<string, Twin> => ({
  [`${base}/password`]: { api: "POST /api/auth/changePassword" },
  [`${base}/sessions/logoutOthers`]: { api: "POST /api/auth/sessions/revokeOthers" },
  [`${base}/sessions/:id/logout`]: { api: "DELETE /api/auth/sessions/:id" },
});
const MAIL = { api: "PUT /api/auth/mail-preferences" };
/** Two-factor sign-in's section (issue 44), on each profile page. */
const TWO_FACTOR = (base: string): Record<string, Twin> => ({
  [`${base}/two-factor/setup`]: { api: "POST /api/auth/2fa/setup" },
  [`${base}/two-factor/enable`]: { api: "POST /api/auth/2fa/enable" },
  [`${base}/two-factor/disable`]: { api: "POST /api/auth/2fa/disable" },
});

/** Every form POST of the pages (the path as registered) and its twin. */
const TWINS: Record<string, Twin> = {
  "/loginPatient": { api: "POST /api/auth/loginPatient" },
  "/loginDoctor": { api: "POST /api/auth/loginDoctor" },
  "/loginAdmin": { api: "POST /api/auth/loginAdmin" },
  "/loginPatient/code": { api: "POST /api/auth/2fa/verify" },
  "/loginDoctor/code": { api: "POST /api/auth/2fa/verify" },
  "/loginAdmin/code": { api: "POST /api/auth/2fa/verify" },
  "/signupPatient": { api: "POST /api/auth/signupPatient" },
  "/signupDoctor": { api: "POST /api/auth/signupDoctor" },
  "/loginDoctor/refresh": { api: "GET /api/auth/doctor-status" },
  "/forgotPassword": { api: "POST /api/auth/forgotPassword" },
  "/resetPassword/:token": { api: "POST /api/auth/resetPassword" },
  "/logout": { api: "POST /api/auth/logout" },

  "/patient-dashboard/bookAppointment/:doctorId": { api: "POST /api/auth/patient-dashboard/bookAppointment" },
  "/patient-dashboard/bookAppointment/:doctorId/instant": { api: "POST /api/auth/patient-dashboard/bookAppointment" },
  "/patient-dashboard/patient-meetings/cancel": { api: "POST /api/auth/patient-dashboard/cancelAppointment" },
  "/patient-dashboard/patient-meetings/withdraw": { api: "POST /api/auth/patient-dashboard/cancelAppointment" },
  "/patient-dashboard/patient-meetings/feedback": { api: "POST /api/auth/patient-dashboard/giveFeedback" },
  "/patient-dashboard/patient-meetings/reschedule": { api: "POST /api/auth/patient-dashboard/rescheduleAppointment" },
  "/patient-dashboard/bookAppointment/:doctorId/waitlist": { api: "POST /api/auth/patient-dashboard/waitlist" },
  "/patient-dashboard/patient-meetings/waitlist/accept": { api: "POST /api/auth/patient-dashboard/waitlist/:id/accept" },
  "/patient-dashboard/patient-meetings/waitlist/decline": { api: "POST /api/auth/patient-dashboard/waitlist/:id/decline" },
  "/patient-dashboard/patient-meetings/waitlist/leave": { api: "DELETE /api/auth/patient-dashboard/waitlist/:id" },
  // Issue 56: the patient's reports on an appointment.
  "/patient-dashboard/bookAppointment/:doctorId/details": { api: "PUT /api/auth/patient-profile" },
  "/patient-dashboard/patient-meetings/documents": { api: "POST /api/auth/patient-dashboard/appointments/:id/documents" },
  "/patient-dashboard/patient-meetings/documents/delete": { api: "DELETE /api/auth/patient-dashboard/appointments/:id/documents/:docId" },
  "/patient-dashboard/patient-meetings/calendar-feed": { api: "POST /api/auth/patient-dashboard/calendar-feed" },
  "/patient-dashboard/patient-profile": { api: "PUT /api/auth/patient-profile" },
  "/patient-dashboard/patient-profile/family": { api: "POST /api/auth/patient-dashboard/family" },
  "/patient-dashboard/patient-profile/family/:id": { api: "PUT /api/auth/patient-dashboard/family/:id" },
  "/patient-dashboard/patient-profile/family/:id/remove": { api: "DELETE /api/auth/patient-dashboard/family/:id" },
  "/patient-dashboard/patient-profile/mail": MAIL,
  "/patient-dashboard/patient-profile/delete": { api: "POST /api/auth/account/delete" },
  "/patient-dashboard/patient-profile/consent/withdraw": { api: "DELETE /api/auth/consent" },
  ...SESSIONS("/patient-dashboard/patient-profile"),
  ...TWO_FACTOR("/patient-dashboard/patient-profile"),

  "/doctor-dashboard/schedule": { api: "POST /api/auth/doctor-dashboard/scheduleAppointments" },
  "/doctor-dashboard/cancel": { api: "POST /api/auth/doctor-dashboard/cancelAppointment" },
  "/doctor-dashboard/undo": { api: "POST /api/auth/doctor-dashboard/undo" },
  "/doctor-dashboard/doctor-Meetings/cancel": { api: "POST /api/auth/doctor-dashboard/cancelAppointment" },
  "/doctor-dashboard/doctor-Meetings/reschedule": { api: "POST /api/auth/doctor-dashboard/rescheduleAppointment" },
  "/doctor-dashboard/doctor-Meetings/attendance": { api: "POST /api/auth/doctor-dashboard/markAttendance" },
  "/doctor-dashboard/doctor-Meetings/reply": { api: "POST /api/auth/doctor-dashboard/reviews/:appointmentId/reply" },
  "/doctor-dashboard/doctor-Meetings/calendar-feed": { api: "POST /api/auth/doctor-dashboard/calendar-feed" },
  // Issue 56: the notes and prescription (the issue form saves the draft, then issues it).
  "/doctor-dashboard/records/:id": { api: "PUT /api/auth/doctor-dashboard/appointments/:id/record" },
  "/doctor-dashboard/records/:id/issue": { api: "POST /api/auth/doctor-dashboard/appointments/:id/record/issue" },
  "/doctor-dashboard/records/:id/amend": { api: "POST /api/auth/doctor-dashboard/appointments/:id/record/amend" },
  // Issue 54: places of practice.
  "/doctor-dashboard/doctor-profile/places": { api: "POST /api/auth/doctor-dashboard/places" },
  "/doctor-dashboard/doctor-profile/places/:id": { api: "PUT /api/auth/doctor-dashboard/places/:id" },
  "/doctor-dashboard/doctor-profile/places/:id/remove": { api: "DELETE /api/auth/doctor-dashboard/places/:id" },
  "/doctor-dashboard/doctor-profile": { api: "PUT /api/auth/doctor-profile" },
  "/doctor-dashboard/doctor-profile/hours": { api: "PUT /api/auth/doctor-dashboard/availability" },
  "/doctor-dashboard/doctor-profile/mail": MAIL,
  "/doctor-dashboard/doctor-profile/delete": { api: "POST /api/auth/account/delete" },
  "/doctor-dashboard/doctor-profile/consent/withdraw": { api: "DELETE /api/auth/consent" },
  ...SESSIONS("/doctor-dashboard/doctor-profile"),
  ...TWO_FACTOR("/doctor-dashboard/doctor-profile"),

  "/admin-dashboard/doctor-status/:id": { api: "PATCH /api/auth/admin-dashboard/doctor-status/:id" },
  "/admin-dashboard/doctor-change/:id": { api: "PATCH /api/auth/admin-dashboard/doctor-change/:id" },
  "/admin-dashboard/doctor-registration/:id": { api: "PATCH /api/auth/admin-dashboard/doctor-registration/:id" },
  "/admin-dashboard/reviews/:appointmentId": { api: "PATCH /api/auth/admin-dashboard/reviews/:appointmentId" },
  ...SESSIONS("/admin-dashboard/account"),
  ...TWO_FACTOR("/admin-dashboard/account"),

  "/theme": { none: "the page's light or dark theme, a cookie of the browser; no account holds it" },
  "/session": { none: "not a form: the islands' read of the page session's token as JSON" },
  "/hooks/twilio/status": { none: "not a form: Twilio's delivery report, allowed by its signature (issue 55)" },
  "/hooks/whatsapp": { none: "not a form: the WhatsApp Cloud API's status reports, allowed by their signature (issue 55)" },
  // Issue 55: the verified phone.
  "/patient-dashboard/patient-profile/phone": { api: "POST /api/auth/account/phone" },
  "/patient-dashboard/patient-profile/phone/verify": { api: "POST /api/auth/account/phone/verify" },
  "/patient-dashboard/patient-profile/phone/remove": { api: "DELETE /api/auth/account/phone" },
  "/doctor-dashboard/doctor-profile/phone": { api: "POST /api/auth/account/phone" },
  "/doctor-dashboard/doctor-profile/phone/verify": { api: "POST /api/auth/account/phone/verify" },
  "/doctor-dashboard/doctor-profile/phone/remove": { api: "DELETE /api/auth/account/phone" },
  // Issue 55, item 6: sign in with a code.
  "/loginPatient/phone": { api: "POST /api/auth/loginPatient/code" },
  "/loginPatient/phone/code": { api: "POST /api/auth/loginPatient/code/verify" },
  "/unsubscribe/:token": { none: "a mail client's one-click unsubscribe (RFC 8058), allowed by the link's token, not a session" },
  // The switch also sets the page's language cookie; the twin keeps the account's language (its mails').
  "/language": { api: "PUT /api/auth/language" },
  "/time-zone": { api: "PUT /api/auth/time-zone" },
  // Issue 44: the consent form at the top of a person's pages.
  "/consent": { api: "POST /api/auth/consent" },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("every form a page posts is in the table, and every pair's API twin is a described route", () => {
  const routes = new Set(h.app.routes.map((r) => `${r.method} ${r.path}`));
  const forms = new Set(h.app.routes.filter((r) => r.method === "POST" && !r.path.startsWith("/api/")).map((r) => r.path));
  expect(forms.size).toBeGreaterThan(30);
  // (a) A new form must be paired here (or say why it has no twin).
  expect([...forms].filter((path) => !(path in TWINS))).toEqual([]);
  // A pair whose form is gone is stale.
  expect(Object.keys(TWINS).filter((path) => !forms.has(path))).toEqual([]);

  // (b) Each twin is a route of the app and an operation of the OpenAPI document.
  const described = new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path.replace(/\{([^}]+)\}/g, ":$1")}`));
  const twins = Object.values(TWINS).flatMap((t) => ("api" in t ? [t.api] : []));
  expect(twins.filter((twin) => !routes.has(twin))).toEqual([]);
  expect(twins.filter((twin) => !described.has(twin))).toEqual([]);
  for (const t of Object.values(TWINS)) if (!("api" in t)) expect(t.none.length).toBeGreaterThan(10);
});
