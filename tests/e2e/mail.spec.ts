/**
 * Issue 25 in the browser: a patient books, the doctor schedules, and the patient's mail (from
 * the e2e server's SMTP server on loopback) holds the time in the patient's own zone, named,
 * and a link that opens the meetings page with that meeting.
 */
import { createClient } from "@libsql/client";
import type { ParsedMail } from "mailparser";
import { E2E_DB, E2E_PORT } from "./support/env";
import { createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { nextJanuary, WEDNESDAY } from "./support/dates";
import { MAIL_POLL, mailsTo } from "./support/mail";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const REASON = "Shortness of breath at night";

test("a patient books, the doctor schedules, the patient's mail has the time in their zone and a working link", async ({ page, browser }) => {
  const patient = await createPatient("Mira Mail");
  const doctor = await createDoctor({ name: "Dr. Paul Post" });
  // The patient's own zone (the profile will set it; here the database does).
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  await db.execute({ sql: "update patients set time_zone = 'Asia/Kolkata' where id = ?", args: [patient.id] });
  db.close();

  await signIn(page, patient);
  await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
  await waitForHydration(page);
  await page.getByLabel("Reason for your appointment with Dr. Paul Post").fill(REASON);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment request sent." })).toBeVisible();

  // The doctor, in Paris, schedules a Wednesday in January at 10:30 their time (09:30 UTC).
  const day = nextJanuary(WEDNESDAY);
  const doctorContext = await browser.newContext({ timezoneId: "Europe/Paris" });
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, doctor);
  await doctorPage.goto("/doctor-dashboard");
  await waitForHydration(doctorPage);
  const request = doctorPage.getByRole("listitem").filter({ has: doctorPage.getByRole("heading", { name: patient.name }) });
  await request.getByLabel("Date").fill(day.iso);
  await request.getByLabel("Time").fill("10:30");
  await request.getByRole("button", { name: "Schedule" }).click();
  // Issue 39: it asks first; the mail waits for the undo window (UNDO_SECONDS) to close.
  await doctorPage.locator("#confirm-schedule").getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(request).toHaveCount(0);
  await doctorContext.close();

  let mail: ParsedMail | undefined;
  await expect
    .poll(async () => (mail = (await mailsTo(patient.email)).find((m) => /^Scheduled/.test(m.subject ?? "")))?.subject, { timeout: 20_000, ...MAIL_POLL })
    .toBe(`Scheduled: your appointment with Dr Paul Post, Wednesday, ${day.dayOfMonth} January ${day.year}, 15:00 India Standard Time (Asia/Kolkata)`);
  expect(mail!.text).toContain(`When: Wednesday, ${day.dayOfMonth} January ${day.year}, 15:00 India Standard Time (Asia/Kolkata)`);
  expect(mail!.text).not.toContain(REASON);
  expect(mail!.attachments.map((a) => a.contentType)).toContain("text/calendar");

  // The mail's link opens the meetings page, with the meeting on it.
  const link = mail!.text!.match(/See your appointments: (\S+)/)![1]!;
  expect(link).toBe(`${ORIGIN}/patient-dashboard/patient-meetings`);
  await page.goto(link);
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { name: "Dr. Paul Post" })).toBeVisible();
});
