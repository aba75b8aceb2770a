/**
 * Issue 55, item 6 in the browser, with script (English) and without (Hindi): a patient whose
 * number is verified follows the login page's "Sign in with a code sent to your phone", types the
 * number, the Twilio stand-in on loopback receives the code's SMS, and the code typed signs the
 * patient in to the dashboard.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_PORT, E2E_SMS_DIR } from "./support/env";
import { apiCall, createPatient, expect, test } from "./support/fixtures";

type Sms = { fields: Record<string, string> };
const smsTo = (number: string): Sms[] =>
  readdirSync(E2E_SMS_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(E2E_SMS_DIR, name), "utf8")) as Sms)
    .filter((sms) => sms.fields.To === number);
const codeIn = (sms: Sms | undefined) => sms!.fields.Body!.match(/\d{6}/)![0];

const WORDS = {
  en: { link: "Sign in with a code sent to your phone", number: "Mobile number", send: "Send code", code: "Code from the SMS", signIn: "Sign in" },
  hi: { link: "अपने फ़ोन पर भेजे गए कोड से लॉगिन करें", number: "मोबाइल नंबर", send: "कोड भेजें", code: "SMS में आया कोड", signIn: "लॉगिन करें" },
} as const;

for (const [script, lang] of [
  [true, "en"],
  [false, "hi"],
] as const) {
  test(`(${script ? "script" : "no script"}, ${lang}) a patient signs in with a code sent to the verified phone`, async ({ browser }) => {
    const w = WORDS[lang];
    const patient = await createPatient(`Code ${lang} ${script ? "Live" : "Plain"}`);
    const mobile = `8${String(Date.now()).slice(-7)}${script ? 1 : 2}${lang === "en" ? 3 : 4}`.slice(0, 10);
    const number = `+91${mobile}`;
    // The number verified through the API (the profile's forms have their own journey).
    await apiCall("POST", "/account/phone", { phone: mobile }, patient.token);
    await expect.poll(() => smsTo(number).length, { intervals: [50, 100, 250] }).toBe(1);
    await apiCall("POST", "/account/phone/verify", { code: codeIn(smsTo(number)[0]) }, patient.token);

    const context = await browser.newContext({ javaScriptEnabled: script, locale: lang === "en" ? "en-GB" : "hi-IN" });
    await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await page.goto("/loginPatient");
      if (process.env.SHOTS) await shots(page, `password-${lang}-${script ? "script" : "plain"}`);
      await page.getByRole("link", { name: w.link }).click();
      await expect(page).toHaveURL(/\/loginPatient\/phone$/);
      await page.getByLabel(w.number).fill(mobile);
      if (process.env.SHOTS) await shots(page, `number-${lang}-${script ? "script" : "plain"}`);
      await page.getByRole("button", { name: w.send }).click();
      await expect(page).toHaveURL(/\/loginPatient\/phone\/code$/);
      await expect(page.locator('[data-login-code="sent"]')).toContainText(number);
      await expect.poll(() => smsTo(number).length, { intervals: [50, 100, 250] }).toBe(2);
      if (process.env.SHOTS) await shots(page, `code-${lang}-${script ? "script" : "plain"}`);
      await page.getByLabel(w.code).fill(codeIn(smsTo(number)[1]));
      await page.getByRole("button", { name: w.signIn, exact: true }).click();
      await expect(page).toHaveURL(/\/patient-dashboard$/);
      // Signed in: the patient's own navigation, not the login page.
      await expect(page.locator('a[href="/patient-dashboard/patient-meetings"]').first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

async function shots(page: import("@playwright/test").Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/tmp/shots-code/login-${name}-${width}.png`, fullPage: true });
  }
}
