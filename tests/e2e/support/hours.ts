/**
 * Issue 26's journey, the same with script and without: a doctor sets hours on the profile; a
 * patient ticks two free times and books; the doctor confirms one (a tap, then yes to the question); the patient's
 * meetings page shows it; the doctor reschedules it with a reason; the patient sees the new time,
 * that it moved, and why. Both browsers are in UTC; the doctor's hours too; a patient without script
 * reads the server's default, India's (issue 52).
 */
import type { Browser, Page } from "@playwright/test";
import { expectAccessible, expectAccessibleWithoutScript } from "./axe";
import { type Account, createDoctor, createPatient, expect, signIn, waitForHydration } from "./fixtures";

const DAY = 24 * 3_600_000;

async function pageFor(browser: Browser, account: Account, script: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function ready(page: Page, script: boolean) {
  if (script) await waitForHydration(page);
}

const accessible = (page: Page, script: boolean) => (script ? expectAccessible(page) : expectAccessibleWithoutScript(page));

export async function hoursJourney(browser: Browser, script: boolean) {
  const doctor = await createDoctor({ name: `Dr. Hours ${script ? "Live" : "Plain"} ${Date.now()}`, specialization: "Pulmonologist" });
  const patient = await createPatient(`Pat ${script ? "Live" : "Plain"}`);
  const [doctorPage, patientPage] = [await pageFor(browser, doctor, script), await pageFor(browser, patient, script)];
  try {
    // 1. The doctor sets hours: every day, all day (free times exist whenever the test runs).
    await doctorPage.goto("/doctor-dashboard/doctor-profile");
    await ready(doctorPage, script);
    // The doctor's one zone control (issue 52): a select.
    await doctorPage.getByLabel("Your time zone").selectOption("UTC");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      await doctorPage.getByLabel(day, { exact: true }).fill("00:00-24:00");
    }
    await doctorPage.getByRole("button", { name: "Save hours" }).click();
    await expect(doctorPage.getByText("Hours saved successfully")).toBeVisible();
    await expect(doctorPage.getByLabel("Monday", { exact: true })).toHaveValue("00:00-24:00");
    await accessible(doctorPage, script);

    // 2. The patient ticks two free times and books.
    await patientPage.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await ready(patientPage, script);
    // With script the browser's zone (UTC); without, the deployment's default, India's (issue 52; UTC before).
    await expect(patientPage.locator("#slot-zone")).toContainText(script ? "Times are in Coordinated Universal Time (UTC)" : "Times are in India Standard Time (Kolkata)");
    await accessible(patientPage, script);
    // A day first (issue 39): tomorrow's, a whole day of free times whatever the hour now.
    await patientPage.locator("#slot-day").selectOption({ index: 1 });
    if (!script) await patientPage.getByRole("button", { name: "Show times" }).click();
    const boxes = patientPage.locator('input[name="preferredTimes[]"]');
    await boxes.nth(1).check();
    await boxes.nth(3).check();
    const [first, second] = [await boxes.nth(1).getAttribute("value"), await boxes.nth(3).getAttribute("value")];
    await patientPage.getByLabel(/Reason for your appointment with/).fill("Shortness of breath on stairs");
    await patientPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(patientPage.getByText("Appointment request sent. The doctor will schedule it soon.")).toBeVisible();

    // 3. The doctor sees both, preferred first, and confirms the first in one tap.
    await doctorPage.goto("/doctor-dashboard");
    await ready(doctorPage, script);
    const card = doctorPage.getByRole("listitem").filter({ has: doctorPage.getByRole("heading", { name: patient.name }) });
    await expect(card.getByText("Preferred by the patient")).toBeVisible();
    const preferred = card.getByRole("button", { name: /\(preferred\)$/ });
    await expect(preferred).toHaveCount(2);
    await accessible(doctorPage, script);
    await expect(preferred.nth(0)).toHaveAttribute("value", first!);
    await expect(preferred.nth(1)).toHaveAttribute("value", second!);
    await preferred.nth(0).click();
    // Issue 39: the tap asks first; the question's Schedule says yes.
    await doctorPage.locator("#confirm-schedule").getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(doctorPage.getByText(script ? `Scheduled ${patient.name}. The video call link is on your appointments page.` : "Appointment scheduled successfully")).toBeVisible();

    // 4. The patient's meetings page shows it at that time (the cancel step names it again: the first).
    await patientPage.goto("/patient-dashboard/patient-meetings");
    await ready(patientPage, script);
    await expect(patientPage.locator(`time[datetime="${first}"]`).first()).toBeVisible();

    // 5. The doctor moves it two days later, saying why.
    const moved = new Date(Date.parse(first!) + 2 * DAY).toISOString();
    await doctorPage.goto("/doctor-dashboard/doctor-Meetings");
    await ready(doctorPage, script);
    await doctorPage.locator("summary", { hasText: "Move appointment" }).click();
    await doctorPage.getByLabel("New date").fill(moved.slice(0, 10));
    await doctorPage.getByLabel(/^New time/).fill(moved.slice(11, 16));
    await doctorPage.getByLabel(/^Reason \(the patient sees it\)/).fill("A conference that morning");
    await doctorPage.getByRole("button", { name: "Move appointment" }).click();
    await expect(doctorPage.getByText("Appointment rescheduled successfully")).toBeVisible();

    // 6. The patient sees the new time, that it moved, and why.
    await patientPage.goto("/patient-dashboard/patient-meetings");
    await ready(patientPage, script);
    const meeting = patientPage.getByRole("listitem").filter({ hasText: "A conference that morning" });
    await expect(meeting.locator(`time[datetime="${moved}"]`).first()).toBeVisible();
    await expect(meeting.getByText(/Moved\s+by the doctor from/)).toBeVisible();
    await accessible(patientPage, script);
    await expect(meeting.locator(`time[datetime="${first}"]`).first()).toBeVisible();
  } finally {
    await doctorPage.context().close();
    await patientPage.context().close();
  }
}
