/**
 * Issue 28's journeys, run with script (tests/e2e/account-security.spec.ts) and without
 * (tests/e2e/no-script/account-security.spec.ts): forgot password, the mail's link, reset and
 * signed in; change password; log out another device from a second browser context. The link
 * is read from the mail as delivered to the e2e server's SMTP server (the outbox keeps a reset
 * link only until the mail has left: issue 44).
 */
import type { Browser, Page } from "@playwright/test";
import { PASSWORD } from "./env";
import { expectAccessible, expectAccessibleWithoutScript } from "./axe";
import { apiCall, createPatient, expect, signIn } from "./fixtures";
import { MAIL_POLL, mailsTo } from "./mail";

/** The path of the newest reset link mailed to `email`, as soon as that mail is delivered. */
async function resetPathFor(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      const links = (await mailsTo(email)).map((mail) => mail.text?.match(/\/resetPassword\/[A-Za-z0-9_-]{43}/)?.[0]).filter((link) => link !== undefined);
      path = links.at(-1);
      return path;
    }, { timeout: 15_000, ...MAIL_POLL })
    .toBeDefined();
  return path!;
}

const NEW_PASSWORD = "a-new-horse-2";
const THIRD_PASSWORD = "a-third-horse-3";

export async function accountSecurityJourney(browser: Browser, javaScriptEnabled: boolean) {
  const patient = await createPatient("Pat Forgetful");
  const context = await browser.newContext({ javaScriptEnabled });
  const other = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const accessible = (p: Page) => (javaScriptEnabled ? expectAccessible(p) : expectAccessibleWithoutScript(p));
  try {
    // Forgot password, from the login page.
    await page.goto("/loginPatient");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgotPassword\?role=patient$/);
    await accessible(page);
    await page.getByLabel("Email").fill(patient.email);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await expect(page.getByText("If an account exists for that email, a reset link is on its way.")).toBeVisible();

    // The mail's link: a new password, and the browser is signed in.
    await page.goto(await resetPathFor(patient.email));
    await accessible(page);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard(#notice)?$/);
    // The token from before the reset is refused.
    const before = await fetch(new URL("/api/auth/patient-profile", page.url()), { headers: { authorization: `Bearer ${patient.token}` } });
    expect(before.status).toBe(401);

    // Change password on the profile page.
    await page.goto("/patient-dashboard/patient-profile");
    await page.getByLabel("Current password").fill(NEW_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(THIRD_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password is changed. Every other device is signed out.")).toBeVisible();

    // A second device signs in; this one logs it out.
    const login = await apiCall("POST", "/loginPatient", { email: patient.email, password: THIRD_PASSWORD });
    const otherPage: Page = await other.newPage();
    await signIn(otherPage, { ...patient, token: login.token });
    await otherPage.goto("/patient-dashboard/patient-profile");
    await expect(otherPage.getByRole("heading", { name: "Password and devices" })).toBeVisible();

    await page.goto("/patient-dashboard/patient-profile");
    const devices = page.locator("li.session");
    await expect(devices).toHaveCount(2);
    await expect(page.getByText("This device")).toBeVisible();
    await accessible(page);
    await page.getByRole("button", { name: "Log out An unknown browser or app", exact: true }).click();
    await expect(page.getByText("That device is signed out.")).toBeVisible();
    await expect(devices).toHaveCount(1);

    await otherPage.goto("/patient-dashboard/patient-profile");
    await expect(otherPage).toHaveURL(/\/loginPatient$/);
    // The old password is gone; the new one signs in.
    expect((await fetch(new URL("/api/auth/loginPatient", page.url()), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: patient.email, password: PASSWORD }),
    })).status).toBe(401);
  } finally {
    await context.close();
    await other.close();
  }
}
