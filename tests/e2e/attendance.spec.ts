/**
 * Issue 52: a recorded attendance shows as recorded. With and without script, in English and
 * Hindi, the doctor marks a past meeting "Attended"; the card then says so (no longer asking),
 * offers the one button that changes it, and changed it reads "Did not come".
 */
import { completedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";
import { H, switchToHindi } from "./support/hindi";

for (const script of [true, false]) {
  for (const lang of ["en", "hi"] as const) {
    test(`(${script ? "script" : "no script"}, ${lang}) a marked attendance shows as marked and can be changed`, async ({ browser }) => {
      const say = (english: string) => (lang === "en" ? english : H(english));
      const reason = `Sore throat ${script ? "live" : "plain"} ${lang} ${Date.now()}`;
      const [doctor, patient] = await Promise.all([createDoctor({ name: `Dr. Mark ${Date.now()}` }), createPatient("Meera Nair")]);
      await completedMeeting(patient, doctor, reason);
      const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", locale: "en-IN" });
      const page = await context.newPage();
      try {
        await signIn(page, doctor);
        await page.goto("/doctor-dashboard/doctor-Meetings");
        if (lang === "hi") await switchToHindi(page);
        if (script) await waitForHydration(page);
        const card = () => page.locator(".meeting").filter({ hasText: reason });
        await expect(card()).toContainText(say("Did the patient attend?") as string);
        await card().getByRole("button", { name: say("Attended") }).click();
        await expect(page.getByText(say("Attendance marked")).first()).toBeVisible();
        // The card says what was recorded, no longer asks, and offers the change.
        await expect(card().getByText(say("✓ Attended"))).toBeVisible();
        await expect(card().getByText(say("Did the patient attend?"))).toHaveCount(0);
        if (script) await waitForHydration(page);
        await card().getByRole("button", { name: say("Change to did not come") }).click();
        await expect(card().getByText(say("✗ Did not come"))).toBeVisible();
        await expect(card().getByRole("button", { name: say("Change to attended") })).toBeVisible();
        if (process.env.SHOTS) {
          for (const width of [360, 1280]) {
            await page.setViewportSize({ width, height: 800 });
            await card().scrollIntoViewIfNeeded();
            await page.screenshot({ path: `/tmp/shots-visit/attendance-${lang}-${script ? "script" : "plain"}-${width}.png` });
          }
        }
      } finally {
        await context.close();
      }
    });
  }
}
