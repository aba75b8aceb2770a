/**
 * Signup, login and logout for the three roles (SPEC §7, SERVER-RULES §2–3).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono, type Context } from "hono";
import { checkPassword, hashPassword } from "../../auth/passwords";
import { beginLoginAttempt, beginSignup, clientAddress, loginSucceeded, signupFailed } from "../../auth/throttle";
import { isUniqueViolation } from "../../db/client";
import {
  bumpTokenVersion,
  emailTaken,
  findAdminByEmail,
  findDoctorByEmail,
  findPatientByEmail,
  insertDoctor,
  insertPatient,
} from "../../db/queries/accounts";
import { recordAudit } from "../../db/queries/audit";
import type { Deps } from "../../deps";
import type { Role } from "../../domain/fields";
import { ApiError, conflict } from "../../http/errors";
import { doctorSignupBody, loginBody, patientSignupBody } from "../../http/schemas";
import { adminJson, doctorJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { bearerSession, endSessionCookie, requireRole, signedIn, startSession } from "../../middleware/session";

const EMAIL_TAKEN = "An account with this email already exists";
const BAD_LOGIN = "Invalid email or password";

export function authApi(deps: Deps) {
  const api = new Hono();

  /** Checks credentials under the login throttle; the account on success, 401 otherwise. */
  async function login<T extends { passwordHash: string }>(
    c: Context,
    email: string,
    password: string,
    find: () => Promise<T | undefined>,
  ): Promise<T> {
    // Counted as a failure up front (see beginLoginAttempt); taken back only on success.
    const attempt = await beginLoginAttempt(deps, email, clientAddress(c, deps));
    const account = await find();
    if (!(await checkPassword(account?.passwordHash, password)) || account === undefined) {
      throw new ApiError(401, BAD_LOGIN);
    }
    await loginSucceeded(deps, attempt);
    return account;
  }

  /** Runs a signup under the per-address limit; a taken email is 409, even when two race. */
  async function signup<T>(
    c: Context,
    role: Role,
    body: { email: string; password: string },
    create: (passwordHash: string) => Promise<T>,
  ): Promise<T> {
    // Counted up front (see beginSignup); taken back when no account is created.
    const reservation = await beginSignup(deps, clientAddress(c, deps));
    try {
      if (await emailTaken(deps.database.db, role, body.email)) throw conflict(EMAIL_TAKEN);
      const passwordHash = await hashPassword(body.password);
      return await create(passwordHash);
    } catch (error) {
      await signupFailed(deps, reservation);
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  api.post("/signupPatient", zValidator("json", patientSignupBody, onInvalid), async (c) => {
    const body = c.req.valid("json");
    const patient = await signup(c, "patient", body, (passwordHash) =>
      deps.database.write((tx) =>
        insertPatient(tx, { id: crypto.randomUUID(), name: body.name, email: body.email, passwordHash, createdAt: deps.now() }),
      ),
    );
    const token = await startSession(c, deps, "patient", patient);
    return c.json({ token, role: "patient", name: patient.name }, 201);
  });

  api.post("/signupDoctor", zValidator("json", doctorSignupBody, onInvalid), async (c) => {
    const body = c.req.valid("json");
    const doctor = await signup(c, "doctor", body, (passwordHash) =>
      deps.database.write(async (tx) => {
        const now = deps.now();
        const created = await insertDoctor(tx, {
          id: crypto.randomUUID(),
          name: body.name,
          email: body.email,
          passwordHash,
          specialization: body.specialization,
          collegeName: body.collegeName,
          status: "pending",
          createdAt: now,
        });
        // The first line of the doctor's status history.
        await recordAudit(tx, { at: now, actorRole: "doctor", actorId: created.id, subject: "doctor", subjectId: created.id, action: "Signup", toStatus: "pending" });
        return created;
      }),
    );
    const token = await startSession(c, deps, "doctor", doctor);
    return c.json({ message: "Registration successful. Your account is awaiting admin approval.", token, doctor: doctorJson(doctor) }, 201);
  });

  api.post("/loginPatient", zValidator("json", loginBody, onInvalid), async (c) => {
    const { email, password } = c.req.valid("json");
    const patient = await login(c, email, password, () => findPatientByEmail(deps.database.db, email));
    const token = await startSession(c, deps, "patient", patient);
    return c.json({ token, role: "patient", name: patient.name });
  });

  // Answers for every status: the client shows the waiting screen or the status message.
  api.post("/loginDoctor", zValidator("json", loginBody, onInvalid), async (c) => {
    const { email, password } = c.req.valid("json");
    const doctor = await login(c, email, password, () => findDoctorByEmail(deps.database.db, email));
    const token = await startSession(c, deps, "doctor", doctor);
    return c.json({ message: "Login successful", token, doctor: doctorJson(doctor) });
  });

  api.post("/loginAdmin", zValidator("json", loginBody, onInvalid), async (c) => {
    const { email, password } = c.req.valid("json");
    const admin = await login(c, email, password, () => findAdminByEmail(deps.database.db, email));
    const token = await startSession(c, deps, "admin", admin);
    return c.json({ token, admin: adminJson(admin) });
  });

  // Ends every token of the account (when the bearer token is valid) and clears the page cookie.
  api.post("/logout", async (c) => {
    const user = await bearerSession(c, deps);
    if (user !== undefined) await deps.database.write((tx) => bumpTokenVersion(tx, user.role, user.account.id));
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
