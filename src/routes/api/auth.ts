/**
 * Signup, login and logout for the three roles (SPEC §7, SERVER-RULES §2–3). The rules live in
 * src/actions/accounts.ts; these translate JSON in and out and start the session.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { DOCTOR_SIGNED_UP, logIn, logOut, signUpDoctor, signUpPatient } from "../../actions/accounts";
import { statusReasonOf } from "../../actions/doctors";
import type { Deps } from "../../config/deps";
import { doctorSignupBody, loginBody, patientSignupBody } from "../../http/schemas";
import { adminJson, doctorJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { loginClient } from "../../middleware/device";
import { crossSiteApiRefused } from "../../middleware/same-origin";
import { bearerSession, requireRole, signedIn, startSession } from "../../middleware/session";
import { endSessionCookie } from "../../http/session-token";
import { langOf } from "../../i18n/request";

export function authApi(deps: Deps) {
  const api = new Hono();
  // These set or clear the session cookie: never for a request another site's page made.
  const sameSiteOnly = crossSiteApiRefused(deps.config.corsOrigins);
  for (const path of ["/signupPatient", "/signupDoctor", "/loginPatient", "/loginDoctor", "/loginAdmin", "/logout"]) api.use(path, sameSiteOnly);

  api.post("/signupPatient", zValidator("json", patientSignupBody, onInvalid), async (c) => {
    const patient = await signUpPatient(deps, { ...c.req.valid("json"), language: langOf(c) }, loginClient(c, deps));
    const token = await startSession(c, deps, "patient", patient);
    return c.json({ token, role: "patient", name: patient.name }, 201);
  });

  api.post("/signupDoctor", zValidator("json", doctorSignupBody, onInvalid), async (c) => {
    const doctor = await signUpDoctor(deps, { ...c.req.valid("json"), language: langOf(c) }, loginClient(c, deps));
    const token = await startSession(c, deps, "doctor", doctor);
    return c.json({ message: DOCTOR_SIGNED_UP, token, doctor: doctorJson(doctor) }, 201);
  });

  api.post("/loginPatient", zValidator("json", loginBody, onInvalid), async (c) => {
    const { account: patient, succeeded } = await logIn(deps, "patient", c.req.valid("json"), loginClient(c, deps));
    const token = await startSession(c, deps, "patient", patient, succeeded);
    return c.json({ token, role: "patient", name: patient.name });
  });

  // Answers for every status: the client shows the waiting screen or the status message.
  api.post("/loginDoctor", zValidator("json", loginBody, onInvalid), async (c) => {
    const { account: doctor, succeeded } = await logIn(deps, "doctor", c.req.valid("json"), loginClient(c, deps));
    const token = await startSession(c, deps, "doctor", doctor, succeeded);
    const statusReason = await statusReasonOf(deps, doctor);
    return c.json({ message: "Login successful", token, doctor: doctorJson(doctor), ...(statusReason && { statusReason }) });
  });

  api.post("/loginAdmin", zValidator("json", loginBody, onInvalid), async (c) => {
    const { account: admin, succeeded } = await logIn(deps, "admin", c.req.valid("json"), loginClient(c, deps));
    const token = await startSession(c, deps, "admin", admin, succeeded);
    return c.json({ token, admin: adminJson(admin) });
  });

  // Ends every token of the account (when the bearer token is valid) and clears the page cookie.
  api.post("/logout", async (c) => {
    const user = await bearerSession(c, deps);
    if (user !== undefined) await logOut(deps, user.role, user.account);
    endSessionCookie(c);
    return c.json({ message: "Logged out" });
  });

  // The pending doctor's Refresh Status: the one doctor call open to every status.
  api.get("/doctor-status", requireRole(deps, "doctor", { anyStatus: true }), async (c) => {
    const doctor = signedIn(c, "doctor");
    return c.json({ status: doctor.status, doctor: doctorJson(doctor) });
  });

  return api;
}
