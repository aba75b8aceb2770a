/**
 * Issue 54 item 6, with and without script (English with, Hindi without): a doctor with a clinic
 * and hours there and by video in Asia/Kolkata has a clinic slot booked at once by a patient (for
 * their child); the doctor goes from the dashboard to their day, reaches the booked day by the
 * next-day links, reads the appointment with whom and where and the free times, and the day
 * prints on one A4 page. Screenshots (screen at 360 and 1280 px, and the print media) and the
 * PDF go to SHOTS_DIR when it is set. The words checked are the catalog's.
 */
import { translator } from "../../src/i18n/catalog";
import { E2E_PORT } from "./support/env";
import { apiCall, createDoctor, createPatient, expect, signIn, test } from "./support/fixtures";

const SHOTS = process.env.SHOTS_DIR;
const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038" };
const ZONE = "Asia/Kolkata";
const dateIn = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

for (const [script, lang] of [[true, "en"], [false, "hi"]] as const) {
  test(`(${script ? "script" : "no script"}, ${lang}) the doctor's day shows a booked clinic appointment and its free times, and prints on one A4 page`, async ({ browser }) => {
    const t = translator(lang);
    const tag = `${script ? "script" : "plain"}-${lang}`;
    const doctor = await createDoctor({ name: `Dr. Day ${tag} ${Date.now()}` });
    const { place } = await apiCall("POST", "/doctor-dashboard/places", clinic, doctor.token);
    const weekly = [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [{ day, start: "08:00", end: "13:00", placeId: place._id }, { day, start: "14:00", end: "20:00" }]);
    await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: ZONE, weekly, daysOff: [], instantBooking: true }, doctor.token);
    const patient = await createPatient(`Priya ${tag}`);
    const { member } = await apiCall("POST", "/patient-dashboard/family", { name: "Aarav S", relation: "child", dateOfBirth: "2019-01-01" }, patient.token);
    const { slots } = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots`, undefined, patient.token);
    const first = slots.find((s: { visit: string }) => s.visit === "clinic");
    await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "A sore knee", slotStart: first.start, forMemberId: member._id }, patient.token);
    const day = dateIn(first.start);

    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: ZONE, locale: lang === "hi" ? "hi-IN" : "en-GB" });
    await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard");
      await page.getByRole("link", { name: t("day.link") }).click();
      await expect(page).toHaveURL(/\/doctor-dashboard\/day$/);
      // The booked day is today or a few days on: the next-day links lead there.
      const ahead = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${dateIn(new Date().toISOString())}T00:00:00Z`)) / 86_400_000;
      for (let i = 0; i < ahead; i++) await page.getByRole("link", { name: t("day.next") }).click();
      if (ahead > 0) await expect(page).toHaveURL(new RegExp(`date=${day}$`));
      const sheet = page.locator(".doctor-day");
      await expect(sheet.locator("[data-appointment]")).toHaveCount(1);
      await expect(sheet.locator("[data-appointment]")).toContainText("Aarav S");
      await expect(sheet.locator("[data-appointment]")).toContainText(t("day.clinic", { place: "Sunrise Clinic, Kothrud, Pune" }));
      await expect(sheet).toContainText(t("day.gaps"));
      await expect(sheet.locator(".day-list").nth(1)).toContainText(t("day.video"));
      await expect(page.locator(".zone-note")).toBeVisible();
      if (SHOTS) for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/day-${tag}-${width}.png`, fullPage: true });
      }
      // Printed: no header, links or form; one A4 page.
      await page.emulateMedia({ media: "print" });
      await expect(page.locator(".site-header")).toBeHidden();
      await expect(page.locator(".day-form")).toBeHidden();
      await expect(page.locator(".zone-note")).toBeVisible();
      await page.setViewportSize({ width: 794, height: 1123 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-${tag}-print.png`, fullPage: true });
      const pdf = await page.pdf({ format: "A4", printBackground: true, ...(SHOTS ? { path: `${SHOTS}/day-${tag}.pdf` } : {}) });
      expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
}
