/**
 * Issue 40 item 2, with and without script: a patient's instant-booked meeting, moved by the
 * patient from the meetings page: "Move to another time", a day (the second offered), then one
 * of its free times (issue 52: the booking page's picker, nothing chosen at first), a reason,
 * "Move appointment"; they land on the meetings at the notice with the new time and the
 * note that they moved it; the doctor's list says the patient moved it, and why. The doctor's
 * hours are every day all day, and the meeting is booked at the first free time at least six
 * hours ahead (outside the change window), so nothing depends on the hour the run starts.
 */
import { E2E_PORT } from "./support/env";
import { apiCall, createPatient, expect, freeSlotAfter, instantDoctor, signIn, test, waitForHydration } from "./support/fixtures";


for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a patient moves their instant-booked meeting to another free time`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = `Dr. Move ${script ? "Live" : "Plain"} ${Date.now()}`;
    const doctor = await instantDoctor(name);
    const patient = await createPatient("Mira Move");
    const booked = await freeSlotAfter(doctor, patient, 6, 3);
    const made = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Headaches every morning", slotStart: booked }, patient.token);
    expect(made.appointment.status).toBe("confirmed");

    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/patient-meetings");
      if (script) await waitForHydration(page);
      const meeting = page.locator(".meeting", { hasText: name });
      await expect(meeting.locator(`time[datetime="${booked}"]`).first()).toBeVisible();
      await meeting.getByText("Move to another time").click();
      // Issue 52: the booking page's picker, a day then its times, nothing chosen for the patient.
      await expect(meeting.locator('input[name="slotStart"]:checked')).toHaveCount(0);
      await meeting.getByLabel("Why (optional; the doctor reads it)").fill("A clash at work");
      const day = meeting.getByLabel("Day", { exact: true });
      const second = (await day.locator("option").nth(1).getAttribute("value"))!;
      await day.selectOption(second);
      if (!script) await meeting.getByRole("button", { name: "Show times" }).click();
      const step = page.locator(".meeting", { hasText: name });
      await expect(step.getByLabel("Day", { exact: true })).toHaveValue(second);
      // What was typed stays (without script, the page came back with it).
      await expect(step.getByLabel("Why (optional; the doctor reads it)")).toHaveValue("A clash at work");
      const choice = step.locator('input[name="slotStart"]').first();
      const target = (await choice.getAttribute("value"))!;
      expect(target).not.toBe(booked);
      await choice.check();
      await step.getByRole("button", { name: "Move appointment" }).click();

      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
      await expect(page.locator("#notice")).toContainText("Your appointment was moved");
      const moved = page.locator(".meeting", { hasText: name });
      await expect(moved.locator(`p time[datetime="${target}"]`).first()).toBeVisible();
      await expect(moved.locator(".rescheduled")).toContainText("by you from");
      await expect(moved.locator(".rescheduled")).toContainText("A clash at work");

      // The doctor sees that the patient moved it, and why; the link stayed.
      const doctors = await apiCall("GET", "/doctor-dashboard/doctor-meetings", undefined, doctor.token);
      expect(doctors.appointments).toMatchObject([
        { _id: made.appointment._id, scheduledAt: target, meetLink: made.appointment.meetLink, rescheduled: { from: booked, reason: "A clash at work", by: "patient" } },
      ]);
    } finally {
      await context.close();
    }
  });
}
