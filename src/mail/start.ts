/** The server's mail at start: the transport the settings name, the sender, and one line saying which. */
import nodemailer from "nodemailer";
import type { Deps } from "../config/deps";
import type { Config } from "../config/env";
import { oldestDue, outboxCounts } from "../db/queries/mail";
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

/** An open message due this long ago means the sender is not keeping up: the server is not ready. */
const STUCK_MS = 15 * 60_000;

/**
 * Starts sending (unless mail is off) and says in one line how mail goes; the outbox's depth and
 * failures join the metrics, and "outbox not stuck" the readiness checks (issue 30).
 */
export function startMail(deps: Pick<Deps, "database" | "config" | "now" | "observe">): MailSender | undefined {
  const mode = mailMode(deps.config);
  if (mode === "off") {
    console.log("Mail is off: SMTP_URL is not set, so no mail is written or sent.");
    return undefined;
  }
  if (mode === "smtp") console.log(`Mail is on: through ${shown(deps.config.mail!.smtpUrl)}, from ${deps.config.mailFrom}.`);
  else console.log("Mail preview (MAIL_PREVIEW): mails are written to the outbox and shown on the admin dashboard, sent nowhere.");
  const outbox = deps.observe.metrics.outbox(async () => {
    const counts = await outboxCounts(deps.database.db);
    return counts.waiting + counts.failing + counts.sending;
  });
  deps.observe.readiness.add("outbox", async () => {
    const now = deps.now();
    const since = await oldestDue(deps.database.db, now);
    if (since === undefined) return "nothing overdue";
    const waited = now.getTime() - since.getTime();
    if (waited > STUCK_MS) throw new Error(`the oldest due mail has waited ${Math.round(waited / 60_000)} minutes`);
    return `the oldest due mail has waited ${Math.round(waited / 1000)} s`;
  });
  return startMailSender(deps, mailTransport(deps.config), deps.config.mailFrom, outbox.failed);
}
