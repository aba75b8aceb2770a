/**
 * Issue 40 item 5, with and without script: a patient joins the waitlist of a doctor with instant
 * booking from the booking page; another patient cancels their confirmed time; the first patient's
 * meetings page holds that time for them, they accept it, and the meeting is theirs, confirmed.
 * The doctor's hours are every day all day, and the freed time is more than the change window
 * (4 hours) ahead, so the run works whatever hour it starts.
 */
import { E2E_PORT } from "./support/env";
import { apiCall, createPatient, expect, freeSlotAfter, instantDoctor, signIn, test, waitForHydration } from "./support/fixtures";


for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a waiting patient is offered a freed time and accepts it`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = `Dr. Waitlist ${script ? "Live" : "Plain"} ${Date.now()}`;
    const doctor = await instantDoctor(name);

    // Another patient holds a time six hours or more ahead.
    const holder = await createPatient("Hari Holder");
    const slotStart = await freeSlotAfter(doctor, holder, 6);
    const held = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Migraine", slotStart }, holder.token);

    const patient = await createPatient("Wanda Waiting");
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
      if (script) await waitForHydration(page);
      await page.locator("#waitlist-reason").fill("Dizzy spells");
      await page.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
      await expect(page.locator("#notice")).toContainText("You are on the waitlist");
      await expect(page.locator(".waitlist")).toContainText(`Waiting for a time with ${name}`);

      await apiCall("POST", "/patient-dashboard/cancelAppointment", { appointmentId: held.appointment._id, reason: "Feeling better" }, holder.token);

      await page.reload();
      const panel = page.locator(".waitlist");
      await expect(panel).toContainText(`A time with ${name} is held for you`);
      await panel.getByRole("button", { name: "Accept this time" }).click();
      await expect(page.locator("#notice")).toContainText("Booked from the waitlist");
      await expect(page.locator("#notice")).toBeInViewport();
      const meeting = page.locator(".meeting", { hasText: name });
      await expect(meeting.locator(`time[datetime="${slotStart}"]`).first()).toBeVisible();
      await expect(page.locator(".waitlist")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
