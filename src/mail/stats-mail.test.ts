/**
 * Issue 58: a mail the sender sends counts as sent, on the day it went (in DEFAULT_TIME_ZONE), in
 * the transaction that records it; the kept totals equal those rebuilt from the outbox's rows.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";
import { keptTotals } from "../../tests/support/stats-run";
import { totalsFromRows } from "../actions/stats";
import type { MailSender } from "./sender";
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
  const sorted = (await totalsFromRows(h.deps.database.db, h.deps.config.defaultTimeZone)).sort(
    (x, y) => x.doctorId.localeCompare(y.doctorId) || x.day.localeCompare(y.day) || x.metric.localeCompare(y.metric),
  );
  expect(kept).toEqual(sorted);
}, 60_000);
