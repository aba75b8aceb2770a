/**
 * The mails a worker's e2e server has delivered: its SMTP server on loopback writes each one as it
 * arrives into E2E_MAIL_DIR (tests/support/mail-catcher.ts, whole files by a rename), so a journey
 * waits for the mail itself, polled often, never for a guessed number of seconds. A file never
 * changes once there: each is parsed once per worker.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DB, E2E_MAIL_DIR } from "./env";

const parsed = new Map<string, Promise<ParsedMail>>();

/** Every mail delivered so far, in the order they arrived. */
export async function deliveredMails(): Promise<ParsedMail[]> {
  const names = readdirSync(E2E_MAIL_DIR).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    names.map((name) => {
      const path = join(E2E_MAIL_DIR, name);
      let mail = parsed.get(path);
      if (mail === undefined) parsed.set(path, (mail = simpleParser(readFileSync(path))));
      return mail;
    }),
  );
}

/** The mails to `address` delivered so far, in the order they arrived. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  return (await deliveredMails()).filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((to) => to?.value.some((v) => v.address === address)));
}

/** Short steps for polling a mail or an outbox row: it is there within a sender round or two. */
export const MAIL_POLL = { intervals: [50, 100, 250] };

/** The outbox rows (issue 25) of `template` about `appointmentId`: their states, oldest first. */
export async function outboxStates(appointmentId: string, template: string): Promise<string[]> {
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  try {
    const rows = await db.execute({ sql: "select state from mail_outbox where appointment_id = ? and template = ? order by created_at, rowid", args: [appointmentId, template] });
    return rows.rows.map((row) => String(row.state));
  } finally {
    db.close();
  }
}
