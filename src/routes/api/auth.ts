/**
 * Signup, login and logout for the three roles (SPEC §7, SERVER-RULES §2–3). The rules live in
 * src/actions/accounts.ts; these translate JSON in and out and start the session.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono, type Context } from "hono";
import { DOCTOR_SIGNED_UP, logOut, signUpDoctor, signUpPatient } from "../../actions/accounts";
import { logInFirstStep } from "../../actions/two-factor";
import type { AccountRow, AdminRow, DoctorRow } from "../../db/queries/accounts";
import type { Tx } from "../../db/client";
import type { Role } from "../../domain/fields";
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

const TITLES: Record<Role, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };

/**
 * A login's answer (SPEC §7), the session begun: the patient's, the doctor's (for every status:
 * the client shows the waiting screen or the status message) or the admin's.
 */
export async function signedInAnswer(c: Context, deps: Deps, role: Role, account: AccountRow, succeeded: (tx: Tx) => void) {
  const token = await startSession(c, deps, role, account, succeeded);
  if (role === "patient") return { token, role: "patient" as const, name: account.name };
  if (role === "admin") return { token, admin: adminJson(account as AdminRow) };
  const doctor = account as DoctorRow;
  const statusReason = await statusReasonOf(deps, doctor);
  return { message: "Login successful", token, doctor: doctorJson(doctor), ...(statusReason && { statusReason }) };
}

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

  // With two-factor sign-in on, a right password answers a challenge instead (issue 44), and
  // POST /2fa/verify (./two-factor.ts) answers what follows here.
  for (const role of ["patient", "doctor", "admin"] as const) {
    api.post(`/login${TITLES[role]}`, zValidator("json", loginBody, onInvalid), async (c) => {
      const step = await logInFirstStep(deps, role, c.req.valid("json"), loginClient(c, deps));
      if (step.kind === "challenge") return c.json({ twoFactorRequired: true as const, challenge: step.challenge });
      return c.json(await signedInAnswer(c, deps, role, step.account, step.succeeded));
    });
  }

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
