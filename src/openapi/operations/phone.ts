/** Issue 55: a verified phone, and a patient's sign-in by a code sent to it (src/routes/api/phone.ts). */
import { answers } from "../../http/answers";
import { z } from "zod";
import { loginCodeBody, loginCodeVerifyBody, phoneBody, phoneCodeBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const phone = {
  request: {
    method: "post", path: `${AUTH}/account/phone`, tag: "Accounts", who: "patient or approved doctor",
    summary: "Set the account's mobile number and send it a 6-digit code by SMS",
    description:
      "The number (E.164, or a 10-digit Indian mobile read as +91) becomes the account's, not yet verified, and a code goes to it by SMS. The code lives PHONE_CODE_MINUTES (10 by default), dies after 5 wrong tries and works once. At most one code a minute per account and 5 an hour per number: 429 with Retry-After past them. 409 when this server sends no SMS.",
    body: { kind: "json", schema: phoneBody, example: { phone: "9812345678" } },
    ok: { status: 202, schema: answers.phoneCodeSent, description: "The code is on its way", example: { message: "A 6-digit code is on its way by SMS. Enter it to verify your number.", phone: { number: "+919812345678", verified: false } } },
    errors: [409, 429],
  },
  verify: {
    method: "post", path: `${AUTH}/account/phone/verify`, tag: "Accounts", who: "patient or approved doctor",
    summary: "Verify the account's number with the code sent to it",
    description: "A wrong, used, expired or worn-out code is 400 (each wrong try counts toward the 5). Once verified, the number receives the texts the account's mail choices allow (`sms`, `whatsapp`).",
    body: { kind: "json", schema: phoneCodeBody, example: { code: "123456" } },
    ok: { status: 200, schema: answers.phoneVerified, description: "Verified", example: { message: "Your phone number is verified.", phone: { number: "+919812345678", verified: true } } },
  },
  remove: {
    method: "delete", path: `${AUTH}/account/phone`, tag: "Accounts", who: "patient or approved doctor",
    summary: "Remove the account's mobile number",
    description: "Nothing more is texted to it. 404 when the account has none.",
    ok: { status: 200, schema: answers.message, description: "Removed", example: { message: "Your phone number is removed." } },
    errors: [404],
  },
  loginCode: {
    method: "post", path: `${AUTH}/loginPatient/code`, tag: "Accounts", who: "anyone",
    summary: "Send a sign-in code by SMS to a patient's verified number",
    description:
      "Answers 202 whatever the number, telling no account apart; the code goes by SMS only when a patient has verified that number. It lives PHONE_CODE_MINUTES, dies after 5 wrong tries and works once. Counted as a login attempt (429 with Retry-After past the login throttles), and under the phone codes' throttles: one a minute and 5 an hour per number. 409 when this server sends no SMS.",
    body: { kind: "json", schema: loginCodeBody, example: { phone: "9812345678" } },
    ok: { status: 202, schema: answers.message, description: "A code is on its way if the number is a patient's", example: { message: "If this number is verified on a patient's account, a 6-digit code is on its way by SMS." } },
    errors: [403, 409, 429],
  },
  loginCodeVerify: {
    method: "post", path: `${AUTH}/loginPatient/code/verify`, tag: "Accounts", who: "anyone",
    summary: "Sign in as a patient with the code sent by SMS",
    description:
      "Answers as POST /api/auth/loginPatient does: the session, or with two-factor sign-in on `{ twoFactorRequired: true, challenge }` for POST /api/auth/2fa/verify. A wrong, used, expired or worn-out code is 401 (each wrong try counts toward the 5). Counted as a login attempt (429 with Retry-After past the login throttles).",
    body: { kind: "json", schema: loginCodeVerifyBody, example: { phone: "9812345678", code: "123456" } },
    ok: { status: 200, schema: z.union([answers.patientSession, answers.twoFactorChallenge]), description: "Signed in", example: EXAMPLES.patientSession },
    errors: [403, 409, 429], setsCookie: true,
  },
} satisfies Record<string, Operation>;
