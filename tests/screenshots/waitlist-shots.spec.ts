/**
 * Issue 40 to look at, not to compare: the booking page of a doctor with instant booking ("Book
 * this time" and the waitlist's join form) and the meetings page with a time held for the patient
 * (Accept, Decline), at 360 and 1280 px, light and dark, English and Hindi, with and without
 * script, into screenshots/ or $SHOTS_DIR.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { apiCall, createDoctor, createPatient, test } from "../e2e/support/fixtures";
import { E2E_PORT } from "../e2e/support/env";

const OUT = process.env.SHOTS_DIR ?? join(process.cwd(), "screenshots");
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));

test("waitlist: the booking page's join form and the held time on the meetings page", async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const doctor = await createDoctor({ name: "Dr. Kavya Rao", specialization: "Dermatologist" });
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "Asia/Kolkata", weekly: ALL_DAY, daysOff: [], instantBooking: true }, doctor.token);
  const holder = await createPatient("Hari Holder");
  const { slots } = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots?days=2`, undefined, holder.token);
  const slotStart = slots.map((s: { start: string }) => s.start).find((start: string) => Date.parse(start) > Date.now() + 6 * 3600_000);
  const held = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Rash", slotStart }, holder.token);
  const waiting = await createPatient("Wanda Waiting");
  const browsing = await createPatient("Bela Browsing");
  await apiCall("POST", "/patient-dashboard/waitlist", { doctorId: doctor.id, reason: "Itchy skin" }, waiting.token);
  await apiCall("POST", "/patient-dashboard/cancelAppointment", { appointmentId: held.appointment._id, reason: "Better" }, holder.token);
  const shots: [string, string, string][] = [
    ["waitlist-book", browsing.token, `/patient-dashboard/bookAppointment/${doctor.id}`],
    ["waitlist-offer", waiting.token, "/patient-dashboard/patient-meetings"],
  ];
  for (const script of [true, false])
    for (const lang of ["en", "hi"])
      for (const colorScheme of ["light", "dark"] as const)
        for (const width of [360, 1280]) {
          const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, colorScheme, javaScriptEnabled: script, timezoneId: "Asia/Kolkata" });
          await context.addCookies([{ name: "lang", value: lang, url: `http://127.0.0.1:${E2E_PORT}` }]);
          const page = await context.newPage();
          for (const [name, token, path] of shots) {
            await context.addCookies([{ name: "carebook_session", value: token, url: `http://127.0.0.1:${E2E_PORT}` }]);
            await page.goto(path);
            await page.screenshot({ path: join(OUT, `${name}-${lang}-${width}-${colorScheme}${script ? "" : "-noscript"}.png`), fullPage: true });
          }
          await context.close();
        }
});
