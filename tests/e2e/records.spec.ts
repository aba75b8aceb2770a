/**
 * Issue 56: with and without script, in English and Hindi, a doctor opens a past meeting's notes
 * and prescription from its card, writes a note with two medicines and issues it; the patient
 * finds it under Records, reads it on a 360 px phone and prints it: one A4 sheet.
 */
import { createClient } from "@libsql/client";
import { mkdirSync } from "node:fs";
import { completedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { E2E_DB } from "./support/env";
import { switchToHindi } from "./support/hindi";
import { translator } from "../../src/i18n/catalog";

const SHOTS = "/tmp/shots-record";

/** The admin's verification of a registration, as it leaves the row (the admin's pages are tested elsewhere). */
async function verifyRegistration(doctorId: string) {
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  await db.execute({ sql: "update doctors set registration_number = 'DMC/4821', registration_council = 'Delhi Medical Council' where id = ?", args: [doctorId] });
  db.close();
}

for (const script of [true, false]) {
  for (const lang of ["en", "hi"] as const) {
    const tag = `${lang}-${script ? "script" : "plain"}`;
    test(`(${script ? "script" : "no script"}, ${lang}) a doctor issues a note with two medicines; the patient reads and prints it`, async ({ browser }) => {
      test.setTimeout(90_000);
      const t = translator(lang);
      const reason = `Fever ${tag} ${Date.now()}`;
      const [doctor, patient] = await Promise.all([createDoctor({ name: `Dr. Rx ${Date.now()}` }), createPatient("Kiran Rao")]);
      await verifyRegistration(doctor.id);
      await completedMeeting(patient, doctor, reason);
      const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", locale: "en-IN" });
      const page = await context.newPage();
      try {
        await signIn(page, doctor);
        await page.goto("/doctor-dashboard/doctor-Meetings");
        if (lang === "hi") await switchToHindi(page);
        if (script) await waitForHydration(page);
        const card = page.locator(".meeting").filter({ hasText: reason });
        await card.getByRole("link", { name: t("records.open") }).click();
        await expect(page.getByRole("heading", { level: 1, name: t("records.open") })).toBeVisible();
        await page.getByLabel(t("records.section", { section: "complaints" })).fill("Fever and sore throat for two days");
        await page.getByLabel(t("records.section", { section: "diagnosis" })).fill("Acute pharyngitis");
        await page.getByLabel(t("records.section", { section: "advice" })).fill("Warm fluids and rest");
        const line = (n: number) => page.locator("fieldset.record-line").nth(n);
        await line(0).getByLabel(t("records.medName")).fill("Paracetamol");
        await line(0).getByLabel(t("records.strength")).fill("500 mg");
        await line(0).getByLabel(t("records.dose")).fill("1 tablet");
        await line(0).getByLabel(t("records.frequency")).fill("Three times a day");
        await line(0).getByLabel(t("records.days")).fill("3");
        await line(1).getByLabel(t("records.medName")).fill("Amoxicillin");
        await line(1).getByLabel(t("records.form")).selectOption("syrup");
        await line(1).getByLabel(t("records.dose")).fill("5 ml");
        await line(1).getByLabel(t("records.frequency")).fill("Twice a day");
        await line(1).getByLabel(t("records.days")).fill("5");
        mkdirSync(SHOTS, { recursive: true });
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/form-${tag}-${width}.png`, fullPage: true });
        }
        await page.getByRole("button", { name: t("records.save") }).click();
        await expect(page.locator("#notice")).toHaveText(t("records.draftSaved"));
        await page.getByRole("button", { name: t("records.issue"), exact: true }).click();
        await expect(page.locator("#notice")).toContainText(/RX-\d{4}-\d{6}/);
        await expect(page.locator(".record-sheet")).toContainText("PARACETAMOL");

        // The patient: Records in the menu, the record, at 360 px and printed.
        await context.clearCookies();
        await signIn(page, patient);
        await page.goto("/patient-dashboard");
        if (lang === "hi") await switchToHindi(page);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.getByRole("navigation", { name: t("nav.main") }).getByRole("link", { name: t("nav.records") }).click();
        await page.locator(".record-list a").first().click();
        const sheet = page.locator(".record-sheet");
        for (const text of ["PARACETAMOL", "AMOXICILLIN", "Kiran Rao", "DMC/4821", "Fever and sore throat for two days"]) await expect(sheet).toContainText(text);
        await expect(sheet).toContainText(t("records.placeVideo"));
        await expect(sheet).toContainText(t("records.section", { section: "complaints" }));
        // A 360 px phone: nothing wider than the screen.
        await page.setViewportSize({ width: 360, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.screenshot({ path: `${SHOTS}/record-${tag}-360.png`, fullPage: true });
        // Printed: one A4 sheet, without the site's header.
        await page.emulateMedia({ media: "print" });
        await expect(page.locator(".site-header")).toBeHidden();
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.screenshot({ path: `${SHOTS}/record-${tag}-print.png`, fullPage: true });
        const pdf = await page.pdf({ format: "A4", path: `${SHOTS}/record-${tag}.pdf` });
        expect((pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
      } finally {
        await context.close();
      }
    });
  }
}
