/**
 * Issue 27 without script: the story of each appointment, withdrawing a pending request and
 * booking again, the time zone chosen on the profile, scheduling in words, and rejecting behind
 * a second step with a reason. Accounts come from the API; the browser only follows forms.
 */
import type { Page } from "@playwright/test";
import { expectAccessibleWithoutScript } from "../support/axe";
import { E2E_PORT } from "../support/env";
import { adminAccount, book, confirmSchedule, createDoctor, createPatient, expect, test, type Account } from "../support/fixtures";
import { nextJanuary, WEDNESDAY } from "../support/dates";

test.use({ javaScriptEnabled: false });

async function signedIn(page: Page, account: Account) {
  await page.context().addCookies([{ name: "carebook_session", value: account.token, url: `http://127.0.0.1:${E2E_PORT}` }]);
}

test("a patient withdraws a pending request with a reason, sees it in the story, and books the doctor again", async ({ page }) => {
  const [patient, doctor] = await Promise.all([createPatient("Ina Noscript"), createDoctor({ name: "Dr. Otto Quiet", specialization: "Nephrologist" })]);
  await book(patient, doctor, "Swollen ankles");
  await signedIn(page, patient);
  await page.goto("/patient-dashboard/patient-meetings");
  const card = page.locator(".meeting").filter({ hasText: "Dr. Otto Quiet" });
  await expect(page.getByRole("heading", { name: "Waiting for the doctor" })).toBeVisible();
  await card.getByLabel("Withdraw request to Dr. Otto Quiet").click();
  await card.getByLabel("Reason for withdrawing").fill("The swelling went down");
  await card.getByRole("button", { name: "Withdraw request" }).click();
  await expect(page.getByText("Your request was withdrawn. You can book again at any time.")).toBeVisible();
  await expect(card).toContainText("Withdrawn by you");
  await expect(card).toContainText("The swelling went down");
  await expectAccessibleWithoutScript(page);
  await card.getByRole("link", { name: "Book Dr. Otto Quiet again" }).click();
  await page.getByLabel(/Reason for your appointment with/).fill("The swelling is back");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Appointment request sent. The doctor will schedule it soon.")).toBeVisible();
});

test("the doctor chooses a time zone on the profile; the schedule form reads it and says what is wrong in words", async ({ page }) => {
  const [ann, ben, doctor] = await Promise.all([createPatient("Ann Zone"), createPatient("Ben Zone"), createDoctor({ name: "Dr. Kai Kolkata" })]);
  await book(ann, doctor, "Cough");
  await book(ben, doctor, "Fever");
  const day = nextJanuary(WEDNESDAY);
  await signedIn(page, doctor);
  await page.goto("/doctor-dashboard/doctor-profile");
  // Issue 52: the doctor's one zone control is the hours form's select.
  await page.getByLabel("Your time zone").selectOption({ label: "India Standard Time (Kolkata)" });
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("Hours saved successfully")).toBeVisible();

  await page.goto("/doctor-dashboard");
  await expect(page.getByText("Times are in India Standard Time (Kolkata).")).toBeVisible();
  const card = (p: Account) => page.locator(".meeting").filter({ hasText: p.name });
  await expect(card(ann).getByLabel("Time (India Standard Time (Kolkata))")).toBeVisible();
  await card(ann).getByLabel("Date").fill("2020-03-04");
  await card(ann).getByLabel(/^Time/).fill("10:30");
  await card(ann).getByRole("button", { name: "Schedule" }).click();
  await expect(card(ann).getByText("Choose a time in the future.")).toBeVisible();
  await card(ann).getByLabel("Date").fill(day.iso);
  await card(ann).getByRole("button", { name: "Schedule" }).click();
  await confirmSchedule(page);
  await expect(page.getByText("Appointment scheduled successfully")).toBeVisible();
  await card(ben).getByLabel("Date").fill(day.iso);
  await card(ben).getByLabel(/^Time/).fill("10:45");
  await card(ben).getByRole("button", { name: "Schedule" }).click();
  await confirmSchedule(page);
  await expect(card(ben).getByText(`You already have Ann Zone at 10:30 to 11:00 on Wed ${day.dayOfMonth} Jan.`)).toBeVisible();
  await expectAccessibleWithoutScript(page);

  // The meeting is at 10:30 in Kolkata, shown so, and kept as 05:00 UTC.
  await page.goto("/doctor-dashboard/doctor-Meetings");
  const meeting = page.locator(".meeting").filter({ hasText: "Ann Zone" });
  await expect(meeting.locator("time").first()).toHaveText(`Wed, ${day.dayOfMonth} Jan ${day.year}, 10:30 IST`);
  await expect(meeting.locator("time").first()).toHaveAttribute("datetime", `${day.iso}T05:00:00.000Z`);
});

test("the admin rejects behind a second step with a reason; the doctor reads it at login", async ({ page }) => {
  const doctor = await createDoctor({ name: "Dr. Rita Rejected", status: "pending" });
  await signedIn(page, await adminAccount());
  await page.goto("/admin-dashboard");
  const row = page.locator("tr").filter({ hasText: doctor.email });
  await row.getByLabel(`Reject ${doctor.name}`, { exact: true }).click();
  await row.getByRole("button", { name: `Reject ${doctor.name}` }).click();
  await expect(page.getByText("Please say why this doctor is rejected.")).toBeVisible();
  await page.locator("tr").filter({ hasText: doctor.email }).getByLabel(`Why reject ${doctor.name}?`).fill("No licence number given");
  await page.locator("tr").filter({ hasText: doctor.email }).getByRole("button", { name: `Reject ${doctor.name}` }).click();
  await expect(page.getByText(`Reject: ${doctor.name} is now rejected`)).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/loginDoctor");
  await page.getByLabel("Email").fill(doctor.email);
  await page.getByLabel("Password").fill("correct-horse-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Your account status is: rejected. Reason: No licence number given")).toBeVisible();
});
