/**
 * Issue 39 items 4 and 7 as journeys, registered once for the `browser` project (notice.spec.ts)
 * and once for `no-script` (no-script/notice.spec.ts), in English and Hindi at 360 x 740: after a
 * post the notice or the refusal (#notice) is inside the viewport and, with script, focused; the
 * cancel/withdraw second step keeps (Keep), confirms, and withdraws without a reason.
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "./env";
import { apiCall, book, createDoctor, createPatient, expect, schedule, test, type Account } from "./fixtures";
import { H, switchToHindi, within } from "./hindi";

const say = (lang: "en" | "hi", english: string) => (lang === "en" ? english : H(english));

async function signedIn(page: Page, account: Account, lang: "en" | "hi", path: string) {
  await page.context().addCookies([{ name: "carebook_session", value: account.token, url: `http://127.0.0.1:${E2E_PORT}` }]);
  await page.goto(path);
  if (lang === "hi") await switchToHindi(page);
}

/** The page's #notice is wholly inside the viewport (it may still be scrolling there) and, with script, focused. */
export async function expectNoticeInView(page: Page, script: boolean) {
  const notice = page.locator("#notice");
  await expect(notice).toBeVisible();
  const { height } = page.viewportSize()!;
  await expect.poll(async () => {
    const box = await notice.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= height;
  }).toBe(true);
  if (script) await expect(notice).toBeFocused();
}

export function noticeJourneys(script: boolean) {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of ["en", "hi"] as const) {
    test(`${lang}: a booking's notice is in view, with the way to Meetings`, async ({ page }) => {
      const [patient, doctor] = await Promise.all([createPatient("Nia Notice"), createDoctor({ name: "Dr. Vera View" })]);
      await signedIn(page, patient, lang, `/patient-dashboard/bookAppointment/${doctor.id}`);
      await page.locator("#reason").fill("A cough for two weeks");
      await page.locator("#booking-form button[type=submit]").click();
      await expectNoticeInView(page, script);
      await expect(page.locator("#notice")).toContainText(lang === "en" ? "Appointment request sent." : within("Appointment request sent. The doctor will schedule it soon."));
      await page.locator("#notice a").click();
      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings/);
    });

    test(`${lang}: the withdraw step keeps the request, then withdraws it without a reason`, async ({ page }) => {
      const [patient, doctor] = await Promise.all([createPatient("Kim Keep"), createDoctor({ name: "Dr. Walt Wait" })]);
      await book(patient, doctor, "Back pain");
      await signedIn(page, patient, lang, "/patient-dashboard/patient-meetings");
      const card = page.locator(".meeting").filter({ hasText: "Dr. Walt Wait" });
      const step = card.locator("details.confirm");
      await step.locator("summary").click();
      await expect(step).toHaveAttribute("open", "");
      await step.getByRole("link", { name: say(lang, "Keep request") }).click();
      await expect(card.locator("details.confirm")).not.toHaveAttribute("open", "");
      await card.locator("details.confirm summary").click();
      await card.locator("details.confirm button[type=submit]").click();
      await expectNoticeInView(page, script);
      await expect(card).toContainText(say(lang, "Withdrawn by the patient"));
    });

    test(`${lang}: a cancel refused because the doctor cancelled first shows the refusal in view`, async ({ page }) => {
      const [patient, doctor] = await Promise.all([createPatient("Ray Refused"), createDoctor({ name: "Dr. Fay First" })]);
      const id = await book(patient, doctor, "Check-up");
      await schedule(doctor, patient, id);
      await signedIn(page, patient, lang, "/patient-dashboard/patient-meetings");
      const card = page.locator(".meeting").filter({ hasText: "Dr. Fay First" });
      await card.locator("details.confirm summary").click();
      await card.locator("details.confirm input[name=reason]").fill("Travelling");
      await apiCall("POST", "/doctor-dashboard/cancelAppointment", { appointmentId: id, reason: "Clinic closed" }, doctor.token);
      await card.locator("details.confirm button[type=submit]").click();
      await expectNoticeInView(page, script);
      await expect(page.locator("#notice")).toHaveClass(/notice-error/);
    });
  }
}
