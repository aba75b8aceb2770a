/** The accessibility check of every page: no serious or critical axe violations. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";

/**
 * axe's rules run in the page's own frame (`axe.run`, the builder's legacy mode) rather than
 * `runPartial` in each frame and `finishRun` in a blank page the builder opens for the purpose: the
 * same rules on the same nodes, as our pages hold no frames, without a new tab (a renderer's start,
 * about 0.35 s of this 2-core machine's CPU, at every check). public.spec.ts proves a violation
 * still fails it.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * One page per worker's browser that may run script, where a page shown without script is checked
 * (below); kept from one check to the next, so each is a navigation and not a renderer's start.
 */
const twins = new WeakMap<Browser, Promise<Page>>();

function twinOf(browser: Browser): Promise<Page> {
  let twin = twins.get(browser);
  if (twin === undefined) {
    twin = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    twins.set(browser, twin);
  }
  return twin;
}

/**
 * The same check for a page shown with JavaScript off, where axe itself cannot run: the page's
 * HTML as the browser has it, scripts removed, is served again to a page that may run axe.
 */
export async function expectAccessibleWithoutScript(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  // A route's address never holds the fragment (a page after a post is at `…#notice`): with it, none
  // matched, and the twin was served the server's own page at that address, signed out.
  const address = url.split("#")[0]!;
  const twin = await twinOf(page.context().browser()!);
  await twin.unrouteAll({ behavior: "wait" });
  await twin.route(address, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  // From the same address, only the fragment told apart, a navigation would keep the old document.
  if (twin.url().split("#")[0] === address) await twin.goto("about:blank");
  await twin.goto(url);
  await expectAccessible(twin);
}
