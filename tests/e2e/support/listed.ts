/**
 * Issue 52's journeys, the same with script and without: a new doctor's dashboard names the
 * registration as a first step and says "Not listed publicly yet" (English and Hindi); a signed-in
 * specialization page shows the directory's card, with the verified mark or "Registration not yet
 * checked"; on a 360 px phone /doctors folds its filters into "Filters (2)" so the count and the
 * first card are on the first screen, and a card's "Book" takes a signed-in patient to the booking page.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { E2E_PORT, PASSWORD } from "./env";
import { adminAccount, apiCall, createDoctor, createPatient, expect, signIn, type Account } from "./fixtures";
import { doctorCardOn } from "./specialization";

const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** An approved doctor, logged in again (approval ended the signup's session); `registration`: verified by the admin. */
async function doctor(name: string, registration: boolean): Promise<Account> {
  const made = await createDoctor({ name, specialization: "Urologist" });
  const login = await apiCall("POST", "/loginDoctor", { email: made.email, password: PASSWORD });
  const account = { ...made, token: login.token as string };
  if (registration) {
    const form = new FormData();
    const fields = { name, specialization: "Urologist", collegeName: "City Medical College", registrationNumber: `UMC/${Date.now()}`, registrationCouncil: "Delhi Medical Council", languages: "hi,en", fee: "450" };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const res = await fetch(`${BASE}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${account.token}` }, body: form });
    expect(res.status).toBe(200);
    await apiCall("PATCH", `/admin-dashboard/doctor-registration/${made.id}`, { verified: true }, (await adminAccount()).token);
  }
  return account;
}

async function context(browser: Browser, script: boolean, lang: "en" | "hi", width = 1280): Promise<BrowserContext> {
  const ctx = await browser.newContext({ javaScriptEnabled: script, timezoneId: "Asia/Kolkata", locale: "en-IN", viewport: { width, height: width === 360 ? 740 : 800 } });
  await ctx.addCookies([{ name: "lang", value: lang, url: BASE }]);
  return ctx;
}

const FIRST_STEP = {
  en: { step: "Add your registration: patients find you in the directory once it is checked", title: "Not listed publicly yet" },
  hi: { step: "अपना पंजीकरण जोड़ें: जाँच के बाद मरीज़ आपको डॉक्टरों की सूची में पाएँगे", title: "अभी सार्वजनिक सूची में नहीं" },
};

export async function firstStepsJourney(browser: Browser, script: boolean) {
  const fresh = await doctor(`Dr. Fresh ${script ? "Live" : "Plain"} ${Date.now()}`, false);
  for (const lang of ["en", "hi"] as const) {
    const ctx = await context(browser, script, lang);
    try {
      const page = await ctx.newPage();
      await signIn(page, fresh);
      await page.goto("/doctor-dashboard");
      await expect(page.getByRole("heading", { name: FIRST_STEP[lang].title })).toBeVisible();
      const step = page.getByRole("link", { name: FIRST_STEP[lang].step });
      await expect(step).toBeVisible();
      await step.click();
      await expect(page).toHaveURL(/\/doctor-dashboard\/doctor-profile#registrationNumber$/);
      await expect(page.locator("#registrationNumber")).toBeVisible();
    } finally {
      await ctx.close();
    }
  }
}

export async function specializationCardJourney(browser: Browser, script: boolean) {
  const stamp = `${script ? "Live" : "Plain"} ${Date.now()}`;
  const checked = await doctor(`Dr. Checked ${stamp}`, true);
  const unchecked = await doctor(`Dr. Unchecked ${stamp}`, false);
  const patient = await createPatient("Uma Urology");
  const ctx = await context(browser, script, "en", 360);
  try {
    const page = await ctx.newPage();
    await signIn(page, patient);
    await page.goto("/patient-dashboard/specialization/Urologist");
    // Each found from the first page as a patient would (20 doctors a page, by name).
    const verified = await doctorCardOn(page, checked.name);
    await expect(verified).toContainText("✓ Registration verified");
    await expect(verified).toContainText("Fee: ₹450");
    await expect(verified).toContainText("Speaks Hindi, English");
    await expect(verified).toContainText(/No ratings yet|rating/);
    await page.goto("/patient-dashboard/specialization/Urologist");
    const plain = await doctorCardOn(page, unchecked.name);
    await expect(plain).toContainText("Registration not yet checked");
    await expect(plain).not.toContainText("✓");
    // Both can be booked: the note only says the registration is not checked yet.
    await expect(plain.getByRole("link", { name: `Book Appointment with ${unchecked.name}` })).toHaveAttribute("href", `/patient-dashboard/bookAppointment/${unchecked.id}`);
    // The public directory shows only the checked one.
    await page.goto(`/doctors?q=${encodeURIComponent(stamp)}`);
    await expect(page.locator(".doctor-card", { hasText: checked.name })).toHaveCount(1);
    await expect(page.locator(".doctor-card", { hasText: unchecked.name })).toHaveCount(0);
  } finally {
    await ctx.close();
  }
}

export async function phoneFiltersJourney(browser: Browser, script: boolean) {
  const listed = await doctor(`Dr. Phone ${script ? "Live" : "Plain"} ${Date.now()}`, true);
  const patient = await createPatient("Pia Phone");
  for (const lang of ["en", "hi"] as const) {
    const ctx = await context(browser, script, lang, 360);
    try {
      const page = await ctx.newPage();
      await page.goto("/doctors?language=hi&maxFee=600");
      const summary = page.locator("details.dir-fold > summary");
      await expect(summary).toHaveText(lang === "en" ? "Filters (2)" : "फ़िल्टर (2)");
      // Folded: the form's fields are not on the screen; the count and the first card are.
      await expect(page.locator("#dir-lang")).toBeHidden();
      await expect(page.getByText(lang === "en" ? /\d+ doctors? found\./ : /\d+ डॉक्टर मिले?।/)).toBeInViewport({ ratio: 1 });
      await expect(page.locator(".doctor-card").first().getByRole("heading")).toBeInViewport({ ratio: 1 });
      // Open, change a filter, and the form still carries it out.
      await summary.click();
      await expect(page.locator("#dir-lang")).toBeVisible();
      if (lang === "en") {
        await page.locator("#dir-fee").fill("");
        await page.getByRole("button", { name: "Show doctors" }).click();
        await expect(page).toHaveURL(/[?&]language=hi&maxFee=&/);
        await expect(summary).toHaveText("Filters (1)");
      }
    } finally {
      await ctx.close();
    }
  }
  // Wide, the filters show without opening anything.
  const wide = await context(browser, script, "en", 1280);
  try {
    const page = await wide.newPage();
    await page.goto("/doctors");
    await expect(page.locator("#dir-lang")).toBeVisible();
    await expect(page.locator("details.dir-fold > summary")).toHaveText("Filters");
  } finally {
    await wide.close();
  }
  // "Book" on a card: a signed-in patient goes straight on to that doctor's booking page.
  const ctx = await context(browser, script, "en", 360);
  try {
    const page = await ctx.newPage();
    await signIn(page, patient);
    await page.goto(`/doctors?q=${encodeURIComponent(listed.name.split(" ").slice(2).join(" "))}`);
    await page.locator(".doctor-card", { hasText: listed.name }).getByRole("link", { name: `Book with ${listed.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-dashboard/bookAppointment/${listed.id}$`));
  } finally {
    await ctx.close();
  }
}
