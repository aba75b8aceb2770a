/**
 * Issue 39, items 1 and 2, as a patient lives them, with and without script, in English and
 * Hindi: a patient in India signs up on the page (in the page's language), books a doctor whose
 * hours are in Europe/Berlin, and sees every time in Kolkata's clock with the zone named: on the
 * booking page, on the meetings page, and in the mails, which are in the language they signed up
 * in from the first one. With script the browser's zone (Asia/Kolkata) is reported; without, every
 * page starts in India Standard Time, the deployment's default in both languages (issue 52: English
 * read UTC before), saying so. The public directory reads IST before any signup.
 */
import type { Browser, Page } from "@playwright/test";
import { createClient } from "@libsql/client";
import type { ParsedMail } from "mailparser";
import { formatDateTime, formatTime } from "../../../src/domain/time";
import { zoneName } from "../../../src/domain/zones";
import { formatMessage, type Lang } from "../../../src/domain/i18n";
import { CATALOGS } from "../../../src/i18n/catalog";
import { E2E_DB } from "./env";
import { apiCall, createDoctor, expect, PASSWORD, uniqueEmail, waitForHydration } from "./fixtures";
import { MAIL_POLL, mailsTo } from "./mail";
import { H } from "./hindi";

const KOLKATA = "Asia/Kolkata";
/**
 * Waits, with script, until a page whose times the server wrote in a guessed zone shows them in
 * the browser's: its `tz` cookie is set and the page was (re)loaded in it (src/render/client-assets.ts).
 */
export async function zoneSettled(page: Page) {
  await page.waitForFunction(() => {
    const cookie = /(?:^|; )tz=([^;]+)/.exec(document.cookie);
    const rendered = document.querySelector("[data-zone-rendered]")?.getAttribute("data-zone-rendered");
    return cookie !== null && rendered != null && rendered.split(" ").includes(decodeURIComponent(cookie[1]!));
  });
}

/** The directory's line naming its zone, as a page in `lang` writes it (the catalogs' dir.zone). */
const directoryZone = (lang: Lang, zone: string) => formatMessage(CATALOGS[lang]["dir.zone"], { zone: zoneName(zone, lang) }, lang);
/** An hour a day in Berlin: the week's free times spread over seven days, the last far enough ahead for its reminders. */
export const BERLIN_HOURS = { timeZone: "Europe/Berlin", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "10:00" })), daysOff: [] };

/** The words a page in `lang` shows for the English catalog text `english`. */
const words = (lang: Lang, english: string) => (lang === "en" ? english : H(english));

async function sql(statement: string, args: (string | number)[]) {
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  try {
    return (await db.execute({ sql: statement, args })).rows;
  } finally {
    db.close();
  }
}

/** The zone note beside the times, as a page in `lang` writes it for `zone`, known from `from` (the catalogs' account.zoneNote). */
const zoneNote = (lang: Lang, zone: string, from: "account" | "browser" | "default") =>
  formatMessage(CATALOGS[lang]["account.zoneNote"], { zone: zoneName(zone, lang), from }, lang);

async function signUpOnPage(page: Page, lang: Lang, script: boolean, email: string, name: string) {
  await page.goto("/signupPatient");
  if (script) await waitForHydration(page);
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="consent"]').check();
  await page.locator('form[action="/signupPatient"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/patient-dashboard");
}

export async function zoneJourney(browser: Browser, options: { script: boolean; lang: Lang }) {
  const { script, lang } = options;
  // The browser says where it is (with script it reports it); its language asks for the pages'.
  const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: script ? KOLKATA : "UTC", locale: lang === "hi" ? "hi-IN" : "en-GB" });
  const page = await context.newPage();
  try {
    const doctor = await createDoctor({ name: `Dr. Berta Berlin ${lang}${script ? "" : " plain"}`, specialization: "Dermatologist" });
    await apiCall("PUT", "/doctor-dashboard/availability", BERLIN_HOURS, doctor.token);

    // 0. Before any account, the public directory (with script: once the browser's zone is
    // reported, Chrome's Asia/Calcutta; without: the default): India's time, named (issue 52).
    await page.goto("/doctors");
    if (script) await zoneSettled(page);
    await expect(page.getByText(directoryZone(lang, KOLKATA))).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/UTC|Asia\//);

    // 1. Signs up on the page, in the page's language: the account keeps it.
    const email = uniqueEmail(`zone-${lang}`);
    await signUpOnPage(page, lang, script, email, `Isha ${lang}`);
    const [account] = await sql("select id, language from patients where email = ?", [email]);
    expect(account!.language).toBe(lang);

    // 2. The booking page: Kolkata's clock, named, in both languages (without script: the default).
    const bookingPath = `/patient-dashboard/bookAppointment/${doctor.id}`;
    await page.goto(bookingPath);
    const note = page.locator("#slot-zone");
    if (script) {
      // The browser's zone: from its cookie, or already kept on the account by its report.
      await expect(note).toContainText(zoneName(KOLKATA, lang));
      await expect(note).not.toContainText(zoneNote(lang, KOLKATA, "default"));
    } else {
      await expect(note).toContainText(zoneNote(lang, KOLKATA, "default"));
    }
    await expect(note).not.toContainText(/Berlin|बर्लिन/);
    const boxes = page.locator('input[name="preferredTimes[]"]');
    const last = boxes.last();
    const at = (await last.getAttribute("value"))!;
    await expect(page.locator(`time[datetime="${at}"]`)).toHaveText(formatTime(at, KOLKATA, lang));
    if (script) await waitForHydration(page);
    await last.check();
    await page.locator('textarea[name="reason"], input[name="reason"]').fill("An itchy rash on both arms");
    await page.locator('#booking-form button[type="submit"]').click();
    await expect(page.locator(".notice, [role=status]").filter({ hasText: words(lang, "Appointment request sent. The doctor will schedule it soon.") }).first()).toBeVisible();

    // 3. The doctor confirms the ticked time (the API: the doctor's side is another journey).
    const pending = await apiCall("GET", "/doctor-dashboard/appointments", undefined, doctor.token);
    const request = pending.appointments.find((a: { patient: { _id: string } }) => a.patient._id === account!.id);
    expect(request.preferredTimes).toEqual([at]);
    await apiCall("POST", "/doctor-dashboard/scheduleAppointments", { doctorName: doctor.name, patientId: account!.id, appointmentId: request._id, scheduledDateTime: at }, doctor.token);

    // 4. The meetings page: the same instant on Kolkata's clock, the zone named.
    await page.goto("/patient-dashboard/patient-meetings");
    if (script) await waitForHydration(page);
    await expect(page.locator(`.meeting time[datetime="${at}"]`).first()).toHaveText(formatDateTime(at, KOLKATA, lang));
    if (!script) await expect(page.locator(".zone-note").first()).toContainText(zoneNote(lang, KOLKATA, "default"));
    await expect(page.locator(".meeting time").first()).toHaveText(/IST$/);

    // 5. The mails: in the language signed up in, from the first; the time on Kolkata's clock, named.
    const zoneWords = lang === "en" ? "India Standard Time (Asia/Kolkata)" : "भारतीय मानक समय (Asia/Kolkata)";
    let mails: ParsedMail[] = [];
    await expect.poll(async () => (mails = await mailsTo(email)).length, { timeout: 20_000, ...MAIL_POLL }).toBeGreaterThanOrEqual(2);
    const [first, scheduled] = mails;
    expect(first!.html).toContain(`<html lang="${lang}">`);
    expect(scheduled!.subject).toContain(`${formatTime(at, KOLKATA)} ${zoneWords}`);
    expect(scheduled!.text).not.toContain("Europe/Berlin");
    const reminders = await sql("select subject from mail_outbox where to_address = ? and template = 'reminder'", [email]);
    expect(reminders.length).toBeGreaterThan(0);
    for (const r of reminders) expect(r.subject as string).toContain(`${formatTime(at, KOLKATA)} ${zoneWords}`);
  } finally {
    await context.close();
  }
}
