/** The accessibility check of every page: no serious or critical axe violations. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * The same check for a page shown with JavaScript off, where axe itself cannot run: the page's
 * HTML as the browser has it, scripts removed, is served again to a page that may run axe.
 */
export async function expectAccessibleWithoutScript(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const twin = await context.newPage();
    await twin.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await twin.goto(url);
    await expectAccessible(twin);
  } finally {
    await context.close();
  }
}
