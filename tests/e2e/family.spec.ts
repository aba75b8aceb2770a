/**
 * Issue 42, with and without script, in English and Hindi: a parent adds a child on the profile,
 * books a pediatrician for the child ("Who is this appointment for?"), the doctor sees the child's name,
 * age and relation and that the parent attends, schedules it, and the parent sees the meeting
 * under the child's name. Fields are found by name, so the journey reads the same in either
 * language; the words checked are the catalog's.
 */
import { translator } from "../../src/i18n/catalog";
import { E2E_PORT } from "./support/env";
import { apiCall, createDoctor, createPatient, expect, schedule, signIn, test, waitForHydration } from "./support/fixtures";

/** Born six and a half years before today (UTC): six on any day of the run, the day it books on too, whatever the hour. */
const now = new Date();
const bornOn = new Date(Date.UTC(now.getUTCFullYear() - 6, now.getUTCMonth() - 6, Math.min(now.getUTCDate(), 28))).toISOString().slice(0, 10);

for (const script of [true, false])
  for (const lang of ["en", "hi"] as const) {
    test(`(${script ? "script" : "no script"}, ${lang}) a parent books a pediatrician for a child; both sides see the child`, async ({ browser }) => {
      test.setTimeout(60_000);
      const t = translator(lang);
      const doctor = await createDoctor({ name: `Dr. Kids ${lang} ${script} ${Date.now()}`, specialization: "Pediatrician" });
      const parent = await createPatient("Priya S");
      const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: lang === "hi" ? "hi-IN" : "en-GB" });
      await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
      const page = await context.newPage();
      try {
        await signIn(page, parent);
        // The parent adds the child on the profile (a plain form: the page comes back at its notice).
        await page.goto("/patient-dashboard/patient-profile");
        const add = page.locator("form.family-add");
        await add.locator('input[name="name"]').fill("Aarav S");
        await add.locator('select[name="relation"]').selectOption("child");
        await add.locator('input[name="dateOfBirth"]').fill(bornOn);
        await add.getByRole("button", { name: t("family.add") }).click();
        await expect(page.locator("#notice")).toContainText(t("family.added"));
        await expect(page.locator(".family-member")).toHaveCount(1);

        // The booking page asks who the visit is for, the parent first.
        await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
        if (script) await waitForHydration(page);
        const who = page.locator('select[name="forMemberId"]');
        await expect(who.locator("option").first()).toHaveText(t("family.me", { name: "Priya S" }));
        await who.selectOption({ label: t("family.member", { name: "Aarav S", relation: "child" }) });
        await page.locator("#reason").fill("A fever for two days");
        await page.locator("#booking-form button[type=submit]").click();
        await expect(page.getByText(t("BookingForm.booked")).first()).toBeVisible();

        // The doctor sees the child, with age and relation, and that the parent attends.
        const [request] = (await apiCall("GET", "/doctor-dashboard/appointments", undefined, doctor.token)).appointments;
        expect(request.for).toMatchObject({ name: "Aarav S", relation: "child", age: 6 });
        const doctorContext = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC" });
        await doctorContext.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
        const doctorPage = await doctorContext.newPage();
        const person = t("family.personOf", { name: "Aarav S", age: 6, relation: "child", holder: "Priya S" });
        try {
          await signIn(doctorPage, doctor);
          await doctorPage.goto("/doctor-dashboard");
          await expect(doctorPage.getByText(person).first()).toBeVisible();
          await expect(doctorPage.getByText(t("family.withAdult", { holder: "Priya S" })).first()).toBeVisible();
          await schedule(doctor, parent, request._id);
          await doctorPage.goto("/doctor-dashboard/doctor-Meetings");
          await expect(doctorPage.getByText(person).first()).toBeVisible();
        } finally {
          await doctorContext.close();
        }

        // The parent sees the meeting under the child's name.
        await page.goto("/patient-dashboard/patient-meetings");
        const meeting = page.locator(".meeting", { hasText: doctor.name });
        await expect(meeting.getByText(t("family.visitFor", { name: "Aarav S", relation: "child", age: 6 }))).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
