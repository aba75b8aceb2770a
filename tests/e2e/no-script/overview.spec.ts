/**
 * Issue 58 without script: the admin reads the overview's chart and table (tests/e2e/support/overview.ts);
 * a doctor reads their last 8 weeks on the dashboard.
 */
import { overviewJourney } from "../support/overview";
import { createDoctor, expect, signIn, test } from "../support/fixtures";
import { E2E_PORT } from "../support/env";

test("without script: the overview's chart and table, English and Hindi, light and dark, 360 and 1280 px", async ({ browser }) => {
  test.setTimeout(300_000);
  await overviewJourney(browser, false);
});

/** Issue 58: a doctor reads their last 8 weeks (the chart, its table) on the dashboard, without script. */
test("without script: the doctor's last 8 weeks, chart and table, English at 360 px and Hindi at 1280 px", async ({ browser }) => {
  const doctor = await createDoctor({ name: `Dr. Weeks ${Date.now()}` });
  const words = {
    en: { chart: /^Your appointments per week, the last 8 weeks: at most \d+ a week$/, table: "The numbers by week", head: ["Week of", "Appointments", "No-shows"] },
    hi: { chart: /^हर सप्ताह आपके अपॉइंटमेंट, पिछले 8 सप्ताह: एक सप्ताह में अधिकतम [०-९\d]+$/, table: "सप्ताह के अनुसार संख्याएँ", head: ["सप्ताह", "अपॉइंटमेंट", "नहीं आए"] },
  };
  for (const [lang, width] of [["en", 360], ["hi", 1280]] as const) {
    const ctx = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Asia/Kolkata", viewport: { width, height: 800 } });
    try {
      await ctx.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
      const page = await ctx.newPage();
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard");
      const w = words[lang];
      const section = page.locator("section.my-numbers");
      await expect(section.getByRole("img", { name: w.chart })).toBeVisible();
      // The table of the same weeks: folded on a phone (a <details>, opened with no script), open on a wide screen.
      const table = section.locator("#my-weeks-table table");
      if (width === 360) {
        await expect(table).toBeHidden();
        await section.locator("#my-weeks-table > summary").filter({ hasText: w.table }).click();
      }
      await expect(table).toBeVisible();
      await expect(table.locator("thead th")).toHaveText(w.head);
      await expect(table.locator("tbody tr")).toHaveCount(8);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/doctor-weeks-noscript-${lang}-${width}.png`, fullPage: true });
    } finally {
      await ctx.close();
    }
  }
});
