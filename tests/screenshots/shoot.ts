/**
 * The screenshot specs' one loop: each page of `shots` at 360 and 1280 px, light and dark,
 * English and Hindi, with and without script, in India's zone, into `out` as
 * `<name>-<lang>-<width>-<scheme>[-noscript].png`. A shot without a token is taken signed out.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { E2E_PORT } from "../e2e/support/env";

export type Shot = [name: string, token: string | undefined, path: string];

export const SHOTS_OUT = process.env.SHOTS_DIR ?? join(process.cwd(), "screenshots");

export async function shootAll(browser: Browser, shots: Shot[], out = SHOTS_OUT): Promise<void> {
  mkdirSync(out, { recursive: true });
  const url = `http://127.0.0.1:${E2E_PORT}`;
  for (const script of [true, false])
    for (const lang of ["en", "hi"])
      for (const colorScheme of ["light", "dark"] as const)
        for (const width of [360, 1280]) {
          const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, colorScheme, javaScriptEnabled: script, timezoneId: "Asia/Kolkata" });
          await context.addCookies([{ name: "lang", value: lang, url }]);
          const page = await context.newPage();
          for (const [name, token, path] of shots) {
            if (token) await context.addCookies([{ name: "carebook_session", value: token, url }]);
            else await context.clearCookies({ name: "carebook_session" });
            await page.goto(path);
            await page.screenshot({ path: join(out, `${name}-${lang}-${width}-${colorScheme}${script ? "" : "-noscript"}.png`), fullPage: true });
          }
          await context.close();
        }
}
