/**
 * The whole product with JavaScript off (the "no-script" project): every journey is plain HTML
 * forms the server carries out. Patient, doctor and admin each have their own browser context,
 * none of which runs a line of script; accounts are made by the forms themselves here, since
 * signing up is part of what is tested. The "save-data" project runs the same journeys in browsers
 * that do run script but send `Save-Data: on` (issue 29): the server must send them none at all.
 */
import type { Browser, Page } from "@playwright/test";
import { expectAccessibleWithoutScript } from "../support/axe";
import { projectPage } from "../support/project-page";
import { ADMIN } from "../support/env";
import { doctorCardOn } from "../support/specialization";
import { openPageWith } from "../support/admin";
import { apiCall, completeInDatabase, confirmSchedule, expect, PASSWORD, test, TINY_PNG, uniqueEmail } from "../support/fixtures";
import { dayAfter, nextJanuary, WEDNESDAY } from "../support/dates";

test.describe.configure({ mode: "serial" });
// Each step drives two or three browsers and checks axe on a page the whole suite has filled
// (the admin's table lists every doctor the other journeys made): more than the default 30 s
// on a loaded machine.
test.setTimeout(90_000);

/** Every script file any page asked for (none, in either project). */
const scripts: string[] = [];

const newPage = (browser: Browser) => projectPage(browser, scripts);

const notice = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

const patientEmail = uniqueEmail("noscript-patient");
const doctorEmail = uniqueEmail("noscript-doctor");
const doctorName = `Dr. Noscript ${Date.now()}`;
let patient: Page;
let doctor: Page;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  [patient, doctor, admin] = [await newPage(browser), await newPage(browser), await newPage(browser)];
});
test.afterAll(async () => {
  for (const page of [patient, doctor, admin]) await page.context().close();
  expect(scripts, "script files asked for").toEqual([]);
});

test("a doctor signs up, waits, and Refresh Status says so", async () => {
  await doctor.goto("/signupDoctor");
  await doctor.getByLabel("Name", { exact: true }).fill(doctorName);
  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password").fill(PASSWORD);
  await doctor.getByLabel("Specialization").selectOption("Dermatologist");
  await doctor.getByLabel("College name").fill("Hill Medical School");
  await doctor.getByLabel("I have read the notice below and agree").check();
  await doctor.getByRole("button", { name: "Sign up" }).click();
  await expect(doctor).toHaveURL(/\/loginDoctor$/);
  await expect(doctor.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();
  await expectAccessibleWithoutScript(doctor);
  await doctor.getByRole("button", { name: "Refresh status" }).click();
  await notice(doctor, "Your account is still awaiting approval.");
});

test("the admin: a wrong password is shown with the email kept, then login and Approve", async () => {
  await admin.goto("/loginAdmin");
  await admin.getByLabel("Email").fill(ADMIN.email);
  await admin.getByLabel("Password").fill("not-the-password");
  await admin.getByRole("button", { name: "Login" }).click();
  await notice(admin, "Invalid email or password");
  await expect(admin.getByLabel("Email")).toHaveValue(ADMIN.email);
  await expect(admin.getByLabel("Password")).toHaveValue("");
  await admin.getByLabel("Password").fill(ADMIN.password);
  await admin.getByRole("button", { name: "Login" }).click();
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  await admin.getByRole("button", { name: `Approve ${doctorName}` }).click();
  await notice(admin, `Approve: ${doctorName} is now approved`);
  await expectAccessibleWithoutScript(admin);
});

test("the approved doctor's Refresh Status enters the dashboard", async () => {
  await doctor.getByRole("button", { name: "Refresh status" }).click();
  await expect(doctor).toHaveURL(/\/doctor-dashboard$/);
  await expect(doctor.getByText("No pending appointments.")).toBeVisible();
});

test("a patient signs up, browses a specialization and books; an empty reason is refused inline", async () => {
  await patient.goto("/signupPatient");
  await patient.getByLabel("Name", { exact: true }).fill("Nora Noscript");
  await patient.getByLabel("Email").fill(patientEmail);
  await patient.getByLabel("Password").fill(PASSWORD);
  // Issue 44: the notice is on the page; the tick box is required (the browser refuses the form without it).
  await expect(patient.getByRole("heading", { name: "Your data at Carebook" })).toBeVisible();
  await patient.getByLabel("I have read the notice below and agree").check();
  await patient.getByRole("button", { name: "Sign up" }).click();
  await expect(patient).toHaveURL(/\/patient-dashboard$/);
  await patient.getByRole("link", { name: /Dermatologist/ }).first().click();
  await expect(patient).toHaveURL(/specialization\/Dermatologist$/);
  await (await doctorCardOn(patient, doctorName)).getByRole("link", { name: `Book appointment with ${doctorName}` }).click();
  await patient.getByRole("button", { name: "Book appointment" }).click();
  await notice(patient, "Please enter a reason.");
  await patient.getByLabel(/Reason for your appointment with/).fill("A rash that will not go away");
  await patient.getByRole("button", { name: "Book appointment" }).click();
  // The notice carries the way to Meetings after its sentence.
  await expect(patient.locator("#notice")).toContainText("Appointment request sent. The doctor will schedule it soon.");
  await expectAccessibleWithoutScript(patient);
});

test("the doctor schedules: date and time are required, then the meeting is confirmed", async () => {
  await doctor.reload();
  const card = doctor.locator(".meeting").filter({ hasText: "Nora Noscript" });
  await card.getByRole("button", { name: "Schedule" }).click();
  await notice(doctor, "Please select both date and time!");
  const again = doctor.locator(".meeting").filter({ hasText: "Nora Noscript" });
  await again.getByLabel("Date").fill(nextJanuary(WEDNESDAY).iso);
  await again.getByLabel(/^Time/).fill("09:30");
  await again.getByRole("button", { name: "Schedule" }).click();
  await confirmSchedule(doctor);
  await notice(doctor, "Appointment scheduled successfully");
  await expect(doctor.getByText("No pending appointments.")).toBeVisible();
  await expectAccessibleWithoutScript(doctor);
});

test("the patient sees the meeting and cancels it with a reason (an empty one is refused)", async () => {
  await patient.goto("/patient-dashboard/patient-meetings");
  const card = patient.locator(".meeting").filter({ hasText: doctorName });
  await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Join video call" })).toBeVisible();
  // Cancel is a second step that opens without script (a <details>), and needs a reason.
  await card.getByLabel(`Cancel the appointment with ${doctorName}`).click();
  await card.getByRole("button", { name: "Cancel appointment" }).click();
  await notice(patient, "Please enter a reason.");
  await patient.locator(".meeting").filter({ hasText: doctorName }).getByLabel("Reason for cancelling").fill("Feeling better already");
  await patient.locator(".meeting").filter({ hasText: doctorName }).getByRole("button", { name: "Cancel appointment" }).click();
  await notice(patient, "Appointment cancelled successfully");
  // The story stays: under "Past and cancelled", with who and why.
  await expect(patient.locator(".meeting").filter({ hasText: doctorName })).toContainText("Cancelled by you");
  await expect(patient.locator(".meeting").filter({ hasText: doctorName })).toContainText("Feeling better already");
  await expectAccessibleWithoutScript(patient);
});

test("a completed meeting takes feedback once, and the doctor reads it", async () => {
  await patient.goto("/patient-dashboard/patient-meetings");
  const doctorId = (await apiCall("POST", "/loginDoctor", { email: doctorEmail, password: PASSWORD })).doctor._id;
  await patient.goto(`/patient-dashboard/bookAppointment/${doctorId}`);
  await patient.getByLabel(/Reason for your appointment with/).fill("Check the rash again");
  await patient.getByRole("button", { name: "Book appointment" }).click();
  await expect(patient.locator("#notice")).toContainText("Appointment request sent. The doctor will schedule it soon.");
  await doctor.reload();
  const card = doctor.locator(".meeting").filter({ hasText: "Nora Noscript" });
  await card.getByLabel("Date").fill(dayAfter(nextJanuary(WEDNESDAY)).iso);
  await card.getByLabel(/^Time/).fill("11:00");
  await card.getByRole("button", { name: "Schedule" }).click();
  await confirmSchedule(doctor);
  await notice(doctor, "Appointment scheduled successfully");

  const patientToken = (await apiCall("POST", "/loginPatient", { email: patientEmail, password: PASSWORD })).token;
  const [meeting] = (await apiCall("GET", "/patient-dashboard/patient-meetings", undefined, patientToken)).appointments;
  await completeInDatabase(meeting._id);
  await patient.goto("/patient-dashboard/patient-meetings");
  await patient.getByLabel("Your feedback").fill("Clear, kind and quick");
  await patient.getByRole("button", { name: "Give feedback" }).click();
  await notice(patient, "Feedback submitted successfully!");
  await expect(patient.getByText("Feedback Submitted", { exact: true })).toBeVisible();

  await doctor.goto("/doctor-dashboard/doctor-Meetings");
  await expect(doctor.getByText("Clear, kind and quick")).toBeVisible();
  await expectAccessibleWithoutScript(doctor);
});

test("profiles save with a picture", async () => {
  await patient.goto("/patient-dashboard/patient-profile");
  await patient.locator("form.profile-form").getByLabel("Name", { exact: true }).fill("Nora N. Noscript");
  await patient.getByLabel(/Profile picture/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
  await patient.getByRole("button", { name: "Save profile" }).click();
  await notice(patient, "Profile updated successfully!");
  await expect(patient.locator("form.profile-form").getByLabel("Name", { exact: true })).toHaveValue("Nora N. Noscript");
  await expect(patient.getByRole("img", { name: /profile picture/ })).toBeVisible();
  await expectAccessibleWithoutScript(patient);

  await doctor.goto("/doctor-dashboard/doctor-profile");
  await doctor.getByLabel("College name").fill("Valley Medical School");
  await doctor.getByRole("button", { name: "Save profile" }).click();
  await notice(doctor, "Profile updated successfully!");
  // An approved doctor's new college waits for the admin's review (issue 27).
  await expect(doctor.getByLabel("College name")).toHaveValue("Hill Medical School");
  await expect(doctor.getByText("Your change of college to Valley Medical School")).toContainText("is waiting for the admin's review");
});

test("the admin blocks the doctor, who is out at once; everyone logs out", async () => {
  // Doctors the other journeys made since the approval may have pushed this one to a later page.
  await openPageWith(admin, doctorName);
  // Block is a second step with a reason, without script too (a <details>).
  await admin.getByLabel(`Block ${doctorName}`, { exact: true }).click();
  await admin.getByLabel(`Why block ${doctorName}?`).fill("Licence under review");
  await admin.getByRole("button", { name: `Block ${doctorName}` }).click();
  await notice(admin, `Block: ${doctorName} is now blocked`);
  await doctor.goto("/doctor-dashboard");
  await expect(doctor).toHaveURL(/\/loginDoctor$/);

  for (const [page, login] of [
    [patient, "/loginPatient"],
    [admin, "/loginAdmin"],
  ] as const) {
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(new RegExp(`${login}$`));
  }
  await patient.goto("/patient-dashboard");
  await expect(patient).toHaveURL(/\/loginPatient$/);
});
