/**
 * Taps made before the script is live, on DevTools' Slow 3G (400 ms, 400 kbit/s) with a 4x slower
 * CPU: each form goes to the server, or to the island if it is live by then, and is carried out
 * exactly once with its message shown. Nothing is held or replayed.
 */
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/env";
import { adminAccount, apiCall, book, confirmSchedule, createDoctor, createPatient, expect, PASSWORD, signIn, test } from "../support/fixtures";
import { nextJanuary, WEDNESDAY } from "../support/dates";

test.setTimeout(90_000);

/** DevTools' Slow 3G profile and a 4x slower CPU, for this page. */
async function slow3g(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Opens `path` and returns as soon as the first bytes arrive: the tap comes as soon as the form shows. */
async function openFast(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
}

test("a login filled and tapped at once reaches the patient's dashboard", async ({ page }) => {
  const patient = await createPatient("Quick Tapper");
  await slow3g(page);
  await openFast(page, "/loginPatient");
  await page.getByLabel("Email").fill(patient.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/patient-dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Find a doctor by specialization" })).toBeVisible({ timeout: 30_000 });
});

test("the admin's login tapped at once reaches the dashboard", async ({ page }) => {
  await slow3g(page);
  await openFast(page, "/loginAdmin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Doctors" })).toBeVisible({ timeout: 30_000 });
});

test("a booking tapped as soon as the page shows is made exactly once, and says so", async ({ page }) => {
  const [patient, doctor] = [await createPatient("Early Booker"), await createDoctor({ name: "Dr. Early" })];
  await signIn(page, patient);
  await slow3g(page);
  await openFast(page, `/patient-dashboard/bookAppointment/${doctor.id}`);
  await page.getByLabel(/Reason for your appointment with/).fill("Booked on a slow phone");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Appointment request sent. The doctor will schedule it soon.")).toBeVisible({ timeout: 30_000 });
  const { appointments } = await apiCall("GET", "/patient-dashboard/patient-meetings", undefined, patient.token);
  expect(appointments.map((a: { reason: string }) => a.reason)).toEqual(["Booked on a slow phone"]);
});

test("a schedule tapped as soon as the page shows confirms exactly once", async ({ page }) => {
  const [patient, doctor] = [await createPatient("Slow Scheduled"), await createDoctor({ name: "Dr. Slow Scheduler" })];
  await book(patient, doctor, "Needs a time");
  await signIn(page, doctor);
  await slow3g(page);
  await openFast(page, "/doctor-dashboard");
  const card = page.locator(".meeting").filter({ hasText: "Slow Scheduled" });
  await card.getByLabel("Date").fill(nextJanuary(WEDNESDAY).iso);
  await card.getByLabel(/^Time/).fill("08:15");
  await card.getByRole("button", { name: "Schedule" }).click();
  await confirmSchedule(page);
  await expect(page.getByText(/Appointment scheduled successfully|Scheduled Slow Scheduled\. The video call link is on your appointments page\./)).toBeVisible({ timeout: 30_000 });
  const { appointments } = await apiCall("GET", "/doctor-dashboard/doctor-meetings", undefined, doctor.token);
  expect(appointments.map((a: { status: string }) => a.status)).toEqual(["confirmed"]);
});

test("an Approve tapped as soon as the admin's page shows approves exactly once", async ({ page }) => {
  const doctor = await createDoctor({ name: `Dr. Tapped ${Date.now()}`, status: "pending" });
  await signIn(page, await adminAccount());
  await slow3g(page);
  await openFast(page, "/admin-dashboard");
  await page.getByRole("button", { name: `Approve ${doctor.name}` }).click();
  await expect(page.locator("tr", { hasText: doctor.email }).locator(".badge")).toHaveText("approved", { timeout: 30_000 });
  const doctors = await apiCall("GET", "/admin-dashboard/doctors", undefined, (await adminAccount()).token);
  const row = doctors.find((d: { _id: string }) => d._id === doctor.id);
  expect(row.statusHistory.map((e: { action: string }) => e.action)).toEqual(["Signup", "Approve"]);
});
