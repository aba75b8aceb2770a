/**
 * Issue 40, with and without script: a doctor takes bookings at once (the tick box on their
 * hours form); the patient sees "Instant booking" on the specialization page; on the booking page
 * nothing is chosen (issue 52: "Book this time" alone says to choose), they choose the second day,
 * then its first time, "Book this time", and land on their meetings at the notice with the
 * meeting confirmed. The doctor's hours are every day all day (UTC, the patient's zone too), so
 * free times exist on the next days whatever the hour the run starts.
 */
import { E2E_PORT } from "./support/env";
import type { Page } from "@playwright/test";
import { ALL_DAY, apiCall, createDoctor, createPatient, expect, instantDoctor, signIn, test, waitForHydration } from "./support/fixtures";
import { H, switchToHindi } from "./support/hindi";
import { doctorCardOn } from "./support/specialization";

for (const script of [true, false]) {
  for (const lang of ["en", "hi"] as const) {
  test(`(${script ? "script" : "no script"}, ${lang}) a patient chooses a day, then a time, books it instantly and sees it confirmed`, async ({ browser }) => {
    test.setTimeout(60_000);
    const say = (english: string) => (lang === "en" ? english : H(english));
    const name = `Dr. Instant ${script ? "Live" : "Plain"} ${lang} ${Date.now()}`;
    const doctor = await createDoctor({ name, specialization: "Neurologist" });
    // The doctor ticks instant booking on the hours form of their profile page.
    const doctorContext = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC" });
    const doctorPage = await doctorContext.newPage();
    await signIn(doctorPage, doctor);
    await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "UTC", weekly: ALL_DAY, daysOff: [] }, doctor.token);
    await doctorPage.goto("/doctor-dashboard/doctor-profile");
    await doctorPage.getByLabel("Instant booking: patients book my free times themselves").check();
    await doctorPage.getByRole("button", { name: "Save hours" }).click();
    await expect(doctorPage.locator("#notice")).toContainText("Hours saved");
    await doctorContext.close();

    const patient = await createPatient("Ira Instant");
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/specialization/Neurologist");
      const card = await doctorCardOn(page, name);
      await expect(card.locator(".instant-booking")).toHaveText("Instant booking");
      await card.getByRole("link").click();
      if (lang === "hi") await switchToHindi(page);
      if (script) await waitForHydration(page);
      // Issue 52: the request page's picker, a day then its times, and nothing chosen for the patient.
      await expect(page.locator("#slot-day")).toBeVisible();
      await expect(page.locator('input[name="slotStart"]:checked')).toHaveCount(0);
      await page.getByLabel(say("Why do you want to see the doctor?")).fill("Headaches every morning");
      await page.getByRole("button", { name: say("Book this time") }).click();
      // Sent with no time: said beside the picker, what was typed kept.
      await expect(page.locator("#slot-limit")).toHaveText(say("Please choose one of the free times"));
      await expect(page.getByLabel(say("Why do you want to see the doctor?"))).toHaveValue("Headaches every morning");
      if (process.env.SHOTS) await shots(page, `instant-unchosen-${lang}-${script ? "script" : "plain"}`);
      // The second day, then its first time.
      const second = (await page.locator("#slot-day option").nth(1).getAttribute("value"))!;
      await page.locator("#slot-day").selectOption(second);
      if (!script) await page.getByRole("button", { name: say("Show times") }).click();
      await expect(page.locator("#slot-day")).toHaveValue(second);
      const first = page.locator('input[name="slotStart"]').first();
      const slotStart = (await first.getAttribute("value"))!;
      // The times shown are that day's (its date in the page's zone, which names the group).
      const dayName = (await page.locator("#slot-day option:checked").textContent())!;
      await expect(page.locator(".slot-times").first()).toHaveAttribute("aria-label", dayName);
      expect(slotStart > (await page.locator("#slot-day option").first().getAttribute("value"))!).toBe(true);
      await first.check();
      if (process.env.SHOTS) await shots(page, `instant-chosen-${lang}-${script ? "script" : "plain"}`);
      await expect(page.getByLabel(say("Why do you want to see the doctor?"))).toHaveValue("Headaches every morning");
      await page.getByRole("button", { name: say("Book this time") }).click();

      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
      await expect(page.locator("#notice")).toBeInViewport();
      if (lang === "en") await expect(page.locator("#notice")).toContainText("Your appointment is confirmed");
      const meeting = page.locator(".meeting", { hasText: name });
      await expect(meeting.locator(`time[datetime="${slotStart}"]`).first()).toBeVisible();

      // The time is no longer offered to anyone.
      const slots = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots?days=3`, undefined, patient.token);
      expect(slots.slots.map((s: { start: string }) => s.start)).not.toContain(slotStart);
    } finally {
      await context.close();
    }
  });
  }
}

/** Screenshots at 360 and 1280 px wide (SHOTS=1), for a person to judge. */
async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#slot-day").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-visit/${name}-${width}.png` });
  }
}

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) inside the change window the meetings page says why it offers no cancel`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = `Dr. Window ${script ? "Live" : "Plain"} ${Date.now()}`;
    const doctor = await instantDoctor(name);
    const patient = await createPatient("Sunil Soon");
    // The first free time starts within the booking notice (2 hours) and a half hour: inside the 4-hour change window.
    // Two days of free times: in the last hours of a UTC day the notice puts the first one past midnight.
    const { slots } = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots?days=2`, undefined, patient.token);
    const booked = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Vertigo", slotStart: slots[0].start }, patient.token);
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/patient-meetings");
      if (script) await waitForHydration(page);
      const meeting = page.locator(".meeting", { hasText: name });
      await expect(meeting).toContainText("This appointment starts too soon to change online: contact the doctor");
      await expect(meeting.getByRole("button", { name: /cancel/i })).toHaveCount(0);
      // The API says the same to a client that tries anyway.
      const tried = await fetch(`http://127.0.0.1:${E2E_PORT}/api/auth/patient-dashboard/cancelAppointment`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${patient.token}` },
        body: JSON.stringify({ appointmentId: booked.appointment._id, reason: "Busy" }),
      });
      expect(tried.status).toBe(409);
      expect((await tried.json()).message).toBe("This appointment starts too soon to change online: contact the doctor");
    } finally {
      await context.close();
    }
  });
}
