/**
 * Issue 44 item 9, with and without script: a patient with a meeting ahead erases their account
 * from the profile page (the second step: password and a tick), lands on the home page signed out
 * with the notice in view; the doctor's meetings page shows "Former patient" with the visit's
 * reason kept; the old password signs no one in, and the email signs up again as a new account.
 */
import { E2E_PORT, PASSWORD } from "./support/env";
import { apiCall, confirmedMeeting, createDoctor, createPatient, expect, signIn, test } from "./support/fixtures";

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) a patient erases their account; the doctor keeps the visit as Former patient`, async ({ browser }) => {
    test.setTimeout(60_000);
    const doctor = await createDoctor({ name: `Dr. Records ${script ? "Live" : "Plain"} ${Date.now()}` });
    const patient = await createPatient(`Esha Erased ${script ? "Live" : "Plain"}`);
    await confirmedMeeting(patient, doctor, "Knee pain after running");
    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, patient);
      await page.goto("/patient-dashboard/patient-profile");
      await page.getByRole("link", { name: "Delete my account" }).click();
      await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
      await page.getByLabel("Your password").fill(PASSWORD);
      await page.getByLabel("I understand that my account is erased for good.").check();
      await page.getByRole("button", { name: "Erase my account" }).click();
      await expect(page.locator("#notice")).toContainText("Your account is erased");
      await expect(page.locator("#notice")).toBeInViewport();

      const meetings = await apiCall("GET", "/doctor-dashboard/doctor-meetings", undefined, doctor.token);
      expect(meetings.appointments).toEqual([]); // the meeting ahead was cancelled, and the doctor told
      await signIn(page, doctor);
      await page.goto("/doctor-dashboard/doctor-Meetings");
      await expect(page.getByText("Former patient").first()).toBeVisible();
      await expect(page.getByText(patient.name)).toHaveCount(0);

      const login = await fetch(`http://127.0.0.1:${E2E_PORT}/api/auth/loginPatient`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: patient.email, password: PASSWORD }),
      });
      expect(login.status).toBe(401);
      const again = await apiCall("POST", "/signupPatient", { name: "Esha Again", email: patient.email, password: PASSWORD, consent: true });
      expect(again.token).toBeTruthy();
    } finally {
      await context.close();
    }
  });
}
