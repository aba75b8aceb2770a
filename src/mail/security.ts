/**
 * The account-security mails of issue 28: the password reset link, and the notice that the
 * password changed. Both are account mails (always sent, whatever the reader's mail choices).
 * Kept apart from templates.ts and events.ts so that issue 25's files only gain an import.
 */
import { doctorTitle } from "../calendar/ics";
import type { Tx } from "../db/client";
import { recipientOf, type Recipient } from "../db/queries/mail";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import type { MailContent } from "./layout";
import { enqueueMail, mailMode } from "./outbox";
import { zoneOf } from "../domain/time";
import { formatWhen } from "./time";

type MailDeps = Pick<Deps, "config" | "keys" | "now">;

/** Where a request came from, as a mail may say it: the browser and system only, and when. */
export type Origin = { device: string; at: Date };

const greeting = (to: Recipient) => `Hello ${to.role === "doctor" ? doctorTitle(to.name) : to.name},`;
const from = (origin: Origin, to: Recipient) => `${origin.device}, ${formatWhen(origin.at, zoneOf(to))}`;
export const forgotPath = (role: Role) => `/forgotPassword?role=${role}`;

export const securityTemplates = {
  passwordReset: (p: { to: Recipient; origin: Origin; token: string; minutes: number }): MailContent => ({
    subject: "Reset your Carebook password",
    greeting: greeting(p.to),
    paragraphs: [
      "Someone asked to reset the password of your Carebook account. Open the link below to choose a new one.",
      `The link works once, for ${p.minutes} minutes. A newer request or a new password makes it void.`,
      "If it was not you, do nothing: your password stays as it is, and the link is of no use to anyone who cannot read your mail. If such mails keep coming, write to support.",
    ],
    facts: [["Asked from", from(p.origin, p.to)]],
    action: { label: "Choose a new password", path: `/resetPassword/${p.token}` },
  }),

  passwordChanged: (p: { to: Recipient; origin: Origin; how: "reset" | "change" }): MailContent => ({
    subject: "Your Carebook password was changed",
    greeting: greeting(p.to),
    paragraphs: [
      p.how === "reset"
        ? "The password of your Carebook account was reset with a link sent to this address. Every device that was signed in is signed out."
        : "The password of your Carebook account was changed on its profile page. Every other device that was signed in is signed out.",
      "If it was not you, reset your password now with the link below and write to support.",
    ],
    facts: [["Changed from", from(p.origin, p.to)]],
    action: { label: "Reset your password", path: forgotPath(p.to.role) },
  }),
} as const;

/** Writes the reset link's mail into the outbox (in the transaction that stores the link). */
export async function passwordResetRequested(tx: Tx, deps: MailDeps, who: { role: Role; id: string }, token: string, origin: Origin): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const to = await recipientOf(tx, who.role, who.id);
  if (to === undefined) return;
  await enqueueMail(tx, deps, {
    template: "passwordReset",
    category: "account",
    to,
    content: securityTemplates.passwordReset({ to, origin, token, minutes: deps.config.resetTokenMinutes }),
  });
}

/** Tells the account its password changed (in the transaction that changes it). */
export async function passwordChanged(tx: Tx, deps: MailDeps, who: { role: Role; id: string }, origin: Origin, how: "reset" | "change"): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const to = await recipientOf(tx, who.role, who.id);
  if (to === undefined) return;
  await enqueueMail(tx, deps, { template: "passwordChanged", category: "account", to, content: securityTemplates.passwordChanged({ to, origin, how }) });
}
