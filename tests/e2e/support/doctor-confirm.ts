/**
 * Issue 39's doctor journeys, the same with script and without, in English and Hindi: a slot tap
 * asks before scheduling and Go back schedules nothing; a typed time outside the hours asks a
 * second time, naming why; Undo within the window leaves the request pending and mails no one;
 * a schedule left alone mails the patient once the window (UNDO_SECONDS, 3 in
 * tests/e2e/support/server.ts) closes. The journey waits for events, never for the clock: the
 * outbox row an undo drops, the mail as delivered to the e2e server's SMTP server. And an approved doctor's first login: what to do next.
 * Times are planned from the next Monday (UTC), never from the hour the run starts.
 */
import type { Browser, Page } from "@playwright/test";
import { nextMonday } from "../../support/monday";
import { E2E_PORT } from "./env";
import { apiCall, book, createDoctor, createPatient, expect, PASSWORD, TINY_PNG, waitForHydration, type Account } from "./fixtures";
import { MAIL_POLL, mailsTo, outboxStates } from "./mail";
import { CATALOGS } from "../../../src/i18n/catalog";

export type Lang = "en" | "hi";
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

type Key = keyof typeof CATALOGS.en;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The words the catalog `key` shows in `lang`, as a RegExp: `values` fill the placeholders (a
 * RegExp value matches as a pattern; a placeholder with no value matches anything); `exact`
 * anchors it, for an accessible name.
 */
function words(lang: Lang, key: Key, values: Record<string, string | RegExp> = {}, exact = false): RegExp {
  const template = CATALOGS[lang][key] as string;
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escape(part);
      const value = values[name];
      return value === undefined ? ".*" : typeof value === "string" ? escape(value) : value.source;
    })
    .join("");
  return new RegExp(exact ? `^${source}$` : source);
}
const named = (lang: Lang, key: Key) => words(lang, key, {}, true);

async function open(browser: Browser, account: Account, script: boolean, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: lang === "hi" ? "hi-IN" : "en-GB" });
  await context.addCookies([{ name: "lang", value: lang, url: ORIGIN }]);
  const page = await context.newPage();
  if (account.token) await context.addCookies([{ name: "carebook_session", value: account.token, url: ORIGIN }]);
  return page;
}

async function dashboard(page: Page, script: boolean) {
  await page.goto("/doctor-dashboard");
  if (script) await waitForHydration(page);
}

/** The subjects of the "Scheduled" mails to `address` written so far (the patient's mail is in English). */
async function scheduledMailsTo(address: string): Promise<string[]> {
  return (await mailsTo(address)).map((m) => m.subject ?? "").filter((subject) => subject.startsWith("Scheduled"));
}

/** The appointment's state as the doctor's two lists (pending requests, meetings) have it; an empty list may answer 404. */
async function statusOf(doctor: Account, id: string): Promise<string | undefined> {
  for (const list of ["/doctor-dashboard/appointments", "/doctor-dashboard/doctor-meetings"]) {
    const answer = await apiCall("GET", list, undefined, doctor.token).catch(() => ({ appointments: [] }));
    const found = (answer.appointments as { _id: string; status: string }[]).find((a) => a._id === id);
    if (found) return found.status;
  }
  return undefined;
}

export async function confirmJourney(browser: Browser, script: boolean, lang: Lang) {
  const tag = `${script ? "Live" : "Plain"} ${lang} ${Date.now()}`;
  const doctor = await createDoctor({ name: `Dr. Ask ${tag}` });
  // Hours on weekdays 09:00-17:00 UTC: free times to tap, and 03:00 outside them.
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "UTC", weekly, daysOff: [] }, doctor.token);
  // Typed times are read in the zone the page names: the doctor's chosen UTC (unchosen, a Hindi page without script guesses India's).
  await apiCall("PUT", "/time-zone", { timeZone: "UTC" }, doctor.token);
  const patient = await createPatient(`Neha ${tag}`);
  const id = await book(patient, doctor);
  const page = await open(browser, doctor, script, lang);
  try {
    await dashboard(page, script);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: patient.name }) });
    const panel = page.locator("#confirm-schedule");

    // 1. A tapped time asks first, naming the patient; Go back schedules nothing.
    await card.locator('button[name="slot"]').first().click();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(patient.name);
    await expect(panel.getByRole("button", { name: named(lang, "slots.confirm") })).toBeVisible();
    await panel.getByRole("link", { name: named(lang, "slots.goBack") }).click();
    await expect(panel).toHaveCount(0);
    await expect(card).toBeVisible();
    expect(await statusOf(doctor, id)).toBe("pending");

    // 2. 03:00 on a Monday is outside the hours: a second question names why (hi-IN writes "03:00 am").
    const monday = nextMonday(new Date()).toISOString().slice(0, 10);
    await card.locator('input[type="date"]').fill(monday);
    await card.locator('input[type="time"]').fill("03:00");
    await card.locator("form.schedule-form").getByRole("button", { name: named(lang, "slots.confirm") }).click();
    await expect(panel).toContainText(patient.name);
    await expect(panel).not.toContainText(words(lang, "slots.outsideHours"));
    await panel.getByRole("button", { name: named(lang, "slots.confirm") }).click();
    await expect(panel).toContainText(words(lang, "slots.outsideHours", { time: /03:00( am)?/, hours: /.+ 09:00–17:00/ }));
    expect(await statusOf(doctor, id)).toBe("pending");
    await panel.getByRole("button", { name: named(lang, "slots.confirmAnyway") }).click();

    // 3. Done, with Undo: undone within the window, the request is pending again and no mail goes.
    const notice = page.locator("#notice");
    await expect(notice).toContainText(script ? words(lang, "PendingAppointments.scheduled", { name: patient.name }) : words(lang, "doctorPage.scheduledOutside"));
    expect(await statusOf(doctor, id)).toBe("confirmed");
    await notice.getByRole("button", { name: named(lang, "undo.button") }).click();
    await expect(notice).toContainText(words(lang, "undo.done"));
    expect(await statusOf(doctor, id)).toBe("pending");
    // The patient's mail, held for the window, is dropped with the change: it never goes.
    expect(await outboxStates(id, "scheduled")).toEqual(["dropped"]);
    expect(await scheduledMailsTo(patient.email)).toEqual([]);
    if (script) await dashboard(page, script);
    await expect(card).toBeVisible();

    // 4. Scheduled again and left alone: the mail waits for the window, then goes once.
    await card.locator('button[name="slot"]').first().click();
    await panel.getByRole("button", { name: named(lang, "slots.confirm") }).click();
    await expect(notice.getByRole("button", { name: named(lang, "undo.button") })).toBeVisible();
    expect(await scheduledMailsTo(patient.email)).toEqual([]);
    await expect.poll(() => scheduledMailsTo(patient.email), { timeout: 20_000, ...MAIL_POLL }).toHaveLength(1);
    // With script, the Undo leaves once its window has closed.
    if (script) await expect(notice.getByRole("button", { name: named(lang, "undo.button") })).toHaveCount(0);
    // Sent once: the undone schedule's mail stays dropped, this one is sent and nothing of the kind waits.
    await expect.poll(() => outboxStates(id, "scheduled"), MAIL_POLL).toEqual(["dropped", "sent"]);
    expect(await scheduledMailsTo(patient.email)).toHaveLength(1);
  } finally {
    await page.context().close();
  }
}

export async function firstLoginJourney(browser: Browser, script: boolean, lang: Lang) {
  const doctor = await createDoctor({ name: `Dr. New ${script ? "Live" : "Plain"} ${lang} ${Date.now()}` });
  const page = await open(browser, { ...doctor, token: "" }, script, lang);
  try {
    // The first login, through the form, lands on the dashboard with what to do next.
    await page.goto("/loginDoctor");
    if (script) {
      await page.locator('input[type="email"]').focus();
      await waitForHydration(page);
    }
    await page.locator('input[type="email"]').fill(doctor.email);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('input[type="password"]').press("Enter");
    await expect(page).toHaveURL(/\/doctor-dashboard(#.*)?$/);
    const steps = page.getByRole("region", { name: named(lang, "doctorPage.firstTitle") });
    const hoursStep = steps.getByRole("link", { name: named(lang, "doctorPage.firstHours") });
    const photoStep = steps.getByRole("link", { name: named(lang, "doctorPage.firstPhoto") });
    const profileStep = steps.getByRole("link", { name: named(lang, "doctorPage.firstProfile") });
    const registrationStep = steps.getByRole("link", { name: named(lang, "doctorPage.firstRegistration") });
    // Issue 52: the registration is a step, first, and the dashboard says the doctor is not listed yet.
    await expect(steps.getByRole("link")).toHaveCount(4);
    await expect(steps.getByRole("link").first()).toHaveText(words(lang, "doctorPage.firstRegistration"));
    await expect(page.getByText(words(lang, "doctorPage.unlistedTitle"))).toBeVisible();
    await expect(page.getByRole("heading", { name: words(lang, "doctorPage.todayTitle") })).toBeVisible();

    // Hours: the link opens the hours form; once saved, the step is gone.
    await hoursStep.click();
    await expect(page).toHaveURL(/doctor-profile#hours-title$/);
    if (script) await waitForHydration(page);
    await page.locator("#hours-tz").selectOption("UTC");
    await page.locator("#hours-day1").fill("09:00-17:00");
    await page.locator("#hours-day1").press("Enter");
    await expect(page.locator("#notice")).toContainText(words(lang, "doctorPage.hoursSaved"));
    await dashboard(page, script);
    await expect(hoursStep).toHaveCount(0);
    await expect(steps.getByRole("link")).toHaveCount(3);

    // The profile: saved once, unchanged, is checked.
    await profileStep.click();
    if (script) await waitForHydration(page);
    await page.locator("form.profile-form").getByRole("button", { name: named(lang, "ProfileForm.save") }).click();
    await expect(page.getByText(words(lang, script ? "ProfileForm.saved" : "doctorPage.profileUpdated"))).toBeVisible();
    await dashboard(page, script);
    await expect(steps.getByRole("link")).toHaveCount(2);

    // A photo.
    await photoStep.click();
    if (script) await waitForHydration(page);
    await page.locator("#profileImage").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.locator("form.profile-form").getByRole("button", { name: named(lang, "ProfileForm.save") }).click();
    await expect(page.getByText(words(lang, script ? "ProfileForm.saved" : "doctorPage.profileUpdated"))).toBeVisible();
    await dashboard(page, script);
    await expect(steps.getByRole("link")).toHaveCount(1);

    // The registration: the last step; given (waiting for the admin's check), the card is gone.
    await registrationStep.click();
    if (script) await waitForHydration(page);
    await page.locator("#registrationNumber").fill("DMC/2011/4410");
    await page.locator("#registrationCouncil").fill("Delhi Medical Council");
    await page.locator("form.profile-form").getByRole("button", { name: named(lang, "ProfileForm.save") }).click();
    await expect(page.getByText(words(lang, script ? "ProfileForm.saved" : "doctorPage.profileUpdated"))).toBeVisible();
    await dashboard(page, script);
    await expect(steps).toHaveCount(0);
  } finally {
    await page.context().close();
  }
}
