/**
 * Issue 55, item 1 in the browser, with and without script, in English and Hindi: a patient adds a
 * mobile number on the profile page, the Twilio stand-in on loopback receives the code's SMS (its
 * request as Twilio would: To, From, Body, StatusCallback), the patient types the code and the
 * number reads as verified.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_PORT, E2E_SMS_DIR } from "./support/env";
import { apiCall, createPatient, expect, signIn, test } from "./support/fixtures";

type Sms = { path: string; fields: Record<string, string> };
const smsTo = (number: string): Sms[] =>
  readdirSync(E2E_SMS_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(E2E_SMS_DIR, name), "utf8")) as Sms)
    .filter((sms) => sms.fields.To === number);

const WORDS = {
  en: { number: "Mobile number", send: "Send code", code: "Code from the SMS", verify: "Verify", verified: "is verified.", sms: /^Carebook code: \d{6}\./ },
  hi: { number: "मोबाइल नंबर", send: "कोड भेजें", code: "SMS में आया कोड", verify: "पुष्टि करें", verified: "की पुष्टि हो चुकी है।", sms: /^Carebook कोड: \d{6}।/ },
} as const;

for (const script of [true, false]) {
  for (const lang of ["en", "hi"] as const) {
    test(`(${script ? "script" : "no script"}, ${lang}) a patient verifies a phone with the code the SMS brought`, async ({ browser }) => {
      const w = WORDS[lang];
      const patient = await createPatient(`Phone ${lang} ${script ? "Live" : "Plain"}`);
      // The texts follow the account's language (as its mails do), chosen here as the header's switch would.
      await apiCall("PUT", "/language", { language: lang }, patient.token);
      const mobile = `9${String(Date.now()).slice(-7)}${script ? 1 : 2}${lang === "en" ? 3 : 4}`.slice(0, 10);
      const number = `+91${mobile}`;
      const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", locale: lang === "en" ? "en-GB" : "hi-IN" });
      await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
      const page = await context.newPage();
      try {
        await signIn(page, patient);
        await page.goto("/patient-dashboard/patient-profile#phone");
        await page.getByLabel(w.number).fill(mobile);
        await page.getByRole("button", { name: w.send }).click();
        await expect(page.locator('[data-phone-state="waiting"]')).toContainText(number);
        await expect.poll(() => smsTo(number).length, { intervals: [50, 100, 250] }).toBe(1);
        const [sms] = smsTo(number);
        expect(sms!.path).toMatch(/^\/2010-04-01\/Accounts\/AC\w+\/Messages\.json$/);
        expect(sms!.fields.Body).toMatch(w.sms);
        expect(sms!.fields.StatusCallback).toBe(`http://127.0.0.1:${E2E_PORT}/hooks/twilio/status`);
        const code = sms!.fields.Body!.match(/\d{6}/)![0];
        if (process.env.SHOTS) {
          for (const width of [360, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.locator("#phone").screenshot({ path: `/tmp/shots-reach/phone-waiting-${lang}-${script ? "script" : "plain"}-${width}.png` });
          }
        }
        await page.getByLabel(w.code).fill(code);
        await page.getByRole("button", { name: w.verify }).click();
        await expect(page.locator('[data-phone-state="verified"]')).toContainText(`${number} ${w.verified}`);
        if (process.env.SHOTS) {
          for (const width of [360, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.locator("#phone").screenshot({ path: `/tmp/shots-reach/phone-verified-${lang}-${script ? "script" : "plain"}-${width}.png` });
          }
        }
      } finally {
        await context.close();
      }
    });
  }
}
