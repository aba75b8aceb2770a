/**
 * Delivering the outbox. Every few seconds (and at once after an enqueue in this process) the
 * sender claims the due messages (claimDue: one atomic update, so two servers on one database
 * never take the same one), checks the reader still wants that kind of mail, and hands each to
 * nodemailer with its fixed Message-ID. A failure is retried with backoff (10 s, 30 s, then
 * longer) for more than a day, then given up; every failure is logged. A server that dies while
 * sending leaves the message claimed: once the claim runs out, a sender (another server, or this
 * one restarted) sends it again, with the same Message-ID.
 */
import type { Transporter } from "nodemailer";
import { anyDue, appointmentFacts, claimDue, finishClaim, preferencesOf, pruneOutbox, type OutboxChannel, type OutboxRow } from "../db/queries/mail";
import type { Deps } from "../config/deps";
import { finishedBody } from "./security";
import { onEnqueue } from "./outbox";
import type { Tx } from "../db/client";
import { addTotals } from "../db/queries/stats";
import { combine, mailCounts } from "../domain/stats";

/** Waits after the 1st, 2nd, … failure; after the last one the message is given up (27 h in all). */
export const BACKOFF_SECONDS = [10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 14400, 14400, 14400, 14400, 14400, 14400];
/** How long a claim holds: longer than one send can take (the transport's timeouts, below). */
export const CLAIM_MS = 120_000;
/** Between rounds unless kicked: MAIL_ROUND_SECONDS (5 s by default). */
const roundMs = (deps: Pick<Deps, "config">) => (deps.config.mailRoundSeconds ?? 5) * 1000;
/** Finished messages are kept this long (the admin's view of recent delivery), then forgotten. */
const KEEP_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const BATCH = 10;

export type MailSender = {
  stop(): Promise<void>;
  kick(): void;
  /**
   * One round now, as if kicked (after any round under way), resolved once it is done: the
   * messages due at `deps.now()` (up to a batch of 10) have been tried. For tests that move the
   * app's clock rather than wait for the next round.
   */
  runOnce(): Promise<void>;
};

/**
 * Records a claimed message's outcome and, when this sender's word counted, issue 58's total of
 * mails sent or given up (days in DEFAULT_TIME_ZONE, `zone`), in the same transaction. Texts
 * (issue 55) are not mails: without a zone nothing is counted.
 */
export async function finish(tx: Tx, id: string, owner: string, outcome: Parameters<typeof finishClaim>[3], zone: string | undefined): Promise<void> {
  if (!(await finishClaim(tx, id, owner, outcome)) || zone === undefined) return;
  addTotals(tx, combine(mailCounts({ state: outcome.state, sentAt: outcome.sentAt ?? null, givenUpAt: outcome.givenUpAt ?? null }, zone)));
}

/** What a failed send becomes: another try later, or given up once the backoff is spent. */
export function afterFailure(attempts: number, now: Date, backoff: readonly number[] = BACKOFF_SECONDS): { state: "failing"; nextAttemptAt: Date } | { state: "given_up" } {
  const wait = backoff[attempts - 1];
  return wait === undefined ? { state: "given_up" } : { state: "failing", nextAttemptAt: new Date(now.getTime() + wait * 1000) };
}

/**
 * A send that failed in a way the provider told: `retry` false for a refusal no later try can
 * change (a 4xx other than 429: a bad number, a bad template), which ends the message at once.
 */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * One way out of the outbox (issue 55): mail through SMTP, SMS through Twilio, WhatsApp through
 * the Cloud API. The sender below claims, checks and retries the same for each; only `send` differs.
 */
export type Channel = {
  name: OutboxChannel;
  /** Waits after each failure; past the last one the message is given up. */
  backoff: readonly number[];
  /** Sends one claimed row; resolves with the provider's id of the message, if it gives one. */
  send(row: OutboxRow): Promise<string | undefined>;
  /** What is kept of a finished row's body (a reset mail's link, a code's digits are not); the mail's rule by default. */
  finishedBody?(row: OutboxRow): { text: string; html: string } | undefined;
  close?(): void;
};

/** The mail channel: nodemailer with the row's fixed Message-ID. */
function mailChannel(transport: Transporter, from: string): Channel {
  return {
    name: "email",
    backoff: BACKOFF_SECONDS,
    async send(row) {
      await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // Date: when it is sent (a reminder is written days before); the Message-ID is what stays.
        messageId: row.messageId,
        headers: row.unsubscribeUrl
          ? { "List-Unsubscribe": `<${row.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : undefined,
        attachments: row.calendar ? [{ filename: "consultation.ics", content: row.calendar, contentType: "text/calendar; charset=utf-8" }] : undefined,
      });
      return undefined;
    },
    close: () => transport.close(),
  };
}

export function startMailSender(
  deps: Pick<Deps, "database" | "config" | "now" | "observe">,
  transport: Transporter,
  from: string,
  onFailure: () => void = () => undefined,
): MailSender {
  return startOutboxSender(deps, mailChannel(transport, from), onFailure);
}

/** The sender of one channel: claims its due rows (once across servers), sends, retries with its backoff. */
export function startOutboxSender(deps: Pick<Deps, "database" | "config" | "now" | "observe">, channel: Channel, onFailure: () => void = () => undefined): MailSender {
  const owner = crypto.randomUUID();
  let stopped = false;
  let kicked = true;
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const what = channel.name === "email" ? "mail" : channel.name;
  const finished = channel.finishedBody ?? finishedBody;
  // Issue 58 counts mails sent and given up, not texts.
  const countedZone = channel.name === "email" ? deps.config.defaultTimeZone : undefined;

  /** Why a reminder is no use any more (its meeting began, or is no longer confirmed), if it is not. */
  async function tooLate(row: OutboxRow, now: Date): Promise<string | undefined> {
    if (row.template !== "reminder" || row.appointmentId === null) return undefined;
    const meeting = await appointmentFacts(deps.database.db, row.appointmentId);
    if (meeting === undefined || meeting.status !== "confirmed") return "the meeting is no longer confirmed";
    if (meeting.scheduledAt === null || meeting.scheduledAt.getTime() <= now.getTime()) return "the meeting had begun";
    return undefined;
  }

  /** Whether the reader still wants this row: its kind of message, and (a text) its channel. */
  async function wanted(row: OutboxRow): Promise<boolean> {
    if (row.category === "account") return true;
    const choice = await preferencesOf(deps.database.db, row.recipientRole, row.recipientId);
    if (!(row.category === "reminder" ? choice.reminders : choice.notices)) return false;
    return row.channel === "email" || choice[row.channel];
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const now = deps.now();
    if (!(await wanted(row))) {
      await deps.database.write((tx) => finishClaim(tx, row.id, owner, { state: "dropped", lastError: "turned off by the recipient" }));
      return;
    }
    const late = await tooLate(row, now);
    if (late !== undefined) {
      await deps.database.write((tx) => finishClaim(tx, row.id, owner, { state: "dropped", lastError: late }));
      return;
    }
    try {
      const providerId = await channel.send(row);
      // A sent reset mail keeps no live link (src/mail/security.ts), nor a sent code its digits, in the same write.
      await deps.database.write((tx) =>
        finish(tx, row.id, owner, { state: "sent", sentAt: deps.now(), lastError: null, providerId: providerId ?? null, ...finished(row) }, countedZone),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = error instanceof SendFailure && !error.retry ? ({ state: "given_up" } as const) : afterFailure(row.attempts, now, channel.backoff);
      onFailure();
      // The message's id, not its address: the log carries no one's personal data (issue 44).
      deps.observe.log.warn(
        { mailId: row.id, channel: row.channel, template: row.template, attempt: row.attempts, next: next.state === "given_up" ? "given up" : next.nextAttemptAt.toISOString(), err: error },
        `${what}: sending failed`,
      );
      const body = next.state === "given_up" ? finished(row) : undefined;
      const givenUp = next.state === "given_up" ? { givenUpAt: deps.now() } : {};
      await deps.database.write((tx) => finish(tx, row.id, owner, { ...next, ...givenUp, lastError: message.slice(0, 500), ...body }, countedZone));
    }
  }

  let prunedAt = 0;
  async function round(): Promise<void> {
    const wasKicked = kicked;
    kicked = false;
    const now = deps.now();
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await deps.database.write((tx) => pruneOutbox(tx, new Date(now.getTime() - KEEP_MS)));
    }
    if (!wasKicked && !(await anyDue(deps.database.db, now, channel.name))) return;
    const claimed = await deps.database.write((tx) => claimDue(tx, owner, now, new Date(now.getTime() + CLAIM_MS), BATCH, channel.name));
    for (const row of claimed) if (!stopped) await deliver(row);
    if (claimed.length === BATCH) kicked = true;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running
        .then(round)
        .catch((error) => deps.observe.log.error({ err: error }, `${what}: the sender's round failed`))
        .finally(() => schedule(kicked ? 0 : roundMs(deps)));
    }, delay);
    timer.unref?.();
  }

  const unlisten = onEnqueue(() => {
    kicked = true;
    schedule(50);
  });
  schedule(0);

  return {
    kick() {
      kicked = true;
      schedule(0);
    },
    async runOnce() {
      kicked = true;
      const done = (running = running.then(round).catch((error) => deps.observe.log.error({ err: error }, `${what}: the sender's round failed`)));
      await done;
    },
    async stop() {
      stopped = true;
      unlisten();
      clearTimeout(timer);
      await running;
      channel.close?.();
    },
  };
}
