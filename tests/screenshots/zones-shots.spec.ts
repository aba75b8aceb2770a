/**
 * Issue 52 to look at, not to compare: the public directory and a profile (hours on the reader's
 * clock), the doctor's profile with its one zone select, and a fresh patient's meetings page in
 * India's time, at 360 and 1280 px, English and Hindi, light, with script (the doctor's profile
 * without script too), into screenshots/ or $SHOTS_DIR.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { apiCall, book, createPatient, test } from "../e2e/support/fixtures";
import { publicDoctor } from "../e2e/support/directory";
import { E2E_PORT, PASSWORD } from "../e2e/support/env";
import { SHOTS_OUT } from "./shoot";

test("zones: directory, profile, the doctor's zone select, a meetings page", async ({ browser }) => {
  test.setTimeout(300_000);
  const doctor = await publicDoctor(`Dr. Asha Iyer ${Date.now() % 1000}`, { languages: "hi,en", fee: 500 });
  const doctorToken = (await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD })).token as string;
  const weekly = [1, 2, 3, 4, 5].flatMap((day) => [{ day, start: "09:00", end: "13:00" }, { day, start: "15:00", end: "18:00" }]);
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "Asia/Kolkata", weekly, daysOff: [] }, doctorToken);
  const patient = await createPatient("Ravi Fresh");
  const id = await book(patient, { ...doctor, token: doctorToken }, "Skin check");
  const at = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 86_400_000) * 86_400_000 + 5 * 3_600_000).toISOString();
  await apiCall("POST", "/doctor-dashboard/scheduleAppointments", { doctorName: doctor.name, patientId: patient.id, appointmentId: id, scheduledDateTime: at }, doctorToken);
  const shots: [string, string | undefined, string, boolean][] = [
    ["doctors", undefined, `/doctors?q=${encodeURIComponent(doctor.name)}`, true],
    ["doctor-public", undefined, `/doctors/${doctor.id}`, true],
    ["doctor-public-paris", undefined, `/doctors/${doctor.id}`, true],
    ["doctor-profile", doctorToken, "/doctor-dashboard/doctor-profile#time-zone", true],
    ["doctor-profile", doctorToken, "/doctor-dashboard/doctor-profile#time-zone", false],
    ["meetings", patient.token, "/patient-dashboard/patient-meetings", false],
  ];
  const out = process.env.SHOTS_DIR ?? SHOTS_OUT;
  mkdirSync(out, { recursive: true });
  const url = `http://127.0.0.1:${E2E_PORT}`;
  for (const lang of ["en", "hi"])
    for (const width of [360, 1280])
      for (const [name, token, path, script] of shots) {
        const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, javaScriptEnabled: script, timezoneId: name.endsWith("paris") ? "Europe/Paris" : "Asia/Kolkata" });
        await context.addCookies([{ name: "lang", value: lang, url }]);
        if (token) await context.addCookies([{ name: "carebook_session", value: token, url }]);
        const page = await context.newPage();
        await page.goto(path);
        // With script a public page comes back once in the browser's zone.
        if (script && !token) await page.waitForFunction(() => document.cookie.includes("tz=") && document.readyState === "complete");
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: join(out, `${name}-${lang}-${width}${script ? "" : "-noscript"}.png`), fullPage: true });
        // The hours card, with the doctor's one zone select, on its own.
        if (name === "doctor-profile") await page.locator("section.hours").screenshot({ path: join(out, `hours-card-${lang}-${width}${script ? "" : "-noscript"}.png`) });
        await context.close();
      }
});
