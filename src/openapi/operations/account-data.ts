/** The consent notice and the account's export (issue 44; src/routes/api/account-data.ts). */
import { answers } from "../../http/answers";
import { consentBody } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const accountData = {
  consent: {
    method: "get", path: `${AUTH}/consent`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "The consent notice in force, and what this account accepted",
    description: "Issue 44. `due` is true while the account accepted no notice (a signup without `consent: true`) or an older one: the person's pages show the notice with its form at the top until they accept (nothing is blocked). The notice's words are on the signup pages and /privacy.",
    ok: { status: 200, schema: answers.consent, description: "The state", example: { version: "2026-11-28", accepted: null, due: true, withdrawnAt: null } },
  },
  acceptConsent: {
    method: "post", path: `${AUTH}/consent`, tag: "Accounts", who: "patient or doctor (any status)",
    summary: "Accept the consent notice in force (a signup without it, or a changed notice)",
    description: "Issue 44. Records the version in force and the time. `version`, when given, must be the one in force (GET /consent): 409 when the notice changed since the client showed it. Doctors of any status may call it; the admin is never asked (403).",
    body: { kind: "json", schema: consentBody, example: { consent: true, version: "2026-11-28" } },
    ok: { status: 200, schema: answers.consentRecorded, description: "Recorded", example: { message: "Thank you. Your consent is recorded.", version: "2026-11-28", at: "2026-11-28T09:30:00.000Z" } },
    errors: [403, 409],
  },
  withdrawConsent: {
    method: "delete", path: `${AUTH}/consent`, tag: "Accounts", who: "patient or doctor (any status)",
    summary: "Withdraw consent without erasing the account (issue 51)",
    description: "No notice stands accepted any more: the person's pages ask again (`due`), GET /consent says when (`withdrawnAt`, kept after accepting again), and the optional mails stop (reminders and notices off; the account's own mails, such as a reset link, still go). The account and its visits stay; erasure is POST /account/delete. The admin has none (403).",
    ok: { status: 200, schema: answers.consentWithdrawn, description: "Withdrawn", example: { message: "Your consent is withdrawn. Your account stays; you will be asked again.", withdrawnAt: "2026-11-28T09:30:00.000Z" } },
    errors: [403],
  },
  export: {
    method: "get", path: `${AUTH}/account/export`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Everything held about this account, as one JSON document (a download)",
    description:
      "Issue 44. The profile (with its consent), mail choices, family members, appointments with their story, feedback, waitlist entries, sessions (and the calendar feed), mails sent (subject and dates, never the text) and audit events about the account. Of another account only what the owner already sees: a doctor's export names each patient by name only. Answered with `Content-Disposition: attachment; filename=\"carebook-YYYY-MM-DD.json\"` (the UTC date) and never cached. The profile pages offer the same document at /account/export.",
    ok: { status: 200, schema: answers.accountExport, description: "The document", example: EXAMPLES.accountExport },
  },
} satisfies Record<string, Operation>;
