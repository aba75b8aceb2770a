/** Two-factor sign-in: a login's second step, setting it up, turning it on and off (issue 44; src/routes/api/two-factor.ts). */
import { z } from "zod";
import { answers } from "../../http/answers";
import { twoFactorDisableBody, twoFactorEnableBody, twoFactorVerifyBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const twoFactor = {
  verify: {
    method: "post", path: `${AUTH}/2fa/verify`, tag: "Accounts", who: "anyone",
    summary: "A login's second step: the challenge and a code",
    description: "The code is one from the authenticator app (a step either side of now is taken; each code once) or an unused recovery code (used up). Answers exactly what the login that gave the challenge would have (its role's session answer) and sets the session cookie. A wrong code is 401 and counts as a failed login (429 past the login limit); an unknown, used or expired challenge (5 minutes) is 401. Issue 51: the 5th wrong code on one challenge voids it (401 \"Too many wrong codes: this sign-in has ended. Please log in again.\") and mails the owner once; 10 wrong codes for the account since its last hold, within 24 hours and from any address, hold its code sign-in (an app's code 429 with `Retry-After`, recovery codes still taken) for 15 minutes, doubling with each hold in a row.",
    body: { kind: "json", schema: twoFactorVerifyBody, example: EXAMPLES.twoFactorVerify },
    ok: { status: 200, schema: z.union([answers.patientSession, answers.doctorSession, answers.adminSession]), description: "Signed in", example: EXAMPLES.patientSession },
    errors: [403, 429], setsCookie: true,
  },
  setup: {
    method: "post", path: `${AUTH}/2fa/setup`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Begin setting up two-factor sign-in",
    description: "A new secret waits for its first code (POST /api/auth/2fa/enable); it replaces any earlier one still waiting. 409 when two-factor sign-in is already on.",
    ok: { status: 200, schema: answers.twoFactorSetup, description: "The secret, for the app", example: EXAMPLES.twoFactorSetup },
    errors: [409],
  },
  enable: {
    method: "post", path: `${AUTH}/2fa/enable`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Turn two-factor sign-in on with the app's first code",
    description: "A wrong code is 400; no setup waiting, or already on, is 409. The ten recovery codes are shown only in this answer.",
    body: { kind: "json", schema: twoFactorEnableBody, example: EXAMPLES.twoFactorCode },
    ok: { status: 200, schema: answers.twoFactorEnabled, description: "On", example: EXAMPLES.twoFactorEnabled },
    errors: [409, 429],
  },
  disable: {
    method: "post", path: `${AUTH}/2fa/disable`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Turn two-factor sign-in off",
    description: "Asks the password and a code (or a recovery code); a wrong one is 400 and counts as a failed login. 409 when it is not on.",
    body: { kind: "json", schema: twoFactorDisableBody, example: EXAMPLES.twoFactorDisable },
    ok: { status: 200, schema: answers.message, description: "Off", example: { message: "Two-factor sign-in is off." } },
    errors: [409, 429],
  },
} satisfies Record<string, Operation>;
