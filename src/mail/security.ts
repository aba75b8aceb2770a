/**
 * The account-security mails of issue 28: the password reset link, and the notice that the
 * password changed. Both are account mails (always sent, whatever the reader's mail choices).
 * Kept apart from templates.ts and events.ts so that issue 25's files only gain an import.
 * Written in the reader's language (issue 31); the device's name stays as the session list keeps it.
 */
import { doctorTitle } from "../calendar/ics";
import type { Tx } from "../db/client";
import type { Recipient } from "../db/queries/mail";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import type { MailContent } from "./layout";
import { enqueueMail, mailMode } from "./outbox";
import { whenFor } from "./time";
import { readerT } from "./templates";
import type { T } from "../i18n/catalog";

type MailDeps = Pick<Deps, "config" | "keys" | "now">;

/** Where a request came from, as a mail may say it: the browser and system only, and when. */
export type Origin = { device: string; at: Date };

const greeting = (t: T, to: Recipient) => t("mail.hello", { name: to.role === "doctor" ? doctorTitle(to.name, t) : to.name });
const from = (origin: Origin, to: Recipient) => `${origin.device}, ${whenFor(origin.at, to)}`;
export const forgotPath = (role: Role) => `/forgotPassword?role=${role}`;

export const securityTemplates = {
  passwordReset: (p: { to: Recipient; origin: Origin; token: string; minutes: number }): MailContent => {
    const t = readerT(p.to);
    return {
      lang: t.lang,
      subject: t("mail.passwordReset.subject"),
      greeting: greeting(t, p.to),
      // The minutes as a string: written as the number was, whatever the language groups digits by.
      paragraphs: [t("mail.passwordReset.asked"), t("mail.passwordReset.once", { minutes: String(p.minutes) }), t("mail.passwordReset.notYou")],
      facts: [[t("mail.fact.askedFrom"), from(p.origin, p.to)]],
      action: { label: t("mail.action.newPassword"), path: `/resetPassword/${p.token}` },
    };
  },

  passwordChanged: (p: { to: Recipient; origin: Origin; how: "reset" | "change" }): MailContent => {
    const t = readerT(p.to);
    return {
      lang: t.lang,
      subject: t("mail.passwordChanged.subject"),
      greeting: greeting(t, p.to),
      paragraphs: [t(p.how === "reset" ? "mail.passwordChanged.byReset" : "mail.passwordChanged.byChange"), t("mail.passwordChanged.notYou")],
      facts: [[t("mail.fact.changedFrom"), from(p.origin, p.to)]],
      action: { label: t("mail.action.resetPassword"), path: forgotPath(p.to.role) },
    };
  },
} as const;

/** Writes the reset link's mail to the account `to` (as the use case holds it) into the outbox, in the transaction that stores the link. */
export async function passwordResetRequested(tx: Tx, deps: MailDeps, to: Recipient, token: string, origin: Origin): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  await enqueueMail(tx, deps, {
    template: "passwordReset",
    category: "account",
    to,
    content: securityTemplates.passwordReset({ to, origin, token, minutes: deps.config.resetTokenMinutes }),
  });
}

/** Tells the account `to` (as the use case holds it) its password changed, in the transaction that changes it. */
export async function passwordChanged(tx: Tx, deps: MailDeps, to: Recipient, origin: Origin, how: "reset" | "change"): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  await enqueueMail(tx, deps, { template: "passwordChanged", category: "account", to, content: securityTemplates.passwordChanged({ to, origin, how }) });
}
