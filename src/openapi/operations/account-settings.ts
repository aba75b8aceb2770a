/** The account's settings: mail choices, time zone, language (src/routes/api/account-settings.ts). */
import { answers } from "../../http/answers";
import { languageBody, mailPreferencesBody, timeZoneBody } from "../../http/schemas";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const accountSettings = {
  mailPreferences: {
    method: "get", path: `${AUTH}/mail-preferences`, tag: "Accounts", who: "patient or approved doctor",
    summary: "The account's mail choices: reminders and notices, each on or off",
    description: "Both are on until the person turns one off (here, on the profile page, or with a mail's one-click unsubscribe link). The admin has no mail choices (403).",
    ok: { status: 200, schema: answers.mailPreferences, description: "The choices", example: { preferences: { reminders: true, notices: true, sms: true, whatsapp: false } } },
  },
  setMailPreferences: {
    method: "put", path: `${AUTH}/mail-preferences`, tag: "Accounts", who: "patient or approved doctor",
    summary: "Set the account's mail choices (the profile page's form)",
    description: "`reminders` and `notices`, each true or false; issue 55 adds `sms` and `whatsapp` (optional: absent keeps the choice), where reminders and notices also go to a verified phone. Messages already waiting in the outbox are not recalled.",
    body: { kind: "json", schema: mailPreferencesBody, example: { reminders: true, notices: false } },
    ok: { status: 200, schema: answers.mailPreferencesSaved, description: "Saved", example: { message: "Your mail choices are saved.", preferences: { reminders: true, notices: false, sms: true, whatsapp: false } } },
  },
  setTimeZone: {
    method: "put", path: `${AUTH}/time-zone`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Set the account's time zone (the profile pages' form)",
    description: "`timeZone` is an IANA name from the list the pages offer; the pages and the mails show times in it. An unknown zone is 400 naming the field.",
    body: { kind: "json", schema: timeZoneBody, example: { timeZone: "Asia/Kolkata" } },
    ok: { status: 200, schema: answers.timeZoneSaved, description: "Saved", example: { message: "Your time zone is saved.", timeZone: "Asia/Kolkata" } },
  },
  setLanguage: {
    method: "put", path: `${AUTH}/language`, tag: "Accounts", who: "anyone signed in (any role, any doctor status)",
    summary: "Set the account's language (the header's language switch)",
    description: "The account's mails are written in it from now on, and a new device's pages start in it. The JSON API's own messages stay English.",
    body: { kind: "json", schema: languageBody, example: { language: "hi" } },
    ok: { status: 200, schema: answers.languageSaved, description: "Saved", example: { message: "Your language is saved; your mails will be written in it.", language: "hi" } },
  },
} satisfies Record<string, Operation>;
