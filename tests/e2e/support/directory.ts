/**
 * Issue 41's visitor journey, the same with script and without: a visitor with no account finds a
 * Hindi-speaking dermatologist under 500 rupees in /doctors (the GET form's filters), opens the
 * profile, taps "Book", signs up from the login page's link and lands on that doctor's booking
 * page, which shows the fee. The doctors are made through the API as a doctor and the admin would.
 */
import type { Browser } from "@playwright/test";
import { E2E_PORT, PASSWORD } from "./env";
import { adminAccount, apiCall, createDoctor, expect, uniqueEmail, waitForHydration, type Account } from "./fixtures";
import { zoneSettled } from "./zones";

/** A doctor in the public directory: details through the profile's multipart call, the registration verified by the admin. */
export async function publicDoctor(name: string, details: { languages: string; fee: number }): Promise<Account> {
  const doctor = await createDoctor({ name, specialization: "Dermatologist" });
  // Approval ended the signup's session: log in again, as the doctor would.
  const login = await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD });
  const form = new FormData();
  const fields = { name, specialization: "Dermatologist", collegeName: "City Medical College", registrationNumber: `DMC/${Date.now()}`, registrationCouncil: "Delhi Medical Council", languages: details.languages, fee: String(details.fee), about: "Skin, hair and nails." };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${login.token}` }, body: form });
  expect(res.status).toBe(200);
  await apiCall("PATCH", `/admin-dashboard/doctor-registration/${doctor.id}`, { verified: true }, (await adminAccount()).token);
  return doctor;
}

export async function directoryJourney(browser: Browser, script: boolean) {
  const stamp = `${script ? "Live" : "Plain"} ${Date.now()}`;
  const wanted = await publicDoctor(`Dr. Neha ${stamp}`, { languages: "hi,en", fee: 400 });
  await publicDoctor(`Dr. Costly ${stamp}`, { languages: "hi", fee: 800 });
  await publicDoctor(`Dr. English ${stamp}`, { languages: "en", fee: 300 });
  const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
  const page = await context.newPage();
  try {
    // 1. The directory, no account: the filters are a plain GET form. With script the page reports
    // the browser's zone and comes back once in it (issue 52): wait for that before filling it in.
    await page.goto("/doctors");
    if (script) await zoneSettled(page);
    await page.getByLabel("Specialization", { exact: true }).selectOption("Dermatologist");
    await page.getByLabel("Language", { exact: true }).selectOption("hi");
    await page.getByLabel("Highest fee (₹)").fill("499");
    await page.getByRole("button", { name: "Show doctors" }).click();
    await expect(page).toHaveURL(/specialization=Dermatologist/);
    const card = page.locator(".doctor-card", { hasText: wanted.name });
    await expect(card).toContainText("Fee: ₹400");
    await expect(card).toContainText("Speaks Hindi, English");
    await expect(page.locator(".doctor-card", { hasText: `Dr. Costly ${stamp}` })).toHaveCount(0);
    await expect(page.locator(".doctor-card", { hasText: `Dr. English ${stamp}` })).toHaveCount(0);

    // 2. The profile, then "Book": the login page, and its way to sign up, keep the way back.
    await card.getByRole("link", { name: `Profile of ${wanted.name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: wanted.name })).toBeVisible();
    await expect(page.getByText("Delhi Medical Council (verified by Carebook)")).toBeVisible();
    await page.getByRole("link", { name: `Book with ${wanted.name}` }).click();
    await expect(page).toHaveURL(/\/loginPatient\?next=/);
    await page.getByRole("link", { name: "New here? Sign up as a patient" }).click();
    await expect(page).toHaveURL(/\/signupPatient\?next=/);

    // 3. Sign up: straight on to this doctor's booking page, which says what the visit costs. With
    // script the form is the live island, which signs up through the JSON API and goes on itself.
    if (script) await waitForHydration(page);
    await page.getByLabel("Name").fill("Vis Itor");
    await page.getByLabel("Email").fill(uniqueEmail("visitor"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("I have read the notice below and agree").check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-dashboard/bookAppointment/${wanted.id}$`));
    await expect(page.getByText("Fee: ₹400")).toBeVisible();
  } finally {
    await context.close();
  }
}
