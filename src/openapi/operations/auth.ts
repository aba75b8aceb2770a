/** Signing up, logging in and out, and a doctor's status (src/routes/api/auth.ts). */
import { z } from "zod";
import { answers } from "../../http/answers";
import { doctorSignupBody, loginBody, patientSignupBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

/** A login's answer: the session, or (two-factor sign-in on) the challenge for POST /api/auth/2fa/verify. */
const orChallenge = (session: z.ZodType) => z.union([session, answers.twoFactorChallenge]);
const TWO_FACTOR = "With two-factor sign-in on, the answer is `{ twoFactorRequired: true, challenge }` and no token: POST /api/auth/2fa/verify with the challenge and a code answers what this call would have.";

export const auth = {
  signupPatient: {
    method: "post", path: `${AUTH}/signupPatient`, tag: "Accounts", who: "anyone",
    summary: "Create a patient account and sign in",
    body: { kind: "json", schema: patientSignupBody, example: EXAMPLES.patientSignup },
    ok: { status: 201, schema: answers.patientSession, description: "The account is created; the token signs the patient in", example: EXAMPLES.patientSession },
    errors: [403, 409, 429], setsCookie: true,
  },
  loginPatient: {
    method: "post", path: `${AUTH}/loginPatient`, tag: "Accounts", who: "anyone",
    summary: "Sign in as a patient",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.patientSession), description: "Signed in", example: EXAMPLES.patientSession },
    errors: [403, 429], setsCookie: true,
  },
  signupDoctor: {
    method: "post", path: `${AUTH}/signupDoctor`, tag: "Accounts", who: "anyone",
    summary: "Register as a doctor (pending until the admin approves)",
    body: { kind: "json", schema: doctorSignupBody, example: EXAMPLES.doctorSignup },
    ok: { status: 201, schema: answers.doctorSession, description: "Registered; the doctor is pending", example: EXAMPLES.doctorSession },
    errors: [403, 409, 429], setsCookie: true,
  },
  loginDoctor: {
    method: "post", path: `${AUTH}/loginDoctor`, tag: "Accounts", who: "anyone",
    summary: "Sign in as a doctor, whatever the doctor's status",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.doctorSession), description: "Signed in; `doctor.status` tells what the doctor may do", example: EXAMPLES.doctorSession },
    errors: [403, 429], setsCookie: true,
  },
  loginAdmin: {
    method: "post", path: `${AUTH}/loginAdmin`, tag: "Accounts", who: "anyone",
    summary: "Sign in as the admin",
    description: TWO_FACTOR,
    body: { kind: "json", schema: loginBody, example: EXAMPLES.login },
    ok: { status: 200, schema: orChallenge(answers.adminSession), description: "Signed in", example: EXAMPLES.adminSession },
    errors: [403, 429], setsCookie: true,
  },
  logout: {
    method: "post", path: `${AUTH}/logout`, tag: "Accounts", who: "anyone",
    summary: "Sign out everywhere",
    description: "With a valid bearer token, every token of that account stops working. Always clears the page session cookie.",
    ok: { status: 200, schema: answers.message, description: "Signed out", example: { message: "Logged out" } },
    optionalBearer: true,
    errors: [403],
  },
  doctorStatus: {
    method: "get", path: `${AUTH}/doctor-status`, tag: "Accounts", who: "doctor, any status",
    summary: "The signed-in doctor's current status (Refresh Status)",
    ok: { status: 200, schema: answers.doctorStatus, description: "The doctor as stored now", example: { status: "approved", doctor: EXAMPLES.doctor } },
  },
} satisfies Record<string, Operation>;
