/**
 * Issue 25: reminders come from the meetings in the database and arrive at their time
 * (REMINDER_MINUTES=1 and a short CONSULT_MINUTES): a meeting 10 minutes ahead gets its reminder
 * a minute before it, to both sides; a cancelled one gets none; the feedback invitation follows
 * the meeting's end. The app's clock (deps.now) is moved to each time and the real sender's round
 * run there, through real SMTP, rather than waiting those seconds out.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";
import { movingClock } from "../../tests/support/moving-clock";
import type { MailSender } from "./sender";
import { startMail } from "./start";

let smtp: MailCatcher;
let h: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  smtp = await startMailCatcher();
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL: "https://carebook.test", REMINDER_MINUTES: "1", CONSULT_MINUTES: "0.2" });
  sender = startMail(h.deps);
});

afterAll(async () => {
  await sender?.stop();
  await smtp.stop();
  await h.stop();
});

test("a reminder a minute before a meeting arrives at its time, to patient and doctor; none for a cancelled one; then the feedback invitation", async () => {
  const clock = movingClock(h.deps);
  const patient = await h.signupPatient("Rita Reminder");
  const doctor = await h.signupDoctor({ name: "Tim Timely" });
  const other = await h.signupDoctor({ name: "Cora Cancelled" });
  const kept = await h.book(patient.token, doctor.id);
  const dropped = await h.book(patient.token, other.id);
  // Whole seconds: the slot is stored to the millisecond, the reminder is due a minute before it.
  // Ten minutes ahead (the clock is moved there, not waited for): however slow the signups above
  // on a loaded machine, the real time never reaches the reminder's before the test moves to it.
  const start = new Date(Math.ceil((clock.now().getTime() + 600_000) / 1000) * 1000);
  const due = start.getTime() - 60_000;
  expect((await h.schedule(doctor.token, kept, patient.id, start)).status).toBe(200);
  expect((await h.schedule(other.token, dropped, patient.id, start)).status).toBe(200);
  const cancel = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: other.token, json: { appointmentId: dropped, reason: "Called away" } });
  expect(cancel.status).toBe(200);

  // Not early: nothing before its time (a whole round of the sender 3 s before it). The clock
  // stands from here: the round also delivers the mails above, which on a loaded machine can
  // take seconds, and the clock must not drift past the reminder's time meanwhile.
  clock.stand();
  clock.to(due - 3_000);
  await sender!.runOnce();
  expect(smtp.mails.filter((m) => /^Reminder/.test(m.subject ?? "")).length).toBe(0);

  clock.to(due);
  await sender!.runOnce();
  const toPatient = await smtp.waitFor((m) => m.envelopeTo.includes(patient.email) && /^Reminder/.test(m.subject ?? ""), 40_000, "the patient's reminder");
  const toDoctor = await smtp.waitFor((m) => m.envelopeTo.includes(doctor.email) && /^Reminder/.test(m.subject ?? ""), 10_000, "the doctor's reminder");
  // On time: after it was due, and within the sender's round (5 s) plus a loaded machine's slack.
  const now = clock.now().getTime();
  expect(now).toBeGreaterThanOrEqual(due);
  expect(now - due).toBeLessThan(25_000);
  expect(toPatient.subject).toContain("Reminder: appointment with Dr Tim Timely");
  expect(toDoctor.subject).toContain("Reminder: appointment with Rita Reminder");
  expect(toPatient.text).toContain("https://carebook.test/patient-dashboard/patient-meetings");
  expect(toDoctor.text).toContain("https://carebook.test/doctor-dashboard/doctor-Meetings");
  expect(toPatient.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/carebook\.test\/unsubscribe\/[\w-]{40,200}>/m);

  // The feedback invitation once the meeting is over (12 s long).
  clock.to(start.getTime() + 12_000);
  await sender!.runOnce();
  const invite = await smtp.waitFor((m) => m.envelopeTo.includes(patient.email) && /^How was your appointment/.test(m.subject ?? ""), 100_000, "the feedback invitation");
  expect(clock.now().getTime()).toBeGreaterThanOrEqual(start.getTime() + 12_000);
  expect(invite.subject).toBe("How was your appointment with Dr Tim Timely?");

  // The cancelled meeting got no reminder, to either side, and no invitation.
  expect(smtp.mails.filter((m) => /Cora Cancelled/.test(m.subject ?? "") && /^(Reminder|How was)/.test(m.subject ?? ""))).toEqual([]);
  expect(smtp.to(other.email).filter((m) => /^Reminder/.test(m.subject ?? ""))).toEqual([]);
  expect(smtp.mails.filter((m) => /^Reminder/.test(m.subject ?? "")).length).toBe(2);
}, 200_000);
