/**
 * Meetings in the patient's and the doctor's own calendar (issue 13), in Chromium with script
 * off: Add to calendar downloads the meeting's file, and the feed is made, subscribed to and
 * reset with plain links and forms. The files are read with ical.js, as a calendar app would.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parseEvents } from "../support/ical";
import { expectAccessible } from "./support/axe";
import { E2E_PORT } from "./support/env";
import { type Account, confirmedMeeting, createDoctor, createPatient, expect, signIn, test } from "./support/fixtures";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const REASON = "Private reason that no calendar may show";

/** A calendar app's fetch: no cookie, no script, just the URL. */
async function fetchFeed(url: string) {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/** Clicks Add to calendar on the meeting card that names `name`; answers the downloaded file's text. */
async function addToCalendar(page: Page, name: string) {
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Add to calendar" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^consultation-\d{4}-\d{2}-\d{2}\.ics$/);
  return readFileSync((await download.path())!, "utf8");
}

/** Presses the feed's form button; answers the https URL the page then shows once. */
async function makeFeedLink(page: Page, button: "Get calendar link" | "Reset calendar link", pagePath: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(`${ORIGIN}${pagePath}#calendar`);
  await expect(page.getByRole("status")).toContainText("Your calendar link is ready");
  const url = await page.getByLabel("Calendar link (for apps that ask for a URL)").inputValue();
  expect(url).toMatch(new RegExp(`^${ORIGIN}/calendar/[\\w-]{43}\\.ics$`));
  await expect(page.getByRole("link", { name: "Subscribe in my calendar app" })).toHaveAttribute("href", url.replace(/^http:/, "webcal:"));
  return url;
}

test.describe("with script off", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "Asia/Kolkata" });

  /** Signs in with the session cookie alone: with no script there is no browser guard to satisfy. */
  const signInCookie = (page: Page, account: Account) =>
    page.context().addCookies([{ name: "carebook_session", value: account.token, url: ORIGIN }]);

  test("the patient adds a meeting to the calendar, subscribes to the feed, and resets it", async ({ page }) => {
    const patient = await createPatient("Nia Noscript");
    const doctor = await createDoctor({ name: "Dr. Ken Calendar" });
    const id = await confirmedMeeting(patient, doctor, REASON, 3 * 24 * 60);
    await signInCookie(page, patient);
    await page.goto("/patient-dashboard/patient-meetings");
    expect(await page.locator("script:not([type])").count()).toBeGreaterThan(0); // the page has script (the islands' loader); the browser runs none

    const file = await addToCalendar(page, "Dr. Ken Calendar");
    expect(parseEvents(file)).toMatchObject([{ uid: `appointment-${id}@carebook`, summary: "Appointment with Dr Ken Calendar", status: "CONFIRMED", utc: true }]);

    const url = await makeFeedLink(page, "Get calendar link", "/patient-dashboard/patient-meetings");
    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(parseEvents(feed.text).map((e) => e.uid)).toEqual([`appointment-${id}@carebook`]);
    expect(feed.text).not.toContain(REASON);

    // Shown once: a reload no longer shows it.
    await page.reload();
    await expect(page.getByLabel("Calendar link (for apps that ask for a URL)")).toHaveCount(0);
    await expect(page.getByText("You made a calendar link on")).toBeVisible();

    const fresh = await makeFeedLink(page, "Reset calendar link", "/patient-dashboard/patient-meetings");
    expect(fresh).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
  });

  test("the doctor adds a meeting to the calendar and gets the feed", async ({ page }) => {
    const patient = await createPatient("Omar Offline");
    const doctor = await createDoctor({ name: "Dr. Lee Ledger" });
    const id = await confirmedMeeting(patient, doctor, REASON, 4 * 24 * 60);
    await signInCookie(page, doctor);
    await page.goto("/doctor-dashboard/doctor-Meetings");

    const file = await addToCalendar(page, "Omar Offline");
    expect(parseEvents(file)).toMatchObject([{ uid: `appointment-${id}@carebook`, summary: "Appointment with Omar Offline" }]);
    expect(file).not.toContain(REASON);
    expect(file).not.toContain(patient.email);

    const url = await makeFeedLink(page, "Get calendar link", "/doctor-dashboard/doctor-Meetings");
    expect(parseEvents((await fetchFeed(url)).text).map((e) => e.summary)).toEqual(["Appointment with Omar Offline"]);
  });
});

test("with script, the meetings page with a fresh calendar link is accessible and the link still downloads", async ({ page }) => {
  const patient = await createPatient("Sia Script");
  const doctor = await createDoctor({ name: "Dr. Mo Modern" });
  const id = await confirmedMeeting(patient, doctor, REASON, 5 * 24 * 60);
  await signIn(page, patient);
  await page.goto("/patient-dashboard/patient-meetings");
  await makeFeedLink(page, "Get calendar link", "/patient-dashboard/patient-meetings");
  await expectAccessible(page);
  expect(parseEvents(await addToCalendar(page, "Dr. Mo Modern"))[0]!.uid).toBe(`appointment-${id}@carebook`);
});
