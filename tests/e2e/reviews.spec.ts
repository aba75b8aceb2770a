/**
 * Issue 41, with and without script: after a completed visit the patient rates it 4 of 5 and
 * publishes the review (shown as "Rhea R."); the doctor sees the rating and that it is published
 * on the meetings page, answers it once, and the answer takes the form's place.
 */
import { apiCall, completedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a patient rates and publishes; the doctor answers once`, async ({ browser }) => {
    test.setTimeout(60_000);
    const doctorName = `Dr. Review ${script ? "Live" : "Plain"} ${Date.now()}`;
    const [doctor, patient] = await Promise.all([createDoctor({ name: doctorName }), createPatient("Rhea Rao")]);
    await completedMeeting(patient, doctor, "A sprained ankle");

    const patientContext = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    const page = await patientContext.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/patient-meetings");
      if (script) await waitForHydration(page);
      const meeting = page.locator(".meeting").filter({ hasText: doctorName });
      await meeting.getByLabel("Your feedback").fill("Explained the X-ray patiently");
      await meeting.getByRole("group", { name: /Your rating/ }).getByLabel("4 out of 5").check();
      await meeting.getByLabel("Publish my review (shown as Rhea R.)").check();
      await meeting.getByRole("button", { name: "Give feedback" }).click();
      await expect(page.getByText("Feedback submitted successfully!").first()).toBeVisible();
      await expect(page.locator(".meeting").filter({ hasText: doctorName }).getByText("Feedback Submitted")).toBeVisible();
    } finally {
      await patientContext.close();
    }
    expect((await apiCall("GET", "/doctor-profile", undefined, doctor.token)).doctor.rating).toEqual({ average: null, count: 1 });

    const doctorContext = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    const doctorPage = await doctorContext.newPage();
    try {
      await signIn(doctorPage, doctor);
      await doctorPage.goto("/doctor-dashboard/doctor-Meetings");
      if (script) await waitForHydration(doctorPage);
      const meeting = doctorPage.locator(".meeting").filter({ hasText: "A sprained ankle" });
      await expect(meeting).toContainText("Explained the X-ray patiently");
      await expect(meeting).toContainText("Rating: 4 out of 5 · Published as a review");
      await meeting.getByLabel("Answer publicly (you can answer once)").fill("Thank you, Rhea. Keep the ankle up.");
      await meeting.getByRole("button", { name: "Post answer" }).click();
      await expect(doctorPage.getByText("Your answer is posted.").first()).toBeVisible();
      const after = doctorPage.locator(".meeting").filter({ hasText: "A sprained ankle" });
      await expect(after.getByText("Thank you, Rhea. Keep the ankle up.")).toBeVisible();
      await expect(after.getByRole("button", { name: "Post answer" })).toHaveCount(0);
    } finally {
      await doctorContext.close();
    }
  });
}
