/**
 * The account-security mails of issue 28: the password reset link, and the notice that the
 * password changed. Both are account mails (always sent, whatever the reader's mail choices).
 * Kept apart from templates.ts and events.ts so that issue 25's files only gain an import.
 * Written in the reader's language (issue 31); the device's name stays as the session list keeps it.
 */
import { doctorTitle } from "../calendar/ics";
import type { Tx } from "../db/client";
import { recipientOf, type Recipient } from "../db/queries/mail";
import type { Deps } from "../config/deps";
import { ADMIN_ACCOUNT, type Role } from "../domain/fields";
import type { MailContent } from "./layout";
import { enqueueMail, mailMode, renderOnly } from "./outbox";
import { whenFor } from "./time";
import { DEFAULT_TIME_ZONE } from "../domain/time";
import { readerT } from "./templates";
import type { T } from "../i18n/catalog";

type MailDeps = Pick<Deps, "config" | "keys" | "now">;

/** Where a request came from, as a mail may say it: the browser and system only, and when. */
export type Origin = { device: string; at: Date };

const greeting = (t: T, to: Recipient) => t("mail.hello", { name: to.role === "doctor" ? doctorTitle(to.name, t) : to.name });
/** The device and when, in the reader's zone (`fallback`: DEFAULT_TIME_ZONE, for an account without one). */
const from = (origin: Origin, to: Recipient, fallback = DEFAULT_TIME_ZONE) => `${origin.device}, ${whenFor(origin.at, to, fallback)}`;
export const forgotPath = (role: Role) => `/forgotPassword?role=${role}`;

/** A reset link's secret in a mail's text or HTML. */
const RESET_LINK = /\/resetPassword\/[A-Za-z0-9_-]{43}/g;
/** What stands in its place once the mail has left, and on the admin's mail page. */
export const LINK_REMOVED = "/resetPassword/(removed)";

/**
 * A mail's body without a live reset link (issue 44, finding 3): the outbox keeps a mail 30 days,
 * its link only as long as it is needed to send it. Also what the admin's mail page shows.
 */
export const withoutResetLink = (body: string) => body.replace(RESET_LINK, LINK_REMOVED);

/** The body a finished mail (sent or given up) keeps, if it must change: a reset mail's without its link. */
export function finishedBody(row: { template: string; text: string; html: string }): { text: string; html: string } | undefined {
  return row.template === "passwordReset" ? { text: withoutResetLink(row.text), html: withoutResetLink(row.html) } : undefined;
}

export const securityTemplates = {
  passwordReset: (p: { to: Recipient; origin: Origin; token: string; minutes: number; defaultZone?: string }): MailContent => {
    const t = readerT(p.to);
    return {
      lang: t.lang,
      subject: t("mail.passwordReset.subject"),
      greeting: greeting(t, p.to),
      // The minutes as a string: written as the number was, whatever the language groups digits by.
      paragraphs: [t("mail.passwordReset.asked"), t("mail.passwordReset.once", { minutes: String(p.minutes) }), t("mail.passwordReset.notYou")],
      facts: [[t("mail.fact.askedFrom"), from(p.origin, p.to, p.defaultZone)]],
      action: { label: t("mail.action.newPassword"), path: `/resetPassword/${p.token}` },
    };
  },

  passwordChanged: (p: { to: Recipient; origin: Origin; how: "reset" | "change"; defaultZone?: string }): MailContent => {
    const t = readerT(p.to);
    return {
      lang: t.lang,
      subject: t("mail.passwordChanged.subject"),
      greeting: greeting(t, p.to),
      paragraphs: [t(p.how === "reset" ? "mail.passwordChanged.byReset" : "mail.passwordChanged.byChange"), t("mail.passwordChanged.notYou")],
      facts: [[t("mail.fact.changedFrom"), from(p.origin, p.to, p.defaultZone)]],
      action: { label: t("mail.action.resetPassword"), path: forgotPath(p.to.role) },
    };
  },

  /** Issue 51: a challenge took its 5th wrong code; nothing but the account's own words (no medical content). */
  codeGuessed: (p: { to: Recipient }): MailContent => {
    const t = readerT(p.to);
    return {
      lang: t.lang,
      subject: t("mail.codeGuessed.subject"),
      greeting: greeting(t, p.to),
      paragraphs: [t("mail.codeGuessed.tried"), t("mail.codeGuessed.change")],
      action: { label: t("mail.action.changePassword"), path: `${PROFILE_OF[p.to.role]}#password` },
    };
  },
} as const;

/** Where each role changes its password (the profile's password form). */
const PROFILE_OF: Record<Role, string> = {
  patient: "/patient-dashboard/patient-profile",
  doctor: "/doctor-dashboard/doctor-profile",
  admin: ADMIN_ACCOUNT,
};

/** Issue 51: tells the account that a sign-in's challenge took its 5th wrong code, in the transaction that voids it; once per challenge. */
export async function codeGuessed(tx: Tx, deps: MailDeps, to: Recipient): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  await enqueueMail(tx, deps, { template: "codeGuessed", category: "account", to, content: securityTemplates.codeGuessed({ to }) });
}

/**
 * Writes the reset link's mail into the outbox (in the transaction that stores the link) when
 * `send`. Otherwise (no account, or no link stored) the same read and the same rendering run and
 * nothing is written: a request that sends nothing costs what one that sends does (issue 44).
 */
export async function passwordResetRequested(
  tx: Tx,
  deps: MailDeps,
  who: { role: Role; id: string; email: string },
  token: string,
  origin: Origin,
  send: boolean,
): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const found = await recipientOf(tx, who.role, who.id);
  const to = found ?? { role: who.role, id: who.id, name: who.email, email: who.email, timeZone: null, language: null };
  const content = securityTemplates.passwordReset({ to, origin, token, minutes: deps.config.resetTokenMinutes, defaultZone: deps.config.defaultTimeZone });
  if (found === undefined || !send) return renderOnly(deps, content);
  await enqueueMail(tx, deps, { template: "passwordReset", category: "account", to, content });
}

/** Tells the account `to` (as the use case holds it) its password changed, in the transaction that changes it. */
export async function passwordChanged(tx: Tx, deps: MailDeps, to: Recipient, origin: Origin, how: "reset" | "change"): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  await enqueueMail(tx, deps, { template: "passwordChanged", category: "account", to, content: securityTemplates.passwordChanged({ to, origin, how, defaultZone: deps.config.defaultTimeZone }) });
}
