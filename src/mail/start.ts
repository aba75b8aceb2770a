/** The server's mail at start: the transport the settings name, the sender, and one line saying which. */
import nodemailer from "nodemailer";
import type { Deps } from "../config/deps";
import type { Config } from "../config/env";
import { mailMode } from "./outbox";
import { startMailSender, type MailSender } from "./sender";

/** Timeouts well inside the sender's claim (CLAIM_MS), so a hung server cannot outlive it. */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The nodemailer transport for the settings: SMTP (STARTTLS on smtp://, TLS on smtps://) or, in preview, nowhere. */
export function mailTransport(config: Config) {
  if (config.mail !== undefined) return nodemailer.createTransport({ url: config.mail.smtpUrl, ...TIMEOUTS });
  return nodemailer.createTransport({ streamTransport: true, buffer: true });
}

/** SMTP_URL without its password, for the start-up line. */
const shown = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

/** Starts sending (unless mail is off) and says in one line how mail goes. */
export function startMail(deps: Pick<Deps, "database" | "config" | "now">): MailSender | undefined {
  const mode = mailMode(deps.config);
  if (mode === "off") {
    console.log("Mail is off: SMTP_URL is not set, so no mail is written or sent.");
    return undefined;
  }
  if (mode === "smtp") console.log(`Mail is on: through ${shown(deps.config.mail!.smtpUrl)}, from ${deps.config.mailFrom}.`);
  else console.log("Mail preview (MAIL_PREVIEW): mails are written to the outbox and shown on the admin dashboard, sent nowhere.");
  return startMailSender(deps, mailTransport(deps.config), deps.config.mailFrom);
}
