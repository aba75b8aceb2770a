/** A page in the browser the no-script journeys' project describes: script off ("no-script"), or on and asking for less data ("save-data"). */
import type { Browser, Page } from "@playwright/test";
import { test } from "./fixtures";

/** A new context's page as the project's browser; every script file it asks for goes into `scripts`, when given. */
export async function projectPage(browser: Browser, scripts?: string[]): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({ javaScriptEnabled: use.javaScriptEnabled ?? false, extraHTTPHeaders: use.extraHTTPHeaders });
  if (scripts !== undefined)
    context.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
  return context.newPage();
}
