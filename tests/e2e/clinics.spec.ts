/**
 * Issue 54, with and without script, in English and Hindi: a doctor adds a clinic on the places
 * page under the profile and gives it Monday hours on the hours form (instant booking on); a
 * patient books one of its clinic slots (through the API: the booking page does not yet say which
 * times are at the clinic) and reads the clinic's name and address, and "please arrive 10 minutes
 * early", on the meetings page, with no Join button. Screenshots at 360 and 1280 px go to
 * SHOTS_DIR when it is set. The words checked are the catalog's.
 */
import { translator } from "../../src/i18n/catalog";
import { E2E_PORT } from "./support/env";
import { adminAccount, apiCall, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { MAIL_POLL, mailsTo } from "./support/mail";

const SHOTS = process.env.SHOTS_DIR;
const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038", phone: "9822012345" };

for (const script of [true, false])
  for (const lang of ["en", "hi"] as const) {
    test(`(${script ? "script" : "no script"}, ${lang}) a doctor adds a clinic and Monday hours there; a patient books a clinic slot and reads the address`, async ({ browser }) => {
      test.setTimeout(60_000);
      const t = translator(lang);
      const tag = `${script ? "script" : "plain"}-${lang}`;
      const doctor = await createDoctor({ name: `Dr. Clinic ${tag} ${Date.now()}`, specialization: "Orthopedic Surgeon" });
      const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: lang === "hi" ? "hi-IN" : "en-GB" });
      await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
      const page = await context.newPage();
      try {
        await signIn(page, doctor);
        // The places page under the profile: a plain form, back at its notice.
        await page.goto("/doctor-dashboard/doctor-profile");
        await page.getByRole("link", { name: t("places.link") }).click();
        await expect(page).toHaveURL(/\/doctor-dashboard\/doctor-profile\/places/);
        const add = page.locator("form.place-add");
        for (const [field, value] of Object.entries(clinic)) await add.locator(`input[name="${field}"]`).fill(value);
        await add.getByRole("button", { name: t("places.add") }).click();
        await expect(page.locator("#notice")).toContainText(t("places.added"));
        await expect(page.locator(".place")).toHaveCount(1);
        if (SHOTS) for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/places-${tag}-${width}.png`, fullPage: true });
        }

        // Monday hours at the clinic on the profile's hours form, in UTC, booked at once.
        await page.goto("/doctor-dashboard/doctor-profile");
        const hours = page.locator("#hours form");
        await hours.locator('select[name="tz"]').selectOption("UTC");
        const monday = hours.locator('input[name^="p."][name$=".d1"]');
        await expect(monday).toHaveCount(1);
        await monday.fill("09:00-12:00");
        await hours.locator('input[name="instantBooking"]').check();
        await hours.getByRole("button", { name: t("hoursForm.save") }).click();
        await expect(page.locator("#hours")).toContainText(t("doctorPage.hoursSaved"));
        await expect(page.locator('input[name^="p."][name$=".d1"]')).toHaveValue("09:00-12:00");
        await expect(page.locator("#hours")).toContainText(t("places.hoursAt", { name: clinic.name }));
        if (SHOTS) for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.locator("#hours").screenshot({ path: `${SHOTS}/hours-${tag}-${width}.png` });
        }

        // Listed in the directory: a registration the admin has checked.
        const profile = new FormData();
        const fields = { name: doctor.name, specialization: "Orthopedic Surgeon", collegeName: "City Medical College", registrationNumber: `MMC/${Date.now()}`, registrationCouncil: "Maharashtra Medical Council", languages: "hi,en", fee: "500" };
        for (const [key, value] of Object.entries(fields)) profile.set(key, value);
        expect((await fetch(`http://127.0.0.1:${E2E_PORT}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${doctor.token}` }, body: profile })).status).toBe(200);
        await apiCall("PATCH", `/admin-dashboard/doctor-registration/${doctor.id}`, { verified: true }, (await adminAccount()).token);

        // A patient finds the doctor by city on /doctors (the name narrows it to this run's), and books a clinic time on the booking page.
        const patient = await createPatient(`Pia ${tag}`);
        const patientContext = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: lang === "hi" ? "hi-IN" : "en-GB" });
        await patientContext.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
        const patientPage = await patientContext.newPage();
        try {
          await signIn(patientPage, patient);
          await patientPage.goto("/doctors");
          await patientPage.locator("#dir-city").fill("pune");
          await patientPage.locator("#dir-q").fill(doctor.name);
          await patientPage.getByRole("button", { name: t("dir.apply") }).click();
          await expect(patientPage).toHaveURL(/city=pune/);
          const found = patientPage.locator(".doctor-card", { hasText: doctor.name });
          await expect(found).toContainText("Kothrud, Pune");
          await found.getByRole("link", { name: t("dir.bookWith", { name: doctor.name }) }).click();
          if (script) await waitForHydration(patientPage);
          // The times are headed by where they are: all of this doctor's are at the clinic.
          const atClinic = patientPage.locator(".slot-times", { has: patientPage.locator(".slot-where", { hasText: t("places.hoursAt", { name: "Sunrise Clinic, Kothrud" }) }) });
          const time = atClinic.locator('input[name="slotStart"]').first();
          const slotStart = (await time.getAttribute("value"))!;
          await time.check();
          if (SHOTS) for (const width of [360, 1280]) {
            await patientPage.setViewportSize({ width, height: 900 });
            await patientPage.locator(".slot-picker").first().screenshot({ path: `${SHOTS}/picker-${tag}-${width}.png` });
          }
          await patientPage.getByLabel(t("patient.instant.reason")).fill("A sore knee");
          await patientPage.getByRole("button", { name: t("patient.instant.submit") }).click();
          await expect(patientPage).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);

          const card = patientPage.locator(".meeting-next");
          await expect(card.locator(`time[datetime="${slotStart}"]`).first()).toBeVisible();
          await expect(card).toContainText(t("places.visitAt"));
          await expect(card).toContainText("Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038");
          await expect(card).toContainText(t("places.arriveEarly"));
          await expect(card.getByRole("link", { name: "+919822012345" })).toBeVisible();
          await expect(card.getByText(t("story.join"))).toHaveCount(0);
          if (SHOTS) for (const width of [360, 1280]) {
            await patientPage.setViewportSize({ width, height: 900 });
            await card.screenshot({ path: `${SHOTS}/meeting-${tag}-${width}.png` });
          }

          // The confirmation mail names the clinic and asks to arrive early (in the account's language).
          const early = new RegExp(`${translator("en")("places.arriveEarly")}|${translator("hi")("places.arriveEarly")}`.replace(/\./g, "\\."));
          await expect
            .poll(async () => (await mailsTo(patient.email)).map((m) => m.text ?? "").find((text) => text.includes("Sunrise Clinic, 12 Karve Road")) ?? "", MAIL_POLL)
            .toMatch(early);

          // The doctor's day shows it, at the clinic.
          await page.goto(`/doctor-dashboard/day?date=${slotStart.slice(0, 10)}`);
          const booked = page.locator(".doctor-day [data-appointment]");
          await expect(booked).toHaveCount(1);
          await expect(booked).toContainText(patient.name);
          await expect(booked).toContainText(t("day.clinic", { place: "Sunrise Clinic, Kothrud, Pune" }));
        } finally {
          await patientContext.close();
        }
      } finally {
        await context.close();
      }
    });
  }
