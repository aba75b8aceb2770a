/**
 * Issue 55, item 1 in the browser, with and without script, in English and Hindi: a patient adds a
 * mobile number on the profile page, the Twilio stand-in on loopback receives the code's SMS (its
 * request as Twilio would: To, From, Body, StatusCallback), the patient types the code and the
 * number reads as verified. Then (issue 55 item 3) the patient books a free time of a doctor who takes
 * bookings at once, and the stand-in receives the confirmation in the patient's language, with the
 * doctor's name, the time in the patient's zone with the zone named, a short link, and no reason.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_PORT, E2E_SMS_DIR } from "./support/env";
import { apiCall, createDoctor, createPatient, expect, instantDoctor, signIn, test, waitForHydration } from "./support/fixtures";

type Sms = { path: string; fields: Record<string, string> };
const smsTo = (number: string): Sms[] =>
  readdirSync(E2E_SMS_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(E2E_SMS_DIR, name), "utf8")) as Sms)
    .filter((sms) => sms.fields.To === number);

const WORDS = {
  en: { why: "Why do you want to see the doctor?", book: "Book this time", showTimes: "Show times", confirmed: /^Carebook: your appointment with Dr Phone Booked \w+ is confirmed for .+ \(Asia\/Kolkata\)\. Details: http:\/\/127\.0\.0\.1:\d+\/m\/\w{8}p$/, number: "Mobile number", send: "Send code", code: "Code from the SMS", verify: "Verify", verified: "is verified.", sms: /^Carebook code: \d{6}\./ },
  hi: { why: "आप डॉक्टर से क्यों मिलना चाहते हैं?", book: "यह समय बुक करें", showTimes: "समय दिखाएँ", confirmed: /^Carebook: .+ के साथ आपका अपॉइंटमेंट .+ \(Asia\/Kolkata\) के लिए पक्का है। जानकारी: http:\/\/127\.0\.0\.1:\d+\/m\/\w{8}p$/, number: "मोबाइल नंबर", send: "कोड भेजें", code: "SMS में आया कोड", verify: "पुष्टि करें", verified: "की पुष्टि हो चुकी है।", sms: /^Carebook कोड: \d{6}।/ },
} as const;

for (const script of [true, false]) {
  for (const lang of ["en", "hi"] as const) {
    test(`(${script ? "script" : "no script"}, ${lang}) a patient verifies a phone with the code the SMS brought`, async ({ browser }) => {
      const w = WORDS[lang];
      const patient = await createPatient(`Phone ${lang} ${script ? "Live" : "Plain"}`);
      // The texts follow the account's language (as its mails do), chosen here as the header's switch would.
      await apiCall("PUT", "/language", { language: lang }, patient.token);
      await apiCall("PUT", "/time-zone", { timeZone: "Asia/Kolkata" }, patient.token);
      const doctor = await instantDoctor(`Dr. Phone Booked ${lang}${script ? "live" : "plain"}${Date.now()}`, "Neurologist", "Asia/Kolkata");
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
            await page.locator("#mail").screenshot({ path: `/tmp/shots-reach/mail-choices-${lang}-${script ? "script" : "plain"}-${width}.png` });
          }
        }

        // Item 3: a booking made at once is confirmed by SMS too, in the patient's language and zone.
        await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
        if (script) await waitForHydration(page);
        await page.getByLabel(w.why).fill("Headaches every morning");
        const second = (await page.locator("#slot-day option").nth(1).getAttribute("value"))!;
        await page.locator("#slot-day").selectOption(second);
        if (!script) await page.getByRole("button", { name: w.showTimes }).click();
        await page.locator('input[name="slotStart"]').first().check();
        await page.getByRole("button", { name: w.book }).click();
        await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
        await expect.poll(() => smsTo(number).length, { intervals: [50, 100, 250] }).toBe(2);
        const confirmation = smsTo(number)[1]!.fields.Body!;
        expect(confirmation).toMatch(w.confirmed);
        expect(confirmation).not.toContain("Headaches");
        expect(confirmation).not.toContain("meet.jit.si");
      } finally {
        await context.close();
      }
    });
  }
}

// The doctor's side (issue 55 item 1): the same section on the doctor's profile, with script in English, without in Hindi.
for (const [script, lang] of [[true, "en"], [false, "hi"]] as const) {
  test(`(${script ? "script" : "no script"}, ${lang}) a doctor verifies a phone on the profile with the code the SMS brought`, async ({ browser }) => {
    const w = WORDS[lang];
    const doctor = await createDoctor({ name: `Dr. Phone Own ${lang}${Date.now()}` });
    await apiCall("PUT", "/language", { language: lang }, doctor.token);
    const mobile = `8${String(Date.now()).slice(-7)}${script ? 5 : 6}${lang === "en" ? 7 : 8}`.slice(0, 10);
    const number = `+91${mobile}`;
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", viewport: { width: script ? 1280 : 360, height: 900 } });
    await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard/doctor-profile#phone");
      await page.getByLabel(w.number).fill(mobile);
      await page.getByRole("button", { name: w.send }).click();
      await expect(page).toHaveURL(/\/doctor-dashboard\/doctor-profile/);
      await expect(page.locator('[data-phone-state="waiting"]')).toContainText(number);
      await expect.poll(() => smsTo(number).length, { intervals: [50, 100, 250] }).toBe(1);
      const body = smsTo(number)[0]!.fields.Body!;
      expect(body).toMatch(w.sms);
      await page.getByLabel(w.code).fill(body.match(/\d{6}/)![0]);
      await page.getByRole("button", { name: w.verify }).click();
      await expect(page.locator('[data-phone-state="verified"]')).toContainText(`${number} ${w.verified}`);
      if (process.env.SHOTS_DIR) await page.locator("#phone").screenshot({ path: `${process.env.SHOTS_DIR}/doctor-phone-${script ? "script" : "noscript"}-${lang}.png` });
      expect((await apiCall("GET", "/doctor-profile", undefined, doctor.token)).doctor.phone).toEqual({ number, verified: true });
    } finally {
      await context.close();
    }
  });
}
