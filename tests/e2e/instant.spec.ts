/**
 * Issue 40, with and without script: a doctor takes bookings at once (the tick box on their
 * hours form); the patient sees "Instant booking" on the specialization page, chooses the first
 * free time on the booking page, "Book this time", and lands on their meetings at the notice
 * with the meeting confirmed. The doctor's hours are every day all day, so free times exist
 * whatever the hour the run starts; the time booked is the one the page offered first.
 */
import { E2E_PORT } from "./support/env";
import { ALL_DAY, apiCall, createDoctor, createPatient, expect, instantDoctor, signIn, test, waitForHydration } from "./support/fixtures";

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a patient books a free time instantly and sees it confirmed`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = `Dr. Instant ${script ? "Live" : "Plain"} ${Date.now()}`;
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
      const card = page.locator(".doctor-card", { hasText: name });
      await expect(card.locator(".instant-booking")).toHaveText("Instant booking");
      await card.getByRole("link").click();
      if (script) await waitForHydration(page);
      const first = page.locator('input[name="slotStart"]').first();
      await expect(first).toBeChecked();
      const slotStart = (await first.getAttribute("value"))!;
      await page.getByLabel("Why do you want to see the doctor?").fill("Headaches every morning");
      await page.getByRole("button", { name: "Book this time" }).click();

      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
      await expect(page.locator("#notice")).toContainText("Your appointment is confirmed");
      await expect(page.locator("#notice")).toBeInViewport();
      const meeting = page.locator(".meeting", { hasText: name });
      await expect(meeting.locator(`time[datetime="${slotStart}"]`).first()).toBeVisible();
      await expect(meeting.getByRole("link", { name: /join/i }).first()).toBeVisible();

      // The time is no longer offered to anyone.
      const slots = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots?days=2`, undefined, patient.token);
      expect(slots.slots.map((s: { start: string }) => s.start)).not.toContain(slotStart);
    } finally {
      await context.close();
    }
  });
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
