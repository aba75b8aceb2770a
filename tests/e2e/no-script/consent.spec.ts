/**
 * Issue 44 without script, in English and Hindi: a person whose client signed them up without
 * consent (the original client sends none) logs in and finds the notice with its form at the top
 * of their pages, the page below still there; ticking and Agree records it and comes back to the
 * same page, the notice gone. The profile's "Download my data" is a file named by the date.
 */
import type { Page } from "@playwright/test";
import { expectAccessibleWithoutScript } from "../support/axe";
import { projectPage } from "../support/project-page";
import { apiCall, expect, PASSWORD, test, uniqueEmail } from "../support/fixtures";
import { H, switchToHindi } from "../support/hindi";

const MEETINGS = "/patient-dashboard/patient-meetings";

async function loggedInWithoutConsent(page: Page, name: string, hindi: boolean) {
  const email = uniqueEmail("no-consent");
  await apiCall("POST", "/signupPatient", { name, email, password: PASSWORD });
  await page.goto("/loginPatient");
  if (hindi) await switchToHindi(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form[action="/loginPatient"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/patient-dashboard");
}

for (const hindi of [false, true]) {
  const say = (english: string) => (hindi ? H(english) : english);
  test(`the notice asks at the top of every page until accepted (${hindi ? "Hindi" : "English"})`, async ({ browser }) => {
    const page = await projectPage(browser);
    await loggedInWithoutConsent(page, hindi ? "सहमति जाँच" : "Consent Check", hindi);
    const prompt = page.locator('form[action="/consent"]');
    await expect(page.getByRole("heading", { name: say("Your data at Carebook") })).toBeVisible();
    await expect(prompt).toBeVisible();
    await page.goto(MEETINGS);
    await expect(prompt).toBeVisible();
    await expectAccessibleWithoutScript(page);
    // the page's own content is still there below it
    await expect(page.locator("main h1")).toBeVisible();
    await prompt.getByLabel(say("I have read this notice and agree")).check();
    await prompt.getByRole("button", { name: say("Agree") }).click();
    await expect(page).toHaveURL(new RegExp(`${MEETINGS}#notice$`));
    await expect(page.getByText(say("Thank you. Your consent is recorded.") as string, { exact: true })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await page.goto("/patient-dashboard");
    await expect(prompt).toHaveCount(0);
    await page.context().close();
  });
}

test("the profile's Download my data gives carebook-<date>.json", async ({ browser }) => {
  const page = await projectPage(browser);
  await loggedInWithoutConsent(page, "Download Person", false);
  await page.goto("/patient-dashboard/patient-profile");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^carebook-\d{4}-\d{2}-\d{2}\.json$/);
  await page.context().close();
});
