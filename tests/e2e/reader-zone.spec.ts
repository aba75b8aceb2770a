/**
 * Issue 39 items 1 and 2 with script: a patient whose browser is in Asia/Kolkata signs up on the
 * page, books a doctor whose hours are in Europe/Berlin, and sees Kolkata's clock everywhere,
 * named; the mails are in the language of the signup. (Without script: no-script/reader-zone.spec.ts.)
 */
import { formatTime } from "../../src/domain/time";
import { E2E_PORT } from "./support/env";
import { apiCall, createDoctor, createPatient, expect, test } from "./support/fixtures";
import { BERLIN_HOURS, zoneJourney } from "./support/zones";

test.setTimeout(60_000);

test("in English: times in the browser's zone (Kolkata), named, on the pages and in the mails", async ({ browser }) => {
  await zoneJourney(browser, { script: true, lang: "en" });
});

test("in Hindi: a signup from a Hindi page gets Hindi mail; times in Kolkata, named", async ({ browser }) => {
  await zoneJourney(browser, { script: true, lang: "hi" });
});

test("the booking page as the browser's first page: its free times come back on Kolkata's clock, not the guess", async ({ browser }) => {
  const doctor = await createDoctor({ name: "Dr. Berta First", specialization: "Dermatologist" });
  await apiCall("PUT", "/doctor-dashboard/availability", BERLIN_HOURS, doctor.token);
  const patient = await createPatient("Isha First");
  const context = await browser.newContext({ timezoneId: "Asia/Kolkata", locale: "en-GB" });
  await context.addCookies([{ name: "carebook_session", value: patient.token, url: `http://127.0.0.1:${E2E_PORT}` }]);
  const page = await context.newPage();
  try {
    // No page before this one has set the zone's cookie: the server guesses UTC, says so, and the
    // client loads the page once more in the browser's zone.
    await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await expect(page.locator("#slot-zone")).toContainText("India Standard Time (Kolkata)");
    const first = (await page.locator('input[name="preferredTimes[]"]').first().getAttribute("value"))!;
    await expect(page.locator(`time[datetime="${first}"]`)).toHaveText(formatTime(first, "Asia/Kolkata"));
  } finally {
    await context.close();
  }
});
