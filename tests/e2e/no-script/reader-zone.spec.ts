/**
 * Issue 39 items 1 and 2 without script: no zone can be reported, so every page starts in India
 * Standard Time, the deployment's default in both languages (issue 52: English read UTC before),
 * saying so beside the times with the link to choose; never the doctor's zone (Europe/Berlin).
 * The mails are in the language of the signup, the time on the patient's clock, named.
 */
import { apiCall, createDoctor, expect, test } from "../support/fixtures";
import { zoneJourney } from "../support/zones";
import { publicDoctor } from "../support/directory";
import { E2E_PORT, PASSWORD } from "../support/env";

test.setTimeout(60_000);

test("in English: India Standard Time said to be the default; pages and mails in it", async ({ browser }) => {
  await zoneJourney(browser, { script: false, lang: "en" });
});

test("in Hindi: India Standard Time as the default, named; Hindi mail from the first", async ({ browser }) => {
  await zoneJourney(browser, { script: false, lang: "hi" });
});

test("issue 52: without script a visitor elsewhere (Paris) reads the directory and a profile in India's time, the default, named; the hours as the doctor keeps them", async ({ browser }) => {
  const doctor = await publicDoctor(`Dr. Plain Reader ${Date.now()}`, { languages: "en", fee: 300 });
  const hours = { timeZone: "Asia/Kolkata", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })), daysOff: [] };
  await apiCall("PUT", "/doctor-dashboard/availability", hours, (await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD })).token);
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Europe/Paris", locale: "en-GB" });
  const page = await context.newPage();
  try {
    await page.goto(`/doctors?q=${encodeURIComponent(doctor.name)}`);
    await expect(page.getByText("Times are in India Standard Time (Kolkata).")).toBeVisible();
    await expect(page.locator(".doctor-card .next-free time").first()).toHaveText(/ IST$/);
    await page.getByRole("link", { name: `Profile of ${doctor.name}` }).click();
    await expect(page.getByText(/^Monday: 09:00–17:00$/)).toBeVisible();
    await expect(page.getByText("In the doctor's time zone, India Standard Time (Kolkata).")).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/UTC|Asia\/|Europe\//);
    // The footer's year is the clock's.
    await expect(page.locator("footer")).toContainText(`© ${new Date().getUTCFullYear()} Carebook`);
  } finally {
    await context.close();
  }
});

test("issue 52: a link to the doctor's zone (#time-zone, as the zone note's) lands with the select's label clear of the sticky header, at 360 px", async ({ browser }) => {
  const doctor = await createDoctor({ name: "Dr. Anchor Clear" });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, reducedMotion: "reduce" });
  await context.addCookies([{ name: "carebook_session", value: doctor.token, url: `http://127.0.0.1:${E2E_PORT}` }]);
  const page = await context.newPage();
  try {
    await page.goto("/doctor-dashboard/doctor-profile#time-zone");
    const label = page.getByText("Your time zone", { exact: true });
    await expect(label).toBeInViewport();
    const header = (await page.locator(".site-header").boundingBox())!;
    const top = (await label.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(header.y + header.height);
    // The page did scroll to it: the select is far below the first screen.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
