/**
 * The phone layout (issue 27, item 8) on every signed-in page at 360 x 740: no horizontal
 * overflow, a header of at most 64 px, every control at least 44 x 44 px (links inside running
 * text excepted, as WCAG 2.5.5 does); the Menu opens without script too (tests/e2e/no-script);
 * the admin's table is stacked cards with each name beside its actions.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import { open, signedInPages } from "./support/signed-in-pages";

test.use({ viewport: { width: 360, height: 740 } });

/** Visible controls smaller than 44 x 44 px, described for the failure message. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector = "button, .button, summary, select, textarea, input:not([type=hidden]), header a, footer a, nav a, .actions a";
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === "fixed")
      // A tick box inside its label is tapped anywhere on the label: the label is its target.
      .map((el) => ({ el, box: (el.matches("input[type=checkbox], input[type=radio]") ? (el.closest("label") ?? el) : el).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
  });
}

test("every signed-in page fits 360 px: no overflow, a header of at most 64 px, 44 px targets", async ({ page }) => {
  test.setTimeout(120_000);
  const signedInAs = {};
  for (const target of await signedInPages()) {
    await open(page, target, signedInAs);
    await expect(page.locator("main h1").first()).toBeVisible();
    // Measured once the islands are live, as the page settles.
    await waitForHydration(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${target.path} is ${width} px wide`).toBeLessThanOrEqual(360);
    const header = await page.locator(".site-header").boundingBox();
    expect(header!.height, target.path).toBeLessThanOrEqual(64);
    expect(await smallTargets(page), target.path).toEqual([]);
    // Opened, the menu's links are reachable and fit too.
    await page.locator(".menu > summary").click();
    await expect(page.locator(".menu-panel a").first()).toBeVisible();
    expect(await smallTargets(page), `${target.path} with the menu open`).toEqual([]);
  }
});

test("without script too: no overflow, a header of at most 64 px, and the Menu opens", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const signedInAs: { id?: string } = {};
  for (const target of await signedInPages()) {
    if (signedInAs.id !== target.account.id) {
      await context.clearCookies();
      await context.addCookies([{ name: "carebook_session", value: target.account.token, url: new URL(test.info().project.use.baseURL!).origin }]);
      signedInAs.id = target.account.id;
    }
    await page.goto(target.path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), target.path).toBeLessThanOrEqual(360);
    expect((await page.locator(".site-header").boundingBox())!.height, target.path).toBeLessThanOrEqual(64);
    await page.locator(".menu > summary").click();
    await expect(page.locator(".menu-panel a").first()).toBeVisible();
  }
  await context.close();
});

test("the admin's table is cards under 600 px, each doctor's name beside their actions", async ({ page }) => {
  const pages = await signedInPages();
  const admin = pages.find((p) => p.name === "admin-dashboard")!;
  await open(page, admin, {});
  const row = page.locator("tr[data-doctor]").filter({ hasText: "Dr. Kwame Mensah" }).first();
  const actions = row.locator('td[data-label="Actions"]');
  await expect(actions.locator(".row-name")).toHaveText(/Dr\. Kwame Mensah/);
  await expect(actions.locator(".row-name")).toBeVisible();
  const box = await row.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the theme follows the device until one is chosen", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/about");
  // The toggle may post its form (before its island is live) and load the page again: read through that.
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor).catch(() => "reloading");
  expect(await background()).toBe("rgb(15, 21, 25)");
  await page.locator(".theme-toggle button:visible").click();
  await expect.poll(background).toBe("rgb(247, 249, 250)");
  await page.reload();
  expect(await background()).toBe("rgb(247, 249, 250)");
  await context.close();
});
