/**
 * Issue 58's journey, the same with script and without: the admin opens the overview from the
 * menu (the main nav on a wide screen, the Menu on a 360 px phone), reads the chart (an image
 * named by its <title>) and the table of the same numbers (opened on a phone, open beside the
 * chart on a wide screen), in English and Hindi, light and dark (the colours the theme's); then
 * asks for one day with the period form. With SHOTS_DIR set it keeps a screenshot of each view.
 */
import type { Browser } from "@playwright/test";
import { E2E_PORT } from "./env";
import { adminAccount, book, createDoctor, createPatient, expect, signIn } from "./fixtures";

const BASE = `http://127.0.0.1:${E2E_PORT}`;

const WORDS = {
  en: { link: "Overview", chart: /^Bookings and no-shows per day/, table: "The numbers by day", requests: "Requests", show: "Show" },
  hi: { link: "सारांश", chart: /^हर दिन की बुकिंग और न आने वाले/, table: "दिन के अनुसार संख्याएँ", requests: "अनुरोध", show: "दिखाएँ" },
};
/** The theme's accent in each scheme (static/app.css), as computed colours. */
const ACCENT = { light: "rgb(11, 110, 105)", dark: "rgb(95, 212, 201)" };

/** Today's date (YYYY-MM-DD) in Kolkata, the journeys' zone. */
const todayInKolkata = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

export async function overviewJourney(browser: Browser, script: boolean) {
  // Something to count today: a request made now.
  const doctor = await createDoctor({ name: `Dr. Numbers ${Date.now()}`, specialization: "Pediatrician" });
  await book(await createPatient("Nisha Numbers"), doctor, "A fever for two days");
  const admin = await adminAccount();
  // Each language in each scheme; each language and each scheme at both widths (four views, not eight: the journey runs in both projects).
  const views = [["en", "light", 360], ["en", "dark", 1280], ["hi", "light", 1280], ["hi", "dark", 360]] as const;
  for (const [lang, scheme, width] of views) {
    {
      {
        const ctx = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", colorScheme: scheme, viewport: { width, height: width === 360 ? 740 : 900 } });
        try {
          await ctx.addCookies([{ name: "lang", value: lang, url: BASE }]);
          const page = await ctx.newPage();
          await signIn(page, admin);
          await page.goto("/admin-dashboard");
          const w = WORDS[lang];
          if (width === 360) await page.locator("details.menu > summary").click();
          await page.getByRole("link", { name: w.link, exact: true }).filter({ visible: true }).first().click();
          await expect(page).toHaveURL(/\/admin-dashboard\/overview$/);
          await expect(page.getByRole("heading", { level: 1, name: w.link })).toBeVisible();
          // The chart: an image named by its title, in the theme's accent.
          await expect(page.getByRole("img", { name: w.chart })).toBeVisible();
          const accent = await page.locator(".chart-legend .chart-key.chart-bar").evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(accent).toBe(ACCENT[scheme]);
          // The table: folded on a phone (opened here), beside the chart on a wide screen.
          const table = page.locator("#by-day-table table");
          if (width === 360) {
            await expect(table).toBeHidden();
            await page.locator("#by-day-table > summary").click();
          }
          await expect(table).toBeVisible();
          await expect(table.locator("thead th").nth(1)).toHaveText(w.requests);
          const today = table.locator("tbody tr").last();
          expect(Number(await today.locator("td").first().innerText())).toBeGreaterThanOrEqual(1);
          if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/overview-${script ? "script" : "noscript"}-${lang}-${scheme}-${width}.png`, fullPage: true });
          // One day through the period form (a GET form: the same without script).
          if (width === 1280) {
            await page.locator("#stats-from").fill(todayInKolkata());
            await page.locator("#stats-to").fill(todayInKolkata());
            await page.getByRole("button", { name: w.show }).click();
            await expect(page).toHaveURL(new RegExp(`from=${todayInKolkata()}&to=${todayInKolkata()}`));
            await expect(page.locator("#by-day-table tbody tr")).toHaveCount(1);
          }
        } finally {
          await ctx.close();
        }
      }
    }
  }
}
