/**
 * Issue 39 items 1 and 2 with script: a patient whose browser is in Asia/Kolkata signs up on the
 * page, books a doctor whose hours are in Europe/Berlin, and sees Kolkata's clock everywhere,
 * named; the mails are in the language of the signup. (Without script: no-script/reader-zone.spec.ts.)
 */
import type { Browser, Page } from "@playwright/test";
import { formatDateTime, formatTime } from "../../src/domain/time";
import { E2E_PORT } from "./support/env";
import { apiCall, confirmedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { BERLIN_HOURS, zoneJourney, zoneSettled } from "./support/zones";
import { publicDoctor } from "./support/directory";
import { PASSWORD } from "./support/env";

/** Indian hours, every day: a next free time whatever the hour the test runs. */
const INDIA_HOURS = { timeZone: "Asia/Kolkata", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })), daysOff: [] };

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
    // No page before this one has set the zone's cookie: the server guesses the default, says so, and the
    // client loads the page once more in the browser's zone.
    await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await expect(page.locator("#slot-zone")).toContainText("India Standard Time (Kolkata)");
    const first = (await page.locator('input[name="preferredTimes[]"]').first().getAttribute("value"))!;
    await expect(page.locator(`time[datetime="${first}"]`)).toHaveText(formatTime(first, "Asia/Kolkata"));
  } finally {
    await context.close();
  }
});

test("issue 52: the public directory and a profile take the browser's zone once script runs (Paris here), the hours on its clock with the doctor's own as a note", async ({ browser }) => {
  const doctor = await publicDoctor(`Dr. Paris Reader ${Date.now()}`, { languages: "en", fee: 300 });
  await apiCall("PUT", "/doctor-dashboard/availability", INDIA_HOURS, (await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD })).token);
  const context = await browser.newContext({ timezoneId: "Europe/Paris", locale: "en-GB" });
  const page = await context.newPage();
  try {
    await page.goto(`/doctors?q=${encodeURIComponent(doctor.name)}`);
    await zoneSettled(page);
    await expect(page.getByText("Times are in Central European Time (Paris).")).toBeVisible();
    await expect(page.locator(".doctor-card .next-free time").first()).toHaveText(/ CES?T$/);
    await page.getByRole("link", { name: `Profile of ${doctor.name}` }).click();
    // 09:00–17:00 in India is 04:30–12:30 in Paris in winter, 05:30–13:30 in summer: whatever the date, on Paris's clock.
    await expect(page.getByText(/^Monday: 0[45]:30–1[23]:30$/)).toBeVisible();
    await expect(page.getByText("On your clock, Central European Time (Paris). The doctor's own time zone: India Standard Time (Kolkata).")).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/Asia\/|Europe\//);
  } finally {
    await context.close();
  }
});

/** A patient back in Kolkata whose browser last told the server UTC (it travelled), signed in, a meeting in three days. */
async function travelledPatient(browser: Browser, name: string, viewport?: { width: number; height: number }) {
  const patient = await createPatient(`Isha ${name}`);
  const doctor = await createDoctor({ name: `Dr. ${name}` });
  await confirmedMeeting(patient, doctor, "A reason", 3 * 24 * 60);
  const context = await browser.newContext({ timezoneId: "Asia/Kolkata", locale: "en-GB", ...(viewport && { viewport }) });
  const page = await context.newPage();
  await signIn(page, patient);
  await context.addCookies([{ name: "tz", value: "UTC", url: `http://127.0.0.1:${E2E_PORT}` }]);
  return { context, page };
}

/** The meetings page as the server draws it, in UTC: its zone note, and where "Add to calendar" is before any island wakes. */
async function meetingsInUtc(page: Page) {
  await page.goto("/patient-dashboard/patient-meetings");
  const note = page.locator(".zone-note");
  await expect(note).toContainText("Coordinated Universal Time");
  const link = page.getByRole("link", { name: "Add to calendar" });
  return { note, link, before: await link.boundingBox() };
}

test("a zone note that turns out wrong names the browser's zone in its place: what was under the pointer stays there", async ({ browser }) => {
  const { context, page } = await travelledPatient(browser, "Steady");
  try {
    // The server renders in UTC; the islands, once live, show the browser's Kolkata instead.
    const { note, link, before } = await meetingsInUtc(page);
    await waitForHydration(page);
    const at = (await page.locator(".meeting time").first().getAttribute("datetime"))!;
    await expect(page.locator(".meeting time").first()).toHaveText(formatDateTime(at, "Asia/Kolkata"));
    await expect(note).toHaveText("Times are in India Standard Time (Kolkata). Choose time zone");
    await expect(note).toBeVisible();
    // The first island wakes on a person's first tap: the tap must end where it began.
    expect(await link.boundingBox()).toEqual(before);
  } finally {
    await context.close();
  }
});

test("a zone note whose new sentence would need more room turns invisible in its place instead", async ({ browser }) => {
  const { context, page } = await travelledPatient(browser, "Roomy", { width: 360, height: 740 });
  try {
    // The page's sentence for the browser's zone, made far longer than the note's place.
    await page.route("**/patient-dashboard/patient-meetings", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/data-zone-says="[^"]*"/, `data-zone-says="${"Times are in {zone}, ".repeat(8)}."`);
      await route.fulfill({ response, body });
    });
    const { note, link, before } = await meetingsInUtc(page);
    await waitForHydration(page);
    await expect(note).toBeHidden();
    await expect(note).toContainText("Coordinated Universal Time");
    expect(await link.boundingBox()).toEqual(before);
  } finally {
    await context.close();
  }
});

/** A patient's browser in Paris, signed in by cookie alone (no zone told yet), and a Berlin doctor's booking page. */
async function parisBooking(name: string, browser: Browser) {
  const doctor = await createDoctor({ name: `Dr. Berta ${name}`, specialization: "Dermatologist" });
  await apiCall("PUT", "/doctor-dashboard/availability", BERLIN_HOURS, doctor.token);
  const patient = await createPatient(`Isha ${name}`);
  const origin = `http://127.0.0.1:${E2E_PORT}`;
  const context = await browser.newContext({ timezoneId: "Europe/Paris", locale: "en-GB" });
  await context.addCookies([{ name: "carebook_session", value: patient.token, url: origin }]);
  return { origin, path: `/patient-dashboard/bookAppointment/${doctor.id}`, context, page: await context.newPage() };
}

test("a page drawn in the guessed zone comes back in the browser's even if the page before set the zone's cookie while it was on its way", async ({ browser }) => {
  const { origin, path, context, page } = await parisBooking("Race", browser);
  try {
    // The page is asked for with no zone; while its answer travels, the page being left (its
    // first frame came late) tells the browser's zone: the cookie is there when this page's script runs.
    let first = true;
    await page.route(`${origin}${path}`, async (route) => {
      const response = await route.fetch();
      if (first) await context.addCookies([{ name: "tz", value: encodeURIComponent("Europe/Paris"), url: origin }]);
      first = false;
      await route.fulfill({ response });
    });
    await page.goto(path);
    await expect(page.locator("#slot-zone")).toContainText("Central European Time (Paris)");
  } finally {
    await context.close();
  }
});

test("a page the server keeps drawing in another zone is loaded again once, not forever", async ({ browser }) => {
  const { origin, path, context, page } = await parisBooking("Loop", browser);
  try {
    // Whatever the cookie says, every answer claims a zone that is not the browser's.
    let loads = 0;
    await page.route(`${origin}${path}`, async (route) => {
      loads++;
      const response = await route.fetch();
      const body = (await response.text()).replace(/data-zone-rendered="[^"]*"/, 'data-zone-rendered="Asia/Kolkata Asia/Calcutta"');
      await route.fulfill({ response, body });
    });
    let loaded = 0;
    page.on("load", () => loaded++);
    await page.goto(path);
    await expect.poll(() => loaded).toBe(2);
    // real time: the loader decides after the page's first frame and a task, so two frames and a task later it has
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    expect(loads).toBe(2);
  } finally {
    await context.close();
  }
});
