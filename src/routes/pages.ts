/**
 * Every page route of SPEC §2, with the server-side guards, plus the two no-script form
 * targets: POST /theme (remember the theme) and POST /logout.
 */
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import { bumpTokenVersion } from "../db/queries/accounts";
import { themeOf } from "../components/Document";
import type { Deps } from "../deps";
import { renderedOnce } from "../http/cached";
import { addHsts, preparedSecurityHeaders } from "../middleware/security";
import { cookieSession, endSessionCookie } from "../middleware/session";
import { requirePage } from "../middleware/page-guard";
import { aboutPage } from "./pages/about";
import { adminDashboardPage } from "./pages/admin-dashboard";
import { AUTH_PAGES } from "./pages/auth";
import { doctorDashboardPage } from "./pages/doctor-dashboard";
import { doctorMeetingsPage } from "./pages/doctor-dashboard/doctor-Meetings";
import { doctorProfilePage } from "./pages/doctor-dashboard/doctor-profile";
import { homePage } from "./pages/index";
import { patientDashboardPage } from "./pages/patient-dashboard";
import { bookAppointmentPage } from "./pages/patient-dashboard/bookAppointment";
import { calendarPages } from "./pages/calendar";
import { patientMeetingsPage } from "./pages/patient-dashboard/patient-meetings";
import { patientProfilePage } from "./pages/patient-dashboard/patient-profile";
import { specializationPage } from "./pages/patient-dashboard/specialization";
import { privacyPage } from "./pages/privacy";
import { servicesPage } from "./pages/services";

const LOGIN_PAGE = { patient: "/loginPatient", doctor: "/loginDoctor", admin: "/loginAdmin" } as const;

/** A same-site path to go back to, never another site. */
const safeBack = (value: unknown) => (typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/");

/**
 * The public and auth pages. Their HTML depends only on the theme, so each is rendered once per
 * theme and answered from memory with its complete headers; app.ts mounts them ahead of the
 * middleware, which would have nothing to add.
 */
export function prerenderedPages(deps: Deps) {
  const pages = new Hono();
  const once = (page: (c: Context) => Promise<Response>) =>
    renderedOnce(page, {
      keyOf: themeOf,
      headersOf: (rendered) => preparedSecurityHeaders(rendered.headers.get("Content-Security-Policy")),
      finish: (c, headers) => addHsts(c, deps, headers),
    });
  pages.get("/", once(homePage));
  pages.get("/about", once(aboutPage));
  pages.get("/services", once(servicesPage));
  pages.get("/privacy", once(privacyPage));
  for (const [path, page] of Object.entries(AUTH_PAGES)) pages.get(path, once(page));
  return pages;
}

/** Every other page route, with the server-side guards, and the two no-script form targets. */
export function pageRoutes(deps: Deps) {
  const pages = new Hono();

  for (const path of Object.keys(AUTH_PAGES)) {
    // Only reached when script never loaded: come back to the form.
    pages.post(path, (c) => c.redirect(path, 303));
  }

  pages.use("/patient-dashboard", requirePage(deps, "patient"));
  pages.use("/patient-dashboard/*", requirePage(deps, "patient"));
  pages.get("/patient-dashboard", patientDashboardPage(deps));
  pages.get("/patient-dashboard/specialization/:specialization", specializationPage(deps));
  pages.get("/patient-dashboard/bookAppointment/:doctorId", bookAppointmentPage(deps));
  pages.get("/patient-dashboard/patient-meetings", patientMeetingsPage(deps));
  pages.get("/patient-dashboard/patient-profile", patientProfilePage);

  pages.use("/doctor-dashboard", requirePage(deps, "doctor"));
  pages.use("/doctor-dashboard/*", requirePage(deps, "doctor"));
  pages.get("/doctor-dashboard", doctorDashboardPage(deps));
  pages.get("/doctor-dashboard/doctor-Meetings", doctorMeetingsPage(deps));
  pages.get("/doctor-dashboard/doctor-profile", doctorProfilePage);

  // Add to calendar, the feed's reset form (behind the guards above) and the feed itself.
  pages.route("/", calendarPages(deps));

  pages.use("/admin-dashboard", requirePage(deps, "admin"));
  pages.get("/admin-dashboard", adminDashboardPage(deps));

  pages.post("/theme", async (c) => {
    // A malformed form is no theme choice: fall back to light, never an error.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const theme = form.theme === "dark" ? "dark" : "light";
    setCookie(c, "theme", theme, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "Lax" });
    return c.redirect(safeBack(form.back), 303);
  });

  pages.post("/logout", async (c) => {
    const user = await cookieSession(c, deps);
    if (user !== undefined) await deps.database.write((tx) => bumpTokenVersion(tx, user.role, user.account.id));
    endSessionCookie(c);
    return c.redirect(user ? LOGIN_PAGE[user.role] : "/loginPatient", 303);
  });

  return pages;
}

