/** Issue 55: a verified phone (src/routes/api/phone.ts). */
import { answers } from "../../http/answers";
import { phoneBody, phoneCodeBody } from "../../http/schemas";
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
} satisfies Record<string, Operation>;
