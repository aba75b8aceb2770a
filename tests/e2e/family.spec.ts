/**
 * Issue 42, with and without script, in English and Hindi: a parent adds a child on the profile,
 * books a pediatrician for the child ("Who is this appointment for?"), the doctor sees the child's name,
 * age and relation and that the parent attends, taps a time whose question names the child with the
 * parent (issue 52), undoes it (the card comes back as it was), schedules it, and the parent sees the meeting
 * under the child's name. Fields are found by name, so the journey reads the same in either
 * language; the words checked are the catalog's.
 */
import { translator } from "../../src/i18n/catalog";
import { E2E_PORT } from "./support/env";
import { ALL_DAY, apiCall, confirmSchedule, createDoctor, createPatient, expect, schedule, signIn, test, waitForHydration } from "./support/fixtures";

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
      // Hours every day all day: free times to tap on the doctor's card (issue 52's confirm step).
      await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "UTC", weekly: ALL_DAY, daysOff: [] }, doctor.token);
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
          const withAdult = t("family.withAdult", { holder: "Priya S" });
          await expect(doctorPage.getByText(withAdult).first()).toBeVisible();
          // Issue 52: the confirm step names the child with the parent, not the parent alone.
          if (script) await waitForHydration(doctorPage);
          const card = doctorPage.locator(".meeting").filter({ hasText: "A fever for two days" });
          await card.locator('button[name="slot"]').first().click();
          const panel = doctorPage.locator("#confirm-schedule");
          await expect(panel).toContainText(person);
          if (process.env.SHOTS) {
            for (const width of [360, 1280]) {
              await doctorPage.setViewportSize({ width, height: 800 });
              await panel.scrollIntoViewIfNeeded();
              await doctorPage.screenshot({ path: `/tmp/shots-visit/child-confirm-${lang}-${script ? "script" : "plain"}-${width}.png` });
            }
          }
          await confirmSchedule(doctorPage);
          // Undone, the card comes back as it was: the child with the parent, and "Under 18".
          const notice = doctorPage.locator("#notice");
          await notice.getByRole("button", { name: t("undo.button") }).click();
          await expect(notice).toContainText(t("undo.done"));
          if (script) await waitForHydration(doctorPage);
          await expect(card.getByText(person)).toBeVisible();
          await expect(card.getByText(withAdult)).toBeVisible();
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
