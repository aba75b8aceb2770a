/**
 * Every page route of SPEC §2 with the server-side guards, the POST of every form they show, and
 * POST /theme (remember the theme) and POST /logout. Every post must come from this site.
 */
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { logOut } from "../actions/accounts";
import { pictureTooLarge } from "../actions/profile";
import { hasNotice, pageMessage, safeBack, showRefused, type FormState } from "../http/forms";
import { accountDataPages } from "./pages/account-data";
import { pictureBodyLimit } from "../http/upload-gate";
import { savesData, themeOf } from "../render/Document";
import { LANG_COOKIE, langOf } from "../i18n/request";
import { languageForm } from "../http/schemas";
import { saveLanguage } from "../actions/language";
import type { Deps } from "../config/deps";
import { renderedOnce } from "../http/cached";
import { directoryVersionOf } from "../db/queries/sessions";
import { addHsts, preparedSecurityHeaders } from "../middleware/security";
import { cookieSession, setupRequired } from "../middleware/session";
import { mustSetUpTwoFactor } from "../actions/two-factor";
import { endSessionCookie, sessionCookieToken } from "../http/session-token";
import { requirePage, SETUP_PAGE } from "../middleware/page-guard";
import { sameOriginForms } from "../middleware/same-origin";
import { aboutPage } from "./pages/about";
import { adminDashboardPage, doctorChangePost, doctorRegistrationPost, doctorStatusPost } from "./pages/admin-dashboard";
import { AUTH_PAGES, authPageIsPersonal, authPageRoutes, renderAuthPage } from "./pages/auth";
import { doctorDashboardPage, doctorDashboardPosts } from "./pages/doctor-dashboard";
import { doctorUndoPost } from "./pages/doctor-dashboard/undo";
import { adminReviewPost, adminReviewsPage, REVIEWS_PATH } from "./pages/admin-reviews";
import { REPLY_PATH } from "../domain/review";
import { doctorMeetingsAttendance, doctorMeetingsReply, doctorMeetingsCancel, doctorMeetingsDocument, doctorMeetingsPage, doctorMeetingsReschedule } from "./pages/doctor-dashboard/doctor-Meetings";
import { doctorRecordPage, doctorRecordPosts } from "./pages/doctor-dashboard/records";
import { patientRecordPage, patientRecordsPage } from "./pages/patient-dashboard/records";
import { placeAddPost, placeEditPost, placeRemovePost, placesPage } from "./pages/doctor-dashboard/places";
import { DAY_PATH, doctorDayPage } from "./pages/doctor-dashboard/day";
import { doctorHoursPost, doctorProfileAgain, doctorProfilePage, doctorProfilePost } from "./pages/doctor-dashboard/doctor-profile";
import { homePage } from "./pages/index";
import { patientDashboardPage } from "./pages/patient-dashboard";
import { bookAppointmentPage, bookAppointmentPost, bookingDetailsPost, instantBookPost, waitlistJoinPost } from "./pages/patient-dashboard/bookAppointment";
import { calendarPages } from "./pages/calendar";
import { patientMeetingsPage, patientMeetingsPosts } from "./pages/patient-dashboard/patient-meetings";
import { familyAddPost, familyEditPost, familyRemovePost, patientProfileAgain, patientProfilePage, patientProfilePost } from "./pages/patient-dashboard/patient-profile";
import { specializationPage } from "./pages/patient-dashboard/specialization";
import { mailPreferencesPost } from "./pages/mail";
import { messageLinkRoutes, phonePosts } from "./pages/phone";
import { loginCodeRoutes } from "./pages/login-code";
import { adminMailMessagePage, adminMailPage } from "./pages/admin-mail";
import { adminOverviewPage, OVERVIEW_PATH } from "./pages/admin-dashboard/overview";
import { privacyPage } from "./pages/privacy";
import { accountDeletePage, accountDeletePost, consentWithdrawPost } from "./pages/account-delete";
import { accountSecurityPages, accountSecurityPosts, ADMIN_ACCOUNT, adminAccountPage } from "./pages/account-security";
import { twoFactorPosts } from "./pages/two-factor";
import { servicesPage } from "./pages/services";
import { timeZonePost } from "./pages/time-zone";
import { doctorsPage } from "./pages/doctors";
import { doctorProfilePublicPage } from "./pages/doctors/profile";

const LOGIN_PAGE = { patient: "/loginPatient", doctor: "/loginDoctor", admin: "/loginAdmin" } as const;


/**
 * The public and auth pages. Their HTML depends only on the theme, so each is rendered once per
 * theme and answered from memory with its complete headers; app.ts mounts them ahead of the
 * middleware, which would have nothing to add.
 */
export function prerenderedPages(deps: Deps) {
  const pages = new Hono();
  const keyOf = (c: Context) => `${langOf(c)}:${themeOf(c)}${savesData(c) ? ":save-data" : ""}`;
  const once = (page: (c: Context) => Promise<Response>) =>
    renderedOnce(page, {
      keyOf,
      headersOf: preparedSecurityHeaders,
      finish: (c, headers) => addHsts(c, deps, headers),
    });
  // The home page shows real approved doctors: kept per theme and directory version.
  const home = renderedOnce((c) => homePage(c, deps), {
    keyOf,
    headersOf: preparedSecurityHeaders,
    finish: (c, headers) => addHsts(c, deps, headers),
    versionOf: () => directoryVersionOf(deps.database),
  });
  // A notice (an erased account's goodbye, issue 44) makes the page personal: pageRoutes renders it.
  pages.get("/", (c, next) => (hasNotice(c) ? next() : home(c)));
  pages.get("/about", once(aboutPage));
  pages.get("/services", once(servicesPage));
  pages.get("/privacy", once(privacyPage));
  for (const [path, { role, mode }] of Object.entries(AUTH_PAGES)) {
    const cached = once((c) => renderAuthPage(c, role, mode));
    // A session (the waiting screen) or a notice makes the page personal: pageRoutes renders it.
    pages.get(path, (c, next) => (authPageIsPersonal(c) ? next() : cached(c)));
  }
  return pages;
}

/** Every other page route, with the server-side guards, and the POST of every form they show. */
export function pageRoutes(deps: Deps) {
  const pages = new Hono();

  // Every form post must come from this site (CSRF); the JSON API takes only the bearer header.
  pages.use("*", sameOriginForms);
  // Everything answered here depends on the session (or a one-time notice): no cache may keep it.
  pages.use("*", privatePages);
  pages.route("/", authPageRoutes(deps));
  pages.route("/", loginCodeRoutes(deps));
  pages.route("/", accountSecurityPages(deps));
  pages.get("/", (c) => homePage(c, deps));
  pages.route("/", accountDataPages(deps));

  // The public directory (issue 41): no account; each page says its own Cache-Control.
  pages.get("/doctors", doctorsPage(deps));
  pages.get("/doctors/:id", doctorProfilePublicPage(deps));

  // "/x/*" covers "/x" itself too: one guard (one session read) per request.
  pages.use("/patient-dashboard/*", requirePage(deps, "patient"));
  pages.get("/patient-dashboard", patientDashboardPage(deps));
  pages.get("/patient-dashboard/specialization/:specialization", specializationPage(deps));
  pages.get("/patient-dashboard/bookAppointment/:doctorId", bookAppointmentPage(deps));
  pages.post("/patient-dashboard/bookAppointment/:doctorId", bookAppointmentPost(deps));
  pages.post("/patient-dashboard/bookAppointment/:doctorId/instant", instantBookPost(deps));
  pages.post("/patient-dashboard/bookAppointment/:doctorId/waitlist", waitlistJoinPost(deps));
  pages.post("/patient-dashboard/bookAppointment/:doctorId/details", bookingDetailsPost(deps));
  pages.get("/patient-dashboard/patient-meetings", patientMeetingsPage(deps));
  const patientMeetings = patientMeetingsPosts(deps);
  pages.post("/patient-dashboard/patient-meetings/cancel", patientMeetings.cancel);
  pages.post("/patient-dashboard/patient-meetings/withdraw", patientMeetings.withdraw);
  pages.post("/patient-dashboard/patient-meetings/feedback", patientMeetings.feedback);
  pages.post("/patient-dashboard/patient-meetings/reschedule", patientMeetings.reschedule);
  pages.post("/patient-dashboard/patient-meetings/waitlist/accept", patientMeetings.acceptOffer);
  pages.post("/patient-dashboard/patient-meetings/waitlist/decline", patientMeetings.declineOffer);
  pages.post("/patient-dashboard/patient-meetings/waitlist/leave", patientMeetings.leaveWaitlist);
  pages.post("/patient-dashboard/patient-meetings/documents", ...patientMeetings.uploadDocument);
  pages.post("/patient-dashboard/patient-meetings/documents/delete", patientMeetings.deleteDocument);
  pages.get("/patient-dashboard/patient-meetings/documents/:id/:docId", patientMeetings.downloadDocument);
  pages.get("/patient-dashboard/records", patientRecordsPage(deps));
  pages.get("/patient-dashboard/records/:id", patientRecordPage(deps));
  pages.get("/patient-dashboard/patient-profile", patientProfilePage(deps));
  pages.post("/patient-dashboard/patient-profile/family", familyAddPost(deps));
  pages.post("/patient-dashboard/patient-profile/family/:id", familyEditPost(deps));
  pages.post("/patient-dashboard/patient-profile/family/:id/remove", familyRemovePost(deps));
  pages.post("/patient-dashboard/patient-profile/mail", mailPreferencesPost(deps, "patient", "/patient-dashboard/patient-profile", patientProfileAgain(deps)));
  pages.route("/", accountSecurityPosts(deps, "/patient-dashboard/patient-profile", patientProfileAgain(deps)));
  pages.route("/", phonePosts(deps, "/patient-dashboard/patient-profile", patientProfileAgain(deps)));
  pages.route("/", messageLinkRoutes(deps));
  pages.get("/patient-dashboard/patient-profile/delete", accountDeletePage("patient"));
  pages.post("/patient-dashboard/patient-profile/delete", accountDeletePost(deps, "patient"));
  pages.post("/patient-dashboard/patient-profile/consent/withdraw", consentWithdrawPost(deps, "patient"));
  pages.route("/", twoFactorPosts(deps, "/patient-dashboard/patient-profile", patientProfileAgain(deps)));
  pages.post("/patient-dashboard/patient-profile", pictureFormLimit(deps, patientProfileAgain(deps)), patientProfilePost(deps));

  pages.use("/doctor-dashboard/*", requirePage(deps, "doctor"));
  pages.get("/doctor-dashboard", doctorDashboardPage(deps));
  const pending = doctorDashboardPosts(deps);
  pages.post("/doctor-dashboard/schedule", pending.schedule);
  pages.post("/doctor-dashboard/cancel", pending.cancel);
  pages.post("/doctor-dashboard/undo", doctorUndoPost(deps));
  pages.get("/doctor-dashboard/doctor-Meetings", doctorMeetingsPage(deps));
  pages.post("/doctor-dashboard/doctor-Meetings/cancel", doctorMeetingsCancel(deps));
  pages.post("/doctor-dashboard/doctor-Meetings/reschedule", doctorMeetingsReschedule(deps));
  pages.post("/doctor-dashboard/doctor-Meetings/attendance", doctorMeetingsAttendance(deps));
  pages.get("/doctor-dashboard/doctor-Meetings/documents/:id/:docId", doctorMeetingsDocument(deps));
  pages.post(REPLY_PATH, doctorMeetingsReply(deps));
  const records = doctorRecordPosts(deps);
  pages.get("/doctor-dashboard/records/:id", doctorRecordPage(deps));
  pages.post("/doctor-dashboard/records/:id", records.save);
  pages.post("/doctor-dashboard/records/:id/issue", records.issue);
  pages.post("/doctor-dashboard/records/:id/amend", records.amend);
  pages.get("/doctor-dashboard/doctor-profile", doctorProfilePage(deps));
  pages.post("/doctor-dashboard/doctor-profile/mail", mailPreferencesPost(deps, "doctor", "/doctor-dashboard/doctor-profile", doctorProfileAgain(deps)));
  pages.route("/", accountSecurityPosts(deps, "/doctor-dashboard/doctor-profile", doctorProfileAgain(deps)));
  pages.route("/", phonePosts(deps, "/doctor-dashboard/doctor-profile", doctorProfileAgain(deps)));
  pages.get("/doctor-dashboard/doctor-profile/delete", accountDeletePage("doctor"));
  pages.post("/doctor-dashboard/doctor-profile/delete", accountDeletePost(deps, "doctor"));
  pages.post("/doctor-dashboard/doctor-profile/consent/withdraw", consentWithdrawPost(deps, "doctor"));
  pages.route("/", twoFactorPosts(deps, "/doctor-dashboard/doctor-profile", doctorProfileAgain(deps)));
  pages.post("/doctor-dashboard/doctor-profile", pictureFormLimit(deps, doctorProfileAgain(deps)), doctorProfilePost(deps));
  pages.post("/doctor-dashboard/doctor-profile/hours", doctorHoursPost(deps));
  // Issue 54: the doctor's places of practice, a page under the profile.
  pages.get("/doctor-dashboard/doctor-profile/places", placesPage(deps));
  // Issue 54 item 6: the doctor's day, to read and print.
  pages.get(DAY_PATH, doctorDayPage(deps));
  pages.post("/doctor-dashboard/doctor-profile/places", placeAddPost(deps));
  pages.post("/doctor-dashboard/doctor-profile/places/:id", placeEditPost(deps));
  pages.post("/doctor-dashboard/doctor-profile/places/:id/remove", placeRemovePost(deps));

  // Add to calendar, the feed's reset form (behind the guards above) and the feed itself.
  pages.route("/", calendarPages(deps));

  pages.use("/admin-dashboard/*", requirePage(deps, "admin"));
  pages.get("/admin-dashboard", adminDashboardPage(deps));
  pages.post("/admin-dashboard/doctor-status/:id", doctorStatusPost(deps));
  pages.get(ADMIN_ACCOUNT, (c) => adminAccountPage(c, deps));
  pages.route("/", accountSecurityPosts(deps, ADMIN_ACCOUNT, (c, form) => adminAccountPage(c, deps, form)));
  pages.route("/", twoFactorPosts(deps, ADMIN_ACCOUNT, (c, form) => adminAccountPage(c, deps, form)));
  pages.get("/admin-dashboard/mail", adminMailPage(deps));
  pages.get(OVERVIEW_PATH, adminOverviewPage(deps));
  pages.get("/admin-dashboard/mail/:id", adminMailMessagePage(deps));
  pages.get("/admin-dashboard/mail/:id/html", adminMailMessagePage(deps));
  pages.post("/admin-dashboard/doctor-change/:id", doctorChangePost(deps));
  pages.post("/admin-dashboard/doctor-registration/:id", doctorRegistrationPost(deps));
  pages.get(REVIEWS_PATH, adminReviewsPage(deps));
  pages.post(`${REVIEWS_PATH}/:appointmentId`, adminReviewPost(deps));

  pages.post("/theme", async (c) => {
    // A malformed form is no theme choice: fall back to light, never an error.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const theme = form.theme === "dark" ? "dark" : "light";
    setCookie(c, "theme", theme, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "Lax" });
    return c.redirect(safeBack(form.back), 303);
  });

  pages.post("/time-zone", timeZonePost(deps));

  pages.post("/language", async (c) => {
    // A malformed form changes nothing: back to the page, in the language it was.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const parsed = languageForm.safeParse(form);
    if (parsed.success) {
      setCookie(c, LANG_COOKIE, parsed.data.lang, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "Lax" });
      const user = await cookieSession(c, deps);
      // Issue 51: an admin held by ADMIN_2FA_REQUIRED sees the page in that language, the account keeps none.
      if (user !== undefined && mustSetUpTwoFactor(deps, user)) return c.redirect(SETUP_PAGE, 303);
      if (user !== undefined) await saveLanguage(deps, { role: user.role, id: user.account.id }, parsed.data.lang);
    }
    return c.redirect(safeBack(form.back), 303);
  });

  pages.post("/logout", async (c) => {
    const user = await cookieSession(c, deps);
    if (user !== undefined) await logOut(deps, user.role, user.account);
    endSessionCookie(c);
    // SPEC: logout clears all browser storage. The form works without script (and is not an
    // island), so the answer asks the browser itself to clear this site's storage.
    c.header("Clear-Site-Data", '"storage"');
    return c.redirect(user ? LOGIN_PAGE[user.role] : "/loginPatient", 303);
  });

  // The islands' way to the API for a session begun without script: the cookie's token and
  // what the spec's client keeps beside it (docs/decisions.md, "Sessions begun without script").
  pages.post("/session", async (c) => {
    const user = await cookieSession(c, deps);
    const token = sessionCookieToken(c);
    if (user === undefined || token === undefined) return c.json({ message: "Invalid or expired token" }, 401);
    // Issue 51: no token for the API to an admin held by ADMIN_2FA_REQUIRED.
    if (mustSetUpTwoFactor(deps, user)) throw setupRequired(c);
    c.header("Cache-Control", "no-store");
    const status = user.role === "doctor" ? { status: user.account.status } : {};
    return c.json({ token, role: user.role, name: user.account.name, ...status });
  });

  return pages;
}

/** Marks an answer as personal unless it says otherwise (docs/decisions.md, "Odd input and private pages"). */
async function privatePages(c: Context, next: () => Promise<void>) {
  await next();
  // On the answer's own headers: c.header() on a finished answer makes Hono rebuild it around a
  // stream of its body, which made every signed-in page slower to build and to send.
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
}

/**
 * The body limit of a profile form with a picture; a larger post, or one the upload gate refused
 * (its line full, 503), shows the form again with the message beside the picture field.
 */
function pictureFormLimit(deps: Deps, again: (c: Context, form: FormState) => Promise<Response>) {
  const tooLarge = pictureTooLarge(deps.config.maxUploadBytes).message;
  const show = (c: Context, message: string, status: ContentfulStatusCode, headers: Record<string, string>) =>
    showRefused(c, { form: { message: pageMessage(c, message), values: {} }, status, headers }, (form) => again(c, form));
  return pictureBodyLimit(
    deps.config.maxUploadBytes,
    // A chunked body cut at the limit: the page says why, and the connection ends rather than drain the rest.
    (c) => show(c, tooLarge, 413, { Connection: "close" }),
    (c, refusal) => show(c, refusal.message, refusal.status, refusal.headers),
  );
}
