/**
 * Issue 42 to look at, not to compare: the profile's family section, the booking page's "Who is
 * this visit for?", the doctor's card for a child and the parent's meetings card, at 360 and 1280
 * px, light and dark, English and Hindi, with and without script, into screenshots/ or $SHOTS_DIR.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { apiCall, createDoctor, createPatient, test } from "../e2e/support/fixtures";
import { E2E_PORT } from "../e2e/support/env";

const OUT = process.env.SHOTS_DIR ?? join(process.cwd(), "screenshots");

test("family: profile section, booking for a child, both sides' cards", async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const doctor = await createDoctor({ name: "Dr. Meera Kids", specialization: "Pediatrician" });
  const parent = await createPatient("Priya Sharma");
  const year = new Date().getUTCFullYear();
  const { member } = await apiCall("POST", "/patient-dashboard/family", { name: "Aarav Sharma", relation: "child", dateOfBirth: `${year - 6}-03-01` }, parent.token);
  await apiCall("POST", "/patient-dashboard/family", { name: "Ramesh Sharma", relation: "parent", dateOfBirth: "1950-07-15", sex: "male" }, parent.token);
  await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Fever for three days", forMemberId: member._id }, parent.token);
  const shots: [string, string, string][] = [
    ["family-profile", parent.token, "/patient-dashboard/patient-profile#family"],
    ["family-book", parent.token, `/patient-dashboard/bookAppointment/${doctor.id}`],
    ["family-meetings", parent.token, "/patient-dashboard/patient-meetings"],
    ["family-doctor", doctor.token, "/doctor-dashboard"],
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
