/**
 * Issue 29: a page carries only the rules its HTML can use (src/render/inline-css.ts). Proof in
 * Chromium: on every route of SPEC §2, every element (inside closed `<details>` too) computes the
 * same style with the page's rules as with the whole stylesheet added after them; and an island
 * brought to life fetches the whole stylesheet first, for what it may draw later.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, E2E_PORT } from "./support/env";
import { expect, test } from "./support/fixtures";
import { coldContext, createFixtures, signedInState, specRoutes, type Account, type Fixtures } from "../../bench/page-weight";

const BASE = `http://127.0.0.1:${E2E_PORT}`;
/** The whole stylesheet's address, from the build the server runs (static/build/manifest.json, made when it starts). */
const wholeStylesheet = (): string => JSON.parse(readFileSync(resolve(import.meta.dirname, "..", "..", "static", "build", "manifest.json"), "utf8")).css;

/**
 * Every element's computed style, as "path property: value" lines (closed details opened first),
 * kept in the page under `key`: the lines stay in the page (tens of thousands on a long page;
 * carried to the test twice over they took most of the test's time), and the test reads counts.
 */
function keepComputedStyles(page: Page, key: string): Promise<number> {
  return page.evaluate((key) => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    const lines: string[] = [];
    const all = [document.documentElement, ...document.body.querySelectorAll("*")];
    all.forEach((element, i) => {
      const style = getComputedStyle(element);
      const where = `${i} ${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`;
      for (let p = 0; p < style.length; p++) lines.push(`${where} ${style[p]}: ${style.getPropertyValue(style[p]!)}`);
    });
    (window as unknown as Record<string, string[]>)[key] = lines;
    return lines.length;
  }, key);
}

/** The first 30 lines of the kept `after` styles that differ from `before` (with the line before's). */
function changedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const kept = window as unknown as Record<string, string[]>;
    const before = kept.before!;
    const after = kept.after!;
    const changed: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length) && changed.length < 30; i++) {
      if (after[i] !== before[i]) changed.push(`${after[i]} (was ${before[i]})`);
    }
    return changed;
  });
}

/** The routes' names, for one test each (their ids are the fixtures', made before the tests run). */
const NO_ONE: Account = { role: "patient", token: "", name: "", id: "{id}" };
const ROUTES = specRoutes({ patient: NO_ONE, doctor: NO_ONE, pendingDoctor: NO_ONE, admin: NO_ONE });

test.describe("every route's own rules style it exactly as the whole stylesheet does", () => {
  // A route a test: each reads every element's style twice, some seconds on a slow machine.
  test.describe.configure({ timeout: 90_000 });
  let fixtures: Fixtures;
  test.beforeAll(async () => {
    fixtures = await createFixtures(BASE, ADMIN);
  });

  // The worker's own page (Playwright keeps its context from one journey to the next: no renderer's
  // start a route), in the deployment's zone as a first visitor from India: a page the server
  // drew in a guessed zone would load again under the test.
  test.use({ timezoneId: "Asia/Kolkata" });

  ROUTES.forEach((named, i) => {
    test(named.label ?? named.path, async ({ page }) => {
      const route = specRoutes(fixtures)[i]!;
      const { cookies, origins } = signedInState(BASE, route.as);
      await page.context().addCookies(cookies);
      await page.context().addInitScript((items) => {
        try {
          for (const { name, value } of items) localStorage.setItem(name, value);
        } catch {
          // about:blank keeps no storage
        }
      }, origins[0]?.localStorage ?? []);
      const response = await page.goto(route.path, { waitUntil: "load" });
      expect(response?.status()).toBe(route.path === "/no-such-page" ? 404 : 200);
      const own = await page.evaluate(() => document.styleSheets[0]!.cssRules.length);
      const before = await keepComputedStyles(page, "before");
      await page.evaluate(
        (href) =>
          new Promise<void>((done, fail) => {
            const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
            link.onload = () => done();
            link.onerror = () => fail(new Error(`${href} did not load`));
            document.head.append(link);
          }),
        wholeStylesheet(),
      );
      const all = await page.evaluate(() => document.styleSheets[1]!.cssRules.length);
      // A real subset, not the whole sheet again...
      expect(own, "its rules against the whole stylesheet's").toBeLessThan(all);
      // ...that styles every element as the whole one does.
      const after = await keepComputedStyles(page, "after");
      expect(before).toBeGreaterThan(1000);
      expect(after).toBe(before);
      expect(await changedStyles(page)).toEqual([]);
    });
  });
});

test("an island fetches the whole stylesheet before it comes alive", async ({ browser }) => {
  const fixtures = await createFixtures(BASE, ADMIN);
  const context = await coldContext(browser, BASE, fixtures.patient);
  const whole = wholeStylesheet();
  try {
    const page = await context.newPage();
    const css: string[] = [];
    page.on("request", (request) => request.resourceType() === "stylesheet" && css.push(new URL(request.url()).pathname));
    await page.goto("/patient-dashboard/patient-meetings", { waitUntil: "load" });
    expect(await page.locator("style[data-full]").getAttribute("data-full")).toBe(whole);
    expect(css).toEqual([]);
    // The first sign of intent inside the meetings island: its code, and the whole stylesheet.
    await page.locator('[data-island="PatientMeetings"]').dispatchEvent("pointerdown");
    await expect(page.locator(`link[rel="stylesheet"][href="${whole}"]`)).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => document.styleSheets.length)).toBe(2);
    expect(css).toEqual([whole]);
  } finally {
    await context.close();
  }
});
