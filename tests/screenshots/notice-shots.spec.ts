/**
 * Issue 39 (items 4 and 7) to look at, not to compare: the patient's and the doctor's meetings
 * pages with a post's notice showing, and with the cancel/withdraw second step open; 360x740 and
 * 1280x800, light and dark, en and hi, with and without script; what the screen shows (not the
 * full page), into screenshots/ (git-ignored) or $SHOTS_DIR.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { join } from "node:path";
import { book, createDoctor, createPatient, expect, signIn, test } from "../e2e/support/fixtures";
import { confirmedAt, HOUR, nextMondayUtc } from "../e2e/support/notice";
import { H } from "../e2e/support/hindi";

// Playwright runs the spec under Node: the project root is the working directory.
const OUT = process.env.SHOTS_DIR ?? join(process.cwd(), "screenshots");

/** Waits until the page stops scrolling (html scrolls smoothly: a shot mid-scroll draws the sticky header out of place). */
async function settled(page: Page) {
  let last = -1;
  await expect.poll(async () => {
    const y = await page.evaluate(() => scrollY);
    const still = y === last;
    last = y;
    return still;
  }, { intervals: [150] }).toBe(true);
}

test("the meetings pages with a notice and with the second step open", async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  mkdirSync(OUT, { recursive: true });
  const monday = nextMondayUtc();
  const patient = await createPatient("Priya Sharma");
  const [cardio, derma] = await Promise.all([createDoctor({ name: "Dr. Arjun Mehta" }), createDoctor({ name: "Dr. Kavita Rao", specialization: "Dermatologist" })]);
  const other = await createPatient("Rahul Verma");
  await confirmedAt(patient, cardio, monday + 10 * HOUR, "Chest pain when climbing stairs");
  await confirmedAt(other, cardio, monday + 11 * HOUR, "Blood pressure follow-up");
  await book(patient, derma, "A rash on both arms for a week");
  const pages = [
    { who: "patient", account: patient, path: "/patient-dashboard/patient-meetings", notice: "Appointment cancelled successfully", card: "Dr. Arjun Mehta" },
    { who: "doctor", account: cardio, path: "/doctor-dashboard/doctor-Meetings", notice: "Appointment cancelled successfully", card: "Priya Sharma" },
  ];
  for (const script of [true, false])
    for (const colorScheme of ["light", "dark"] as const)
      for (const width of [360, 1280])
        for (const lang of ["en", "hi"] as const) {
          const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, colorScheme, javaScriptEnabled: script, timezoneId: "Asia/Kolkata" });
          const page = await context.newPage();
          for (const target of pages) {
            await context.clearCookies();
            if (script) await signIn(page, target.account);
            const text = lang === "en" ? target.notice : (H(target.notice) as string);
            await context.addCookies([
              { name: "carebook_session", value: target.account.token, url: baseURL! },
              { name: "lang", value: lang, url: baseURL! },
              { name: "notice", value: encodeURIComponent(JSON.stringify({ text, tone: "success" })), url: baseURL! },
            ]);
            const name = (state: string) => join(OUT, `${target.who}-${state}-${lang}-${width}-${colorScheme}-${script ? "js" : "nojs"}.png`);
            await page.goto(`${target.path}#notice`);
            await expect(page.locator("#notice")).toBeVisible();
            await settled(page);
            await page.screenshot({ path: name("notice") });
            await page.goto(target.path);
            const step = page.locator(".meeting").filter({ hasText: target.card }).locator("details.confirm").first();
            await step.locator("summary").click();
            await expect(step).toHaveAttribute("open", "");
            await step.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
            await settled(page);
            await page.screenshot({ path: name("step") });
          }
          await context.close();
        }
});
