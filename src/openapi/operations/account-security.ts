/** Forgot, reset and change password; sessions; erasing the account (issues 28, 44; src/routes/api/account-security.ts). */
import { answers } from "../../http/answers";
import { changePasswordBody, deleteAccountBody, forgotPasswordBody, resetPasswordBody, sessionIdParam } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const accountSecurity = {
  forgotPassword: {
    method: "post", path: `${AUTH}/forgotPassword`, tag: "Accounts", who: "anyone",
    summary: "Ask for a password reset link by mail",
    description: "Always the same answer, at once, whether or not the account exists. The link (PUBLIC_URL/resetPassword/{token}) works once, for RESET_TOKEN_MINUTES (30 by default); an account has at most 3 live links, each valid until it expires or one of them is used (which voids the rest), and a new password voids them all. Limited per account and address and per address like logins (429); past the account's cap across addresses the answer is the same 202 and no mail goes.",
    body: { kind: "json", schema: forgotPasswordBody, example: EXAMPLES.forgotPassword },
    ok: { status: 202, schema: answers.message, description: "Accepted; a mail goes out if the account exists", example: { message: "If an account exists for that email, a reset link is on its way." } },
    errors: [429],
  },
  resetPassword: {
    method: "post", path: `${AUTH}/resetPassword`, tag: "Accounts", who: "anyone",
    summary: "Set a new password with a reset link's token, and sign in",
    description: "Ends every session of the account and revokes its device cookies. A used, expired or unknown token is 400 with one message for all three. A browser's post from another site is 403, as a login's is (issue 51).",
    body: { kind: "json", schema: resetPasswordBody, example: EXAMPLES.resetPassword },
    ok: { status: 200, schema: answers.resetSession, description: "The password is changed; the token signs in (a fresh login)", example: EXAMPLES.resetSession },
    errors: [403, 429], setsCookie: true,
  },
  changePassword: {
    method: "post", path: `${AUTH}/changePassword`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Change the password (the current one is asked)",
    description: "Every other session of the account ends; this one stays. A mail tells the account. A wrong current password is 400 and counts as a failed login.",
    body: { kind: "json", schema: changePasswordBody, example: EXAMPLES.changePassword },
    ok: { status: 200, schema: answers.message, description: "Changed", example: { message: "Your password is changed. Every other device is signed out." } },
    errors: [429],
  },
  deleteAccount: {
    method: "post", path: `${AUTH}/account/delete`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Erase this account (the password is asked)",
    description:
      "One transaction: the patient's open appointments are cancelled (each doctor gets the usual notice); the name, email, picture, family members, waitlist entries, mail choices, time zone, language and mails are erased; every session, device and the calendar feed end (the token is refused from now). Past appointments stay for the other side's records, with their reasons, naming the person \"Former patient\" (or \"Former doctor\") and an `erased-…@erased.invalid` address. The email can sign up again as a new account. A wrong password is 400 and counts as a failed login (429 past the limit); a doctor with an open appointment is 409; the admin is 403.",
    body: { kind: "json", schema: deleteAccountBody, example: { password: "correct-horse-1" } },
    ok: { status: 200, schema: answers.message, description: "Erased", example: { message: "Your account is erased. Your past visits stay with your doctors, without your name." } },
    errors: [403, 409, 429],
  },
  sessions: {
    method: "get", path: `${AUTH}/sessions`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "The sessions signed in to this account",
    description: "The private calendar feed, when the account has one, is listed last as one more entry (`kind: calendarFeed`, id `calendar-feed`): its URL opens the account's meetings like a session.",
    ok: { status: 200, schema: answers.sessions, description: "Newest first, then the calendar feed; `current` is the one asking", example: EXAMPLES.sessions },
  },
  endSession: {
    method: "delete", path: `${AUTH}/sessions/{id}`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "End one session of this account, or its calendar feed",
    description: "Its token (bearer or cookie) is refused from its next request; for the id `calendar-feed`, the feed's URL is refused from now.",
    params: sessionIdParam,
    ok: { status: 200, schema: answers.message, description: "Ended", example: { message: "That device is signed out." } },
    errors: [404],
  },
  endOtherSessions: {
    method: "post", path: `${AUTH}/sessions/revokeOthers`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "End every session of this account but this one",
    description: "The calendar feed ends too (a logout and a password change or reset end it as well).",
    ok: { status: 200, schema: answers.message, description: "Ended", example: { message: "Every other device is signed out." } },
  },
} satisfies Record<string, Operation>;
