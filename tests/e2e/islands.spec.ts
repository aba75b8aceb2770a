/**
 * Issue 29: island code loads on intent, never on arrival. A signed-in page fetches no script until
 * the person shows intent to use an island (focus, a pointer pressed, a key, a mouse over it); the
 * island then enhances the form it was rendered as. On a later page the islands whose code the
 * browser holds come alive at idle. A tap made before the code arrives is the form's own post,
 * carried out once by the server.
 */
import type { Page, Route } from "@playwright/test";
import { apiCall, createDoctor, createPatient, expect, islandsLive, signIn, test } from "./support/fixtures";

/** Records the script files `page` asks for. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

const cards = (page: Page) => page.locator(".spec-card");

test("a signed-in page fetches no script on arrival; the search box's first focus brings it to life, and it filters as you type", async ({ page }) => {
  await signIn(page, await createPatient("Intent Shown"));
  const scripts = scriptsOf(page);
  await page.goto("/patient-dashboard", { waitUntil: "networkidle" });
  expect(scripts).toEqual([]);
  expect(await islandsLive(page)).toBe(false);

  const search = page.getByRole("searchbox", { name: "Search by what troubles you, a specialization or a doctor" });
  await search.focus();
  await expect.poll(() => islandsLive(page), { intervals: [25, 50, 100] }).toBe(true);
  expect(scripts.length).toBeGreaterThan(0);
  await search.pressSequentially("card");
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByText("Cardiologist", { exact: true })).toBeVisible();
  // Filtered by the island as typed, not by the GET form's round trip.
  expect(page.url()).toMatch(/\/patient-dashboard$/);

  // A later visit: the code this browser fetched comes alive at idle, with no interaction at all.
  await page.goto("/about");
  await page.goto("/patient-dashboard");
  await expect.poll(() => islandsLive(page), { intervals: [25, 50, 100] }).toBe(true);
  await search.pressSequentially("derm");
  await expect(cards(page)).toHaveCount(1);
  expect(page.url()).toMatch(/\/patient-dashboard$/);
});

test("a mouse over an island loads its code; elsewhere on the page it does not", async ({ page }) => {
  await signIn(page, await createPatient("Mouse Over"));
  const scripts = scriptsOf(page);
  await page.goto("/patient-dashboard/patient-profile", { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).hover();
  // real time: nothing happens to wait for: no island code is loaded while the mouse rests off the islands
  await page.waitForTimeout(300);
  expect(scripts).toEqual([]);
  await page.locator("main [data-island]").first().hover();
  await expect.poll(() => islandsLive(page), { intervals: [25, 50, 100] }).toBe(true);
  expect(scripts.length).toBeGreaterThan(0);
});

test("a booking tapped before the island's code arrives is carried out by the form, exactly once", async ({ page }) => {
  const [patient, doctor] = [await createPatient("Tap Before Code"), await createDoctor({ name: "Dr. Held Code" })];
  await signIn(page, patient);
  // The island's code is held back: asked for, never answered while the tap is made.
  const held: Route[] = [];
  await page.route("**/static/build/*.js", (route) => {
    held.push(route);
  });
  await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
  await page.getByLabel(/Reason for your appointment with/).fill("Booked before the code came");
  await expect.poll(() => held.length, "the first focus asked for the code").toBeGreaterThan(0);
  expect(await islandsLive(page)).toBe(false);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Appointment request sent. The doctor will schedule it soon.")).toBeVisible();
  const { appointments } = await apiCall("GET", "/patient-dashboard/patient-meetings", undefined, patient.token);
  expect(appointments.map((a: { reason: string }) => a.reason)).toEqual(["Booked before the code came"]);
  for (const route of held) await route.abort().catch(() => undefined);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("an island whose messages cannot be fetched stays its form: no keys drawn over the page, the booking still goes", async ({ page }) => {
  const [patient, doctor] = [await createPatient("No Messages"), await createDoctor({ name: "Dr. Lost Words" })];
  await signIn(page, patient);
  // Its code arrives; the file of its words (src/build/client-build.ts) does not.
  const refused: string[] = [];
  await page.route("**/static/build/messages-*.json", (route) => {
    refused.push(route.request().url());
    return route.abort();
  });
  await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
  await page.getByLabel(/Reason for your appointment with/).fill("Booked without the island's words");
  await expect.poll(() => refused.length, "the island asked for its words").toBeGreaterThan(0);
  // The code came and found no words: the island stays the server's HTML, no "BookingForm.*" key shown.
  await page.waitForLoadState("networkidle");
  expect(await islandsLive(page)).toBe(false);
  await expect(page.locator("main")).not.toContainText("BookingForm.");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Appointment request sent. The doctor will schedule it soon.")).toBeVisible();
  const { appointments } = await apiCall("GET", "/patient-dashboard/patient-meetings", undefined, patient.token);
  expect(appointments.map((a: { reason: string }) => a.reason)).toEqual(["Booked without the island's words"]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
