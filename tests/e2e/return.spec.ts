/**
 * Returning to a page the browser kept in its back/forward cache: the islands read their data
 * again (the server rendered it before something changed), and when that read fails they show
 * the messages of SPEC §8. The browser's restore is signalled as it would be: a `pageshow`
 * event with `persisted` set.
 */
import type { Page } from "@playwright/test";
import {
  adminAccount,
  apiCall,
  book,
  completedMeeting,
  createDoctor,
  createPatient,
  expect,
  schedule,
  signIn,
  test,
  waitForHydration,
} from "./support/fixtures";

async function returnToPage(page: Page) {
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
}

/** Makes the API answer `path` with a failure: the server's message, or none. */
async function failApi(page: Page, path: string, message?: string) {
  await page.route(`**/api/auth${path}`, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(message ? { message } : {}) }),
  );
}

test("patient meetings: a meeting scheduled meanwhile shows on return; a failed read shows the server's message or SPEC's", async ({ page }) => {
  const patient = await createPatient();
  const doctor = await createDoctor();
  const id = await book(patient, doctor, "Return visit");
  await signIn(page, patient);
  await page.goto("/patient-dashboard/patient-meetings");
  await waitForHydration(page);
  await expect(page.getByText("Waiting for the doctor to schedule a time.")).toBeVisible();

  await schedule(doctor, patient, id);
  await returnToPage(page);
  await expect(page.getByRole("link", { name: "Join video call" })).toBeVisible();

  await failApi(page, "/patient-dashboard/patient-meetings", "The server is resting");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("The server is resting");
  await page.unroute("**/api/auth/patient-dashboard/patient-meetings");
  await failApi(page, "/patient-dashboard/patient-meetings");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to fetch appointments");
});

test("doctor dashboard and meetings: new requests and feedback show on return; failed reads say 'Failed to fetch appointments'", async ({ page }) => {
  const doctor = await createDoctor();
  const patient = await createPatient("Late Booker");
  await signIn(page, doctor);
  await page.goto("/doctor-dashboard");
  await waitForHydration(page);
  await expect(page.getByText("No pending appointments.")).toBeVisible();
  await book(patient, doctor, "Booked while the page was open");
  await returnToPage(page);
  await expect(page.getByRole("heading", { name: "Late Booker" })).toBeVisible();
  await failApi(page, "/doctor-dashboard/appointments");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to fetch appointments");

  const other = await createPatient("Feedback Giver");
  const done = await completedMeeting(other, doctor, "Checked in", 60);
  await page.goto("/doctor-dashboard/doctor-Meetings");
  await waitForHydration(page);
  await expect(page.getByText("No feedback received yet.")).toBeVisible();
  await apiCall("POST", "/patient-dashboard/giveFeedback", { appointmentId: done, message: "Kind and thorough" }, other.token);
  await returnToPage(page);
  await expect(page.getByText("Kind and thorough")).toBeVisible();
  await failApi(page, "/doctor-dashboard/patient-feedbacks");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to fetch appointments");
});

test("profile: a change made elsewhere shows on return; a failed read says 'Failed to load profile. Please try again.'", async ({ page }) => {
  const patient = await createPatient("First Name");
  await signIn(page, patient);
  await page.goto("/patient-dashboard/patient-profile");
  await waitForHydration(page);
  await expect(page.locator("form.profile-form").getByLabel("Name")).toHaveValue("First Name");
  const form = new FormData();
  form.set("name", "Renamed Elsewhere");
  const res = await fetch(new URL("/api/auth/patient-profile", page.url()), { method: "PUT", headers: { authorization: `Bearer ${patient.token}` }, body: form });
  expect(res.status).toBe(200);
  await returnToPage(page);
  await expect(page.locator("form.profile-form").getByLabel("Name")).toHaveValue("Renamed Elsewhere");
  await failApi(page, "/patient-profile");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to load profile. Please try again.");
});

test("admin: a doctor who signed up meanwhile shows on return; a failed read says 'Failed to fetch doctors. Please try again.'", async ({ page }) => {
  await signIn(page, await adminAccount());
  await page.goto("/admin-dashboard");
  await waitForHydration(page);
  const newcomer = await createDoctor({ name: "Dr. Newcomer", status: "pending" });
  await expect(page.getByRole("cell", { name: newcomer.email })).toHaveCount(0);
  await returnToPage(page);
  await expect(page.getByRole("cell", { name: newcomer.email })).toBeVisible();
  await failApi(page, "/admin-dashboard/doctors");
  await returnToPage(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to fetch doctors. Please try again.");
});
