/**
 * The worker's kept page (tests/e2e/support/kept-page.ts): what one journey leaves behind, the next
 * never sees; a journey that used what the reset cannot undo leaves a new context to the next.
 * Serial: each journey reads what the one before it left, in the same worker.
 */
import type { BrowserContext } from "@playwright/test";
import { E2E_PORT } from "./support/env";
import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

let first: BrowserContext | undefined;
let requests: string[] = [];

test("a journey leaves cookies, storage, a route, a listener, an init script, a tab and emulation behind", async ({ page }) => {
  first = page.context();
  await page.context().addCookies([{ name: "left", value: "1", url: `http://127.0.0.1:${E2E_PORT}` }]);
  await page.goto("/about");
  await page.evaluate(() => {
    localStorage.setItem("left", "1");
    sessionStorage.setItem("left", "1");
    indexedDB.open("left");
  });
  await page.route("**/about", (route) => route.fulfill({ body: "routed" }));
  page.on("request", (request) => requests.push(request.url()));
  await page.context().addInitScript(() => Object.assign(window, { leftScript: 1 }));
  await page.context().grantPermissions(["clipboard-read"]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setExtraHTTPHeaders({ "x-left": "1" });
  await page.context().newPage();
  expect(page.context().pages()).toHaveLength(2);
});

test("the next journey, in the same context, finds none of it", async ({ page }) => {
  expect(page.context()).toBe(first);
  requests = [];
  expect(page.context().pages()).toHaveLength(1);
  expect(await page.context().cookies()).toEqual([]);
  const headers: Record<string, string>[] = [];
  page.on("request", (request) => headers.push(request.headers()));
  await page.goto("/about");
  expect(await page.content()).not.toContain("routed");
  expect(requests).toEqual([]);
  expect(headers[0]).not.toHaveProperty("x-left");
  expect(
    await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      script: "leftScript" in window,
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
      width: innerWidth,
      clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
    })),
  ).toEqual({ local: 0, session: 0, databases: 0, script: false, dark: false, width: 1280, clipboard: "prompt" });
});

test("a journey that opens a CDP session taints the context", async ({ page }) => {
  expect(page.context()).toBe(first);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 2 });
});

test("so the next journey gets a new context", async ({ page }) => {
  expect(page.context()).not.toBe(first);
});
