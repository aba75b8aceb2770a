/**
 * `bun run screenshots`: every signed-in page at 360 px and 1280 px wide, light and dark (the
 * device's preference, which the pages follow until a theme is chosen), full page, into
 * screenshots/ (git-ignored); then the same in Hindi (issue 31), with script and without. Made to
 * be looked at, not compared.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../e2e/support/fixtures";
import { open, signedInPages } from "../e2e/support/signed-in-pages";

// Playwright runs the spec under Node: the project root is the working directory.
const OUT = join(process.cwd(), "screenshots");

test("every signed-in page at 360 and 1280 px, light and dark", async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(OUT, { recursive: true });
  const pages = await signedInPages();
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, colorScheme });
      const page = await context.newPage();
      const signedInAs = {};
      for (const target of pages) {
        await open(page, target, signedInAs);
        await expect(page.locator("main h1").first()).toBeVisible();
        await page.screenshot({ path: join(OUT, `${target.name}-${width}-${colorScheme}.png`), fullPage: true });
      }
      // The phone's menu, opened.
      if (width === 360) {
        await page.locator(".menu > summary").click();
        await page.screenshot({ path: join(OUT, `menu-open-${width}-${colorScheme}.png`) });
      }
      await context.close();
    }
  }
});

test("every signed-in page and the public ones in Hindi, at 360 and 1280 px, light and dark, with and without script", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const pages = await signedInPages();
  const publicPages = [
    { path: "/", name: "home" },
    { path: "/loginPatient", name: "login" },
    { path: "/signupDoctor", name: "signup-doctor" },
  ];
  for (const javaScriptEnabled of [true, false]) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [360, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, colorScheme, javaScriptEnabled });
        await context.addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
        const page = await context.newPage();
        const suffix = `hi-${width}-${colorScheme}${javaScriptEnabled ? "" : "-noscript"}`;
        for (const target of publicPages) {
          await page.goto(target.path);
          await expect(page.locator("html")).toHaveAttribute("lang", "hi");
          await page.screenshot({ path: join(OUT, `${target.name}-${suffix}.png`), fullPage: true });
        }
        const signedInAs = {};
        for (const target of pages) {
          if (javaScriptEnabled) {
            // A fresh sign-in clears the cookies: the language cookie goes back, and the page again.
            await open(page, target, signedInAs);
            await context.addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
            await page.reload();
          } else {
            await context.clearCookies();
            await context.addCookies([
              { name: "lang", value: "hi", url: baseURL! },
              { name: "carebook_session", value: target.account.token, url: baseURL! },
            ]);
            await page.goto(target.path);
          }
          await expect(page.locator("html")).toHaveAttribute("lang", "hi");
          await expect(page.locator("main h1").first()).toBeVisible();
          await page.screenshot({ path: join(OUT, `${target.name}-${suffix}.png`), fullPage: true });
        }
        if (width === 360) {
          await page.locator(".menu > summary").click();
          await page.screenshot({ path: join(OUT, `menu-open-${suffix}.png`) });
        }
        await context.close();
      }
    }
  }
});
