/**
 * The whole product in Hindi without script (issue 31), in the "no-script" project and, with
 * script on but `Save-Data: on`, in the "save-data" project: each person switches the language
 * with the header's form, then the journeys of journeys.spec.ts run on the Hindi pages: a doctor
 * signs up and waits, the admin approves, a patient books, the doctor schedules, the patient
 * cancels, and a completed meeting takes feedback. Every step's words are the catalogs' Hindi
 * (support/hindi.ts), and every page is checked with axe.
 */
import type { Page } from "@playwright/test";
import { expectAccessibleWithoutScript } from "../support/axe";
import { projectPage } from "../support/project-page";
import { ADMIN } from "../support/env";
import { doctorCardOn } from "../support/specialization";
import { apiCall, completeInDatabase, confirmSchedule, expect, PASSWORD, test, uniqueEmail } from "../support/fixtures";
import { H, switchToHindi } from "../support/hindi";
import { dayAfter, nextJanuary, WEDNESDAY } from "../support/dates";

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);


/** The one-time notice a post leaves, in Hindi: present, and holding `text` where given (a link may follow it). */
async function notice(page: Page, text?: string | RegExp) {
  const shown = page.locator(".notice").first();
  await expect(shown).toBeVisible();
  if (text !== undefined) await expect(shown).toContainText(text);
}

const stamp = Date.now();
const patientEmail = uniqueEmail("hindi-patient");
const doctorEmail = uniqueEmail("hindi-doctor");
const doctorName = `डॉ. हिन्दी ${stamp}`;
const patientName = `मीरा ${stamp}`;
let patient: Page;
let doctor: Page;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  [patient, doctor, admin] = [await projectPage(browser), await projectPage(browser), await projectPage(browser)];
});
test.afterAll(async () => {
  for (const page of [patient, doctor, admin]) await page.context().close();
});

test("a doctor switches to Hindi on the signup page, signs up and waits", async () => {
  await doctor.goto("/signupDoctor");
  await switchToHindi(doctor);
  await doctor.getByLabel(H("Name"), { exact: true }).fill(doctorName);
  await doctor.getByLabel(H("Email")).fill(doctorEmail);
  await doctor.getByLabel(H("Password")).fill(PASSWORD);
  await doctor.getByLabel(H("Specialization")).selectOption("Dermatologist");
  await doctor.getByLabel(H("College name")).fill("हिल मेडिकल स्कूल");
  await doctor.getByLabel(H("I have read the notice below and agree")).check();
  await doctor.getByRole("button", { name: H("Sign up") }).click();
  await expect(doctor).toHaveURL(/\/loginDoctor$/);
  await expect(doctor.getByRole("heading", { name: H("Awaiting approval") })).toBeVisible();
  await expectAccessibleWithoutScript(doctor);
});

test("the admin, in Hindi, is refused a wrong password in Hindi, then approves the doctor", async () => {
  await admin.goto("/loginAdmin");
  await switchToHindi(admin);
  await admin.getByLabel(H("Email")).fill(ADMIN.email);
  await admin.getByLabel(H("Password")).fill("not-the-password");
  await admin.getByRole("button", { name: H("Login") }).click();
  await notice(admin, H("Invalid email or password"));
  await admin.getByLabel(H("Password")).fill(ADMIN.password);
  await admin.getByRole("button", { name: H("Login") }).click();
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  await expect(admin.locator("html")).toHaveAttribute("lang", "hi");
  const row = admin.locator("tr").filter({ hasText: doctorName });
  await row.locator('form:has(input[name="status"][value="approved"]) button[type="submit"]').click();
  await notice(admin);
  await expect(admin.locator("tr").filter({ hasText: doctorName })).toContainText(H("approved"));
  await expectAccessibleWithoutScript(admin);
});

test("a patient signs up in Hindi, finds the doctor by specialization and books", async () => {
  await patient.goto("/signupPatient");
  await switchToHindi(patient);
  await patient.getByLabel(H("Name"), { exact: true }).fill(patientName);
  await patient.getByLabel(H("Email")).fill(patientEmail);
  await patient.getByLabel(H("Password")).fill(PASSWORD);
  await expect(patient.getByRole("heading", { name: H("Your data at Carebook") })).toBeVisible();
  await patient.getByLabel(H("I have read the notice below and agree")).check();
  await patient.getByRole("button", { name: H("Sign up") }).click();
  await expect(patient).toHaveURL(/\/patient-dashboard$/);
  await patient.locator('a[href$="/specialization/Dermatologist"]').first().click();
  await expect(patient).toHaveURL(/specialization\/Dermatologist$/);
  await (await doctorCardOn(patient, doctorName)).locator('a[href*="/bookAppointment/"]').first().click();
  // An empty reason is refused in Hindi, beside the field.
  await patient.getByRole("button", { name: H("Book appointment") }).click();
  await notice(patient);
  await expect(patient.locator(".notice").first()).not.toHaveText(/[A-Za-z]{2,}/);
  await patient.locator('[name="reason"]').fill("हाथों पर दाने जो ठीक नहीं हो रहे");
  await patient.getByRole("button", { name: H("Book appointment") }).click();
  await notice(patient, H("Appointment request sent. The doctor will schedule it soon."));
  await expectAccessibleWithoutScript(patient);
});

test("the doctor, in Hindi, schedules the request", async () => {
  await doctor.getByRole("button", { name: H("Refresh status") }).click();
  await expect(doctor).toHaveURL(/\/doctor-dashboard$/);
  await expect(doctor.locator("html")).toHaveAttribute("lang", "hi");
  const card = doctor.locator(".meeting").filter({ hasText: patientName });
  await card.locator('[name="date"]').fill(nextJanuary(WEDNESDAY).iso);
  await card.locator('[name="time"]').fill("09:30");
  await card.locator('button[type="submit"]').filter({ hasText: H("Schedule") }).click();
  await confirmSchedule(doctor);
  await notice(doctor, H("Appointment scheduled successfully"));
  await expectAccessibleWithoutScript(doctor);
});

test("the patient sees the meeting in Hindi and cancels it with a reason", async () => {
  await patient.goto("/patient-dashboard/patient-meetings");
  const card = patient.locator(".meeting").filter({ hasText: doctorName });
  await expect(card.locator(".badge")).toHaveText(H("Scheduled"));
  await card.locator("details.confirm > summary").first().click();
  await card.locator('[name="reason"]').fill("अब बेहतर महसूस हो रहा है");
  await card.locator('details.confirm button[type="submit"]').first().click();
  await notice(patient, H("Appointment cancelled successfully"));
  await expect(patient.locator(".meeting").filter({ hasText: doctorName })).toContainText("अब बेहतर महसूस हो रहा है");
  await expectAccessibleWithoutScript(patient);
});

test("a completed meeting takes feedback in Hindi, and the doctor reads it", async () => {
  const doctorId = (await apiCall("POST", "/loginDoctor", { email: doctorEmail, password: PASSWORD })).doctor._id;
  await patient.goto(`/patient-dashboard/bookAppointment/${doctorId}`);
  await patient.locator('[name="reason"]').fill("दानों की दोबारा जाँच");
  await patient.getByRole("button", { name: H("Book appointment") }).click();
  await notice(patient, H("Appointment request sent. The doctor will schedule it soon."));
  await doctor.reload();
  const card = doctor.locator(".meeting").filter({ hasText: patientName });
  await card.locator('[name="date"]').fill(dayAfter(nextJanuary(WEDNESDAY)).iso);
  await card.locator('[name="time"]').fill("11:00");
  await card.locator('button[type="submit"]').filter({ hasText: H("Schedule") }).click();
  await confirmSchedule(doctor);
  await notice(doctor, H("Appointment scheduled successfully"));

  const patientToken = (await apiCall("POST", "/loginPatient", { email: patientEmail, password: PASSWORD })).token;
  const meetings = (await apiCall("GET", "/patient-dashboard/patient-meetings", undefined, patientToken)).appointments as { _id: string; status: string }[];
  await completeInDatabase(meetings.find((m) => m.status === "confirmed")!._id);
  await patient.goto("/patient-dashboard/patient-meetings");
  await patient.locator('[name="message"]').fill("साफ़, विनम्र और जल्दी");
  await patient.getByRole("button", { name: H("Give feedback") }).click();
  await notice(patient, H("Feedback submitted successfully!"));
  await expect(patient.getByText(H("Feedback Submitted"), { exact: true })).toBeVisible();
  await expectAccessibleWithoutScript(patient);

  await doctor.goto("/doctor-dashboard/doctor-Meetings");
  await expect(doctor.getByText("साफ़, विनम्र और जल्दी")).toBeVisible();
  await expectAccessibleWithoutScript(doctor);
});
