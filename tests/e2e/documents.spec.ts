/**
 * Issue 56 item 4, with and without script: a patient uploads a PDF report to a coming
 * appointment on the appointments page (a real multipart form); its doctor's card counts it and
 * the doctor downloads it. SHOTS=1 writes screenshots at 360 and 1280 px, English and Hindi.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { confirmedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { switchToHindi } from "./support/hindi";
import { translator } from "../../src/i18n/catalog";
import { E2E_PORT } from "./support/env";

const SHOTS = "/tmp/shots-docs";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

// With script in English, without in Hindi (the page's words are the catalog's in each).
for (const [script, lang] of [[true, "en"], [false, "hi"]] as const) {
  const tag = script ? "script" : "plain";
  test(`(${script ? "script" : "no script"}, ${lang}) a patient uploads a PDF report; the doctor sees the count and downloads it`, async ({ browser }) => {
    const t = translator(lang);
    const reason = `Report ${tag} ${Date.now()}`;
    const [doctor, patient] = await Promise.all([createDoctor({ name: `Dr. Docs ${Date.now()}` }), createPatient("Kiran Rao")]);
    await confirmedMeeting(patient, doctor, reason);
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", locale: lang === "hi" ? "hi-IN" : "en-IN", acceptDownloads: true });
    const language = () => context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
    await language();
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/patient-meetings");
      if (script) await waitForHydration(page);
      const fold = page.locator("details.reports-of").filter({ hasText: doctor.name });
      await fold.locator("summary").click();
      await fold.getByLabel(t("documents.titleField")).fill("Blood test, November");
      await fold.getByLabel(t("documents.fileField")).setInputFiles({ name: "blood-test.png", mimeType: "image/png", buffer: PDF });
      await fold.getByRole("button", { name: t("documents.upload") }).click();
      await expect(page.locator("#reports #notice")).toHaveText(t("documents.uploaded"));
      await expect(page.locator("details.reports-of").filter({ hasText: doctor.name }).locator("summary")).toContainText(t("documents.one"));
      if (process.env.SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        for (const shot of script ? (["en", "hi"] as const) : ([lang] as const)) {
          if (shot === "hi" && script) await switchToHindi(page);
          await page.locator("details.reports-of").filter({ hasText: doctor.name }).evaluate((el) => ((el as HTMLDetailsElement).open = true)).catch(() => undefined);
          for (const width of [360, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.locator("#reports").screenshot({ path: `${SHOTS}/patient-${shot}-${tag}-${width}.png` });
          }
        }
      }

      // The doctor: "1 report" on the card, the title downloads as the PDF it is.
      await context.clearCookies();
      await language();
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard/doctor-Meetings");
      if (script) await waitForHydration(page);
      const card = page.locator(".meeting").filter({ hasText: reason });
      await card.locator("details.reports-of summary").click();
      await expect(card.locator("details.reports-of summary")).toHaveText(t("documents.one"));
      const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Blood test, November" }).click()]);
      expect(download.suggestedFilename()).toBe("Blood test_ November.pdf");
      expect(readFileSync((await download.path())!)).toEqual(PDF);
      if (process.env.SHOTS) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await card.screenshot({ path: `${SHOTS}/doctor-${tag}-${width}.png` });
        }
      }
    } finally {
      await context.close();
    }
  });
}
