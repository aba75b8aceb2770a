/**
 * Issue 58: a mail the sender sends counts as sent, on the day it went (in DEFAULT_TIME_ZONE), in
 * the transaction that records it; the kept totals equal those rebuilt from the outbox's rows.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { startHarness, type Harness } from "../../tests/support/harness";
import { nextMonday } from "../../tests/support/monday";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";
import { keptTotals } from "../../tests/support/stats-run";
import { sortedTotals, totalsFromRows } from "../../tests/support/totals-from-rows";
import { BACKOFF_SECONDS, type MailSender } from "./sender";
import { startMail } from "./start";

let smtp: MailCatcher;
let h: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  smtp = await startMailCatcher();
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL: "https://carebook.test" });
  sender = startMail(h.deps);
});

afterAll(async () => {
  await sender?.stop();
  await smtp.stop();
  await h.stop();
});

test("mails sent count on the day they went; kept == rebuilt", async () => {
  const patient = await h.signupPatient("Mona Mail");
  const doctor = await h.signupDoctor({ name: "Dev Mail" });
  await h.book(patient.token, doctor.id);
  await sender!.runOnce();
  await smtp.waitFor(() => true, 20_000, "a request's mail");
  const sentRows = Number((await h.elsewhere("select count(*) as n from mail_outbox where state = 'sent'")).rows[0]!.n);
  expect(sentRows).toBeGreaterThan(0);
  const kept = await keptTotals(h);
  expect(kept.filter((t) => t.metric === "mailsSent").reduce((sum, t) => sum + t.n, 0)).toBe(sentRows);
  expect(kept).toEqual(sortedTotals(await totalsFromRows(h.deps.database.db, h.deps.config.defaultTimeZone)));
}, 60_000);

/**
 * Issue 58: a mail the SMTP server refuses every time is tried through the whole backoff, then
 * given up; it counts as failed (given up) on the day it was given up in DEFAULT_TIME_ZONE (here
 * Kolkata: 00:30 there is 19:00 UTC the day before), not on the day it was written. The server is
 * a real one on loopback answering 550 to every recipient; the app's clock is moved through the
 * waits, never waited for.
 */
test("a mail refused to its last try counts as failed (given up) on the Kolkata day it was given up", async () => {
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("550 No such mailbox here"), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
  const port = (refusing.server.address() as { port: number }).port;
  const g = await startHarness({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://carebook.test", DEFAULT_TIME_ZONE: "Asia/Kolkata" });
  // The last try is due 00:30 in Kolkata on `day` (19:00 UTC the day before); the mails are written the whole backoff earlier.
  const day = new Date(nextMonday(new Date()).getTime() + 7 * 86_400_000);
  const dayBefore = new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10);
  const lastTry = day.getTime() - 5 * 3600_000;
  let clock = lastTry - BACKOFF_SECONDS.reduce((sum, s) => sum + s, 0) * 1000;
  g.deps.now = () => new Date(clock);
  const refusedSender = startMail(g.deps)!;
  try {
    const patient = await g.signupPatient("Gita Given-up");
    const doctor = await g.signupDoctor({ name: "Dev Refused" });
    await g.book(patient.token, doctor.id);
    const states = async () => (await g.elsewhere("select state, attempts from mail_outbox")).rows.map((r) => `${r.state}/${r.attempts}`);
    await refusedSender.runOnce();
    for (const [i, wait] of BACKOFF_SECONDS.entries()) {
      expect((await states()).every((s) => s === `failing/${i + 1}`)).toBe(true);
      clock += wait * 1000;
      await refusedSender.runOnce();
    }
    const last = await states();
    expect(last.length).toBeGreaterThanOrEqual(2);
    expect(last.every((s) => s === `given_up/${BACKOFF_SECONDS.length + 1}`)).toBe(true);
    const stats = await g.call("GET", `/api/auth/admin-dashboard/stats?from=${dayBefore}&to=${day.toISOString().slice(0, 10)}`, { token: await g.admin() });
    expect(stats.status).toBe(200);
    expect(stats.body.timeZone).toBe("Asia/Kolkata");
    expect(stats.body.totals).toMatchObject({ mailsSent: 0, mailsFailed: last.length });
    expect(stats.body.byDay.map((d: { date: string; mailsFailed: number }) => [d.date, d.mailsFailed])).toEqual([
      [dayBefore, 0],
      [day.toISOString().slice(0, 10), last.length],
    ]);
  } finally {
    await refusedSender.stop();
    await g.stop();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  }
}, 60_000);
