/**
 * Issue 39 items 4 and 7 as journeys, registered once for the `browser` project (notice.spec.ts)
 * and once for `no-script` (no-script/notice.spec.ts), in English and Hindi at 360 x 740: after a
 * post the notice or the refusal (#notice) is inside the viewport and, with script, focused; the
 * cancel/withdraw second step keeps (Keep), confirms, and withdraws without a reason; hours saved,
 * a password changed, and a reschedule refused (a time taken, a time past) show theirs in view too.
 */
import type { Page } from "@playwright/test";
import { E2E_PORT } from "./env";
import { apiCall, book, createDoctor, createPatient, expect, PASSWORD, schedule, test, type Account } from "./fixtures";
import { H, switchToHindi, within } from "./hindi";

export const HOUR = 3_600_000;

/**
 * A fixed reference for the times a journey plans: the Monday 00:00 UTC one to two weeks ahead.
 * Times are hours after it, never after the hour of the run (the browsers' zone is UTC below).
 */
export function nextMondayUtc(): number {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const toMonday = (8 - today.getUTCDay()) % 7 || 7;
  return midnight + (toMonday + 7) * 24 * HOUR;
}

/** A confirmed meeting between `patient` and `doctor` at `at` (a doctor's slots must not overlap). */
export async function confirmedAt(patient: Account, doctor: Account, at: number, reason: string) {
  const id = await book(patient, doctor, reason);
  const scheduledDateTime = new Date(at).toISOString();
  await apiCall("POST", "/doctor-dashboard/scheduleAppointments", { doctorName: doctor.name, patientId: patient.id, appointmentId: id, scheduledDateTime }, doctor.token);
  return id;
}

const say = (lang: "en" | "hi", english: string) => (lang === "en" ? english : H(english));

async function signedIn(page: Page, account: Account, lang: "en" | "hi", path: string) {
  // The browser's zone (UTC, as test.use says) already told, as after a first visit: a page drawn in a
  // guessed zone loads once more when its script runs (issue 39), and a tap on it just before is lost.
  await page.context().addCookies(
    [{ name: "carebook_session", value: account.token }, { name: "tz", value: "UTC" }].map((c) => ({ ...c, url: `http://127.0.0.1:${E2E_PORT}` })),
  );
  await page.goto(path);
  if (lang === "hi") await switchToHindi(page);
}

/**
 * The page's #notice is wholly inside the viewport and below the sticky header (it may still be
 * scrolling there) and, with script, focused.
 */
export async function expectNoticeInView(page: Page, script: boolean) {
  const notice = page.locator("#notice");
  await expect(notice).toBeVisible();
  const { height } = page.viewportSize()!;
  const header = await page.locator(".site-header").boundingBox();
  await expect.poll(async () => {
    const box = await notice.boundingBox();
    return box !== null && box.y >= (header?.height ?? 0) && box.y + box.height <= height;
  }, { intervals: [25, 50, 100] }).toBe(true);
  if (script) await expect(notice).toBeFocused();
}

export function noticeJourneys(script: boolean) {
  // UTC: the reschedule form's date and time are read in the browser's zone, as the times below are
  // written. The default visitor's motion (the config asks for less): the result comes into view by
  // the stylesheet's smooth scroll.
  test.use({ viewport: { width: 360, height: 740 }, timezoneId: "UTC", reducedMotion: "no-preference" });

  for (const lang of ["en", "hi"] as const) {
    test(`${lang}: a booking opens the meetings page with its notice in view`, async ({ page }) => {
      const [patient, doctor] = await Promise.all([createPatient("Nia Notice"), createDoctor({ name: "Dr. Vera View" })]);
      await signedIn(page, patient, lang, `/patient-dashboard/bookAppointment/${doctor.id}`);
      await page.locator("#reason").fill("A cough for two weeks");
      await page.locator("#booking-form button[type=submit]").click();
      // Issue 52: the meetings page, where the request shows (no live form left to send twice).
      await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
      await expectNoticeInView(page, script);
      await expect(page.locator("#notice")).toContainText(lang === "en" ? "Appointment request sent." : within("Appointment request sent. The doctor will schedule it soon."));
      await expect(page.locator(".meeting").filter({ hasText: "Dr. Vera View" })).toBeVisible();
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

    test(`${lang}: hours saved on the doctor's profile show their notice in view`, async ({ page }) => {
      const doctor = await createDoctor({ name: "Dr. Hana Hours" });
      await signedIn(page, doctor, lang, "/doctor-dashboard/doctor-profile");
      const form = page.locator('form[action="/doctor-dashboard/doctor-profile/hours"]');
      await form.locator("#hours-tz").selectOption("UTC");
      await form.locator("#hours-day1").fill("09:00-12:00, 14:00-17:00");
      await form.locator("button[type=submit]").click();
      await expectNoticeInView(page, script);
      await expect(page.locator("#notice")).toHaveText(say(lang, "Hours saved successfully"));
      await expect(form.locator("#hours-day1")).toHaveValue("09:00-12:00, 14:00-17:00");
    });

    test(`${lang}: a password changed on the profile shows its notice in view`, async ({ page }) => {
      const patient = await createPatient("Pia Password");
      await signedIn(page, patient, lang, "/patient-dashboard/patient-profile");
      const form = page.locator('form[action="/patient-dashboard/patient-profile/password"]');
      await form.locator("input[name=currentPassword]").fill(PASSWORD);
      await form.locator("input[name=newPassword]").fill("a-fresh-horse-9");
      await form.locator("button[type=submit]").click();
      await expectNoticeInView(page, script);
      await expect(page.locator("#notice")).toHaveText(say(lang, "Your password is changed. Every other device is signed out."));
    });

    // Taken: the hour of the doctor's next meeting; past: a Monday long gone.
    for (const onto of ["taken", "past"] as const) {
      test(`${lang}: a reschedule onto a ${onto} time shows the refusal in view, beside its form`, async ({ page }) => {
        // A patient has one open appointment with a doctor: the taken hour is another patient's.
        const [patient, other, doctor] = await Promise.all([createPatient("Rob Reschedule"), createPatient("Sam Staying"), createDoctor({ name: "Dr. Tia Taken" })]);
        const monday = nextMondayUtc();
        // Made side by side: on a busy machine the set-up, not the journey, was what ran out of time.
        const [moving] = await Promise.all([confirmedAt(patient, doctor, monday + 10 * HOUR, "Moving this one"), confirmedAt(other, doctor, monday + 11 * HOUR, "Staying put")]);
        // The form reads a typed time in the zone the page names: without script and unchosen, Hindi
        // guesses India's; the doctor chooses UTC, the zone the times below are written in.
        await apiCall("PUT", "/time-zone", { timeZone: "UTC" }, doctor.token);
        await signedIn(page, doctor, lang, "/doctor-dashboard/doctor-Meetings");
        const target = new Date(onto === "taken" ? monday + 11 * HOUR : Date.UTC(2020, 0, 6, 10)).toISOString();
        const step = page.locator(".meeting").filter({ hasText: "Moving this one" }).locator("details.reschedule");
        await step.locator("summary").click();
        await step.locator(`#date-move-${moving}`).fill(target.slice(0, 10));
        await step.locator(`#time-move-${moving}`).fill(target.slice(11, 16));
        await step.locator(`#reason-move-${moving}`).fill("A conference that morning");
        // The post first, then its refusal: a failure says which of the two did not happen (the
        // form has been found open and filled 10 s after the tap, once: docs/testing.md).
        const posted = page
          .waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/doctor-dashboard/doctor-Meetings/reschedule", { timeout: 10_000 })
          .then(() => "posted", () => "not posted");
        await step.locator("button[type=submit]").click();
        expect(await posted).toBe("posted");
        await expectNoticeInView(page, script);
        const refusal = step.locator("#notice");
        await expect(refusal).toHaveClass(/notice-error/);
        if (onto === "past") await expect(refusal).toHaveText(say(lang, "Choose a time in the future."));
        await expect(page.locator(".meeting").filter({ hasText: "Moving this one" }).locator(`time[datetime="${new Date(monday + 10 * HOUR).toISOString()}"]`).first()).toBeAttached();
      });
    }
  }
}
