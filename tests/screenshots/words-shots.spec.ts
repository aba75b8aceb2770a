/**
 * Issue 52's words to look at, not to compare: the patient's appointments page and the doctor's
 * dashboard and appointments page at 360 and 1280 px, English and Hindi, light, with script, in
 * India's zone, full page, into screenshots/ (git-ignored) or $SHOTS_DIR.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { book, createDoctor, createPatient, expect, signIn, test } from "../e2e/support/fixtures";
import { confirmedAt, HOUR, nextMondayUtc } from "../e2e/support/notice";

const OUT = process.env.SHOTS_DIR ?? join(process.cwd(), "screenshots");

test("the appointments pages and the doctor's dashboard in both languages", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const monday = nextMondayUtc();
  const patient = await createPatient("Priya Sharma");
  const [cardio, derma] = await Promise.all([createDoctor({ name: "Dr. Arjun Mehta" }), createDoctor({ name: "Dr. Kavita Rao", specialization: "Dermatologist" })]);
  const other = await createPatient("Rahul Verma");
  await confirmedAt(patient, cardio, monday + 10 * HOUR, "Chest pain when climbing stairs");
  await book(other, cardio, "Blood pressure follow-up");
  await book(patient, derma, "A rash on both arms for a week");
  const pages = [
    { who: "patient-appointments", account: patient, path: "/patient-dashboard/patient-meetings" },
    { who: "doctor-dashboard", account: cardio, path: "/doctor-dashboard" },
    { who: "doctor-appointments", account: cardio, path: "/doctor-dashboard/doctor-Meetings" },
  ];
  for (const width of [360, 1280])
    for (const lang of ["en", "hi"] as const) {
      const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, timezoneId: "Asia/Kolkata" });
      const page = await context.newPage();
      for (const target of pages) {
        await context.clearCookies();
        await signIn(page, target.account);
        await context.addCookies([
          { name: "carebook_session", value: target.account.token, url: baseURL! },
          { name: "lang", value: lang, url: baseURL! },
        ]);
        await page.goto(target.path);
        await expect(page.locator("h1").first()).toBeVisible();
        await page.screenshot({ path: join(OUT, `${target.who}-${lang}-${width}.png`), fullPage: true });
      }
      await context.close();
    }
});
