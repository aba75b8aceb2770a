/**
 * Issue 44 item 10, with and without script: a doctor sets up two-factor sign-in on the profile
 * page (the QR code and the key, a code from the "app" computed here from the key), sees the ten
 * recovery codes once, then signs in again through the login page: the password asks for the
 * code, a wrong one is refused in words, the app's next code signs in to the dashboard.
 */
import { totpAt } from "../../src/auth/totp";
import { E2E_PORT, PASSWORD } from "./support/env";
import { createDoctor, expect, signIn, test, waitForHydration } from "./support/fixtures";

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a doctor turns on two-factor sign-in and signs in with a code`, async ({ browser }) => {
    test.setTimeout(60_000);
    const doctor = await createDoctor({ name: `Dr. Two Step ${script ? "Live" : "Plain"} ${Date.now()}` });
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard/doctor-profile");
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      const secret = (await page.locator(".two-factor-key").innerText()).replace(/\s/g, "");
      await page.getByLabel("Code from the app").fill(totpAt(secret, new Date()));
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect(page.locator("li code")).toHaveCount(10);
      // Issue 52: with script, a Copy button; without, none (the codes are text to select).
      const copy = page.getByRole("button", { name: "Copy the codes" });
      if (script) {
        await expect(copy).toBeVisible();
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await copy.click();
        await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied.split("\n")).toEqual(await page.locator("li code").allTextContents());
      } else await expect(copy).toBeHidden();
      if (process.env.SHOTS) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.screenshot({ path: `/tmp/shots-visit/recovery-${script ? "script" : "plain"}-${width}.png`, fullPage: true });
        }
      }

      // Signed out, then in again through the form.
      await context.clearCookies();
      await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
      await page.goto("/loginDoctor");
      if (script) {
        await page.getByLabel("Email").focus();
        await waitForHydration(page);
      }
      await page.getByLabel("Email").fill(doctor.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
      // The next step's code: the one used to turn it on is never taken again.
      const next = totpAt(secret, new Date(Date.now() + 30_000));
      await page.getByLabel("Code").fill(next === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByText("The code is not correct")).toBeVisible();
      await page.getByLabel("Code").fill(totpAt(secret, new Date(Date.now() + 30_000)));
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/doctor-dashboard$/);
    } finally {
      await context.close();
    }
  });
}
