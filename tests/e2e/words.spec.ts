/**
 * Issue 39, items 6 and 8, in a browser, with and without script, in English and Hindi: the
 * patient dashboard's search finds a specialization by everyday words and a doctor by name, and
 * offers General Physician and the whole list when nothing matches; a word pasted before the
 * island's code arrives filters once it does; a declined, a withdrawn and a cancelled-by-doctor
 * appointment carry the same state word on the patient's and the doctor's pages.
 */
import type { Browser, Page, Route } from "@playwright/test";
import { E2E_PORT } from "./support/env";
import { apiCall, book, confirmedMeeting, createDoctor, createPatient, expect, islandsLive, signIn, test, waitForHydration, type Account } from "./support/fixtures";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const cards = (page: Page) => page.locator(".spec-card");
const SEARCH = { en: "Search by what troubles you, a specialization or a doctor", hi: "अपनी तकलीफ़, विशेषज्ञता या डॉक्टर का नाम खोजें" };

/** A page signed in as `account` in `lang`, with or without script. */
async function open(browser: Browser, account: Account, lang: "en" | "hi", script: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: script });
  await context.addCookies([
    { name: "carebook_session", value: account.token, url: ORIGIN },
    { name: "lang", value: lang, url: ORIGIN },
  ]);
  const page = await context.newPage();
  if (script) await signIn(page, account);
  return page;
}

test.describe("search that meets people's words", () => {
  for (const script of [true, false])
    test(`everyday words, a doctor's name and no match (${script ? "script" : "no script"})`, async ({ browser }) => {
      const run = Date.now().toString(36);
      const [patient, doctor] = [await createPatient(), await createDoctor({ name: `Dr. Zinnia Quill${run}`, specialization: "Neurologist" })];
      for (const [lang, word, spec] of [["en", "skin", "Dermatologist"], ["en", "bones", "Orthopedic Surgeon"], ["hi", "दिल", "हृदय रोग विशेषज्ञ"], ["hi", "बच्चा", "बाल रोग विशेषज्ञ"]] as const) {
        const page = await open(browser, patient, lang, script);
        await page.goto(`${ORIGIN}/patient-dashboard`);
        const box = page.getByRole("searchbox", { name: SEARCH[lang] });
        // Typed once the island is live (a word typed before it arrives: the test below).
        if (script) await waitForHydration(page);
        await box.fill(word);
        if (!script) await box.press("Enter");
        await expect(cards(page)).toHaveCount(1);
        await expect(cards(page).first()).toContainText(spec);
        await page.context().close();
      }
      const page = await open(browser, patient, "en", script);
      await page.goto(`${ORIGIN}/patient-dashboard`);
      const box = page.getByRole("searchbox", { name: SEARCH.en });
      await box.fill(`quill${run}`);
      if (!script) await box.press("Enter");
      await expect(page.getByRole("link", { name: new RegExp(`Dr. Zinnia Quill${run}`) })).toHaveAttribute("href", `/patient-dashboard/bookAppointment/${doctor.id}`);
      await box.fill("zzqqxx");
      if (!script) await box.press("Enter");
      await expect(page.getByText("No specialization matches “zzqqxx”.")).toBeVisible();
      await expect(page.getByRole("link", { name: "General Physician", exact: true })).toHaveAttribute("href", "/patient-dashboard/specialization/General%20Physician");
      await expect(cards(page)).toHaveCount(16);
      await page.context().close();
    });

  test("a word pasted before the island's code arrives filters once it does", async ({ page }) => {
    await signIn(page, await createPatient());
    // Hold every island script until the word is in the box.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/static/build/*.js", async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto("/patient-dashboard");
    const box = page.getByRole("searchbox", { name: SEARCH.en });
    await box.fill("heart");
    await expect(cards(page)).toHaveCount(16);
    release();
    await expect.poll(() => islandsLive(page), { intervals: [25, 50, 100] }).toBe(true);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Cardiologist");
  });
});

test.describe("one word for one state, on both sides", () => {
  for (const script of [true, false])
    for (const lang of ["en", "hi"] as const)
      test(`declined, withdrawn and cancelled by the doctor (${lang}, ${script ? "script" : "no script"})`, async ({ browser }) => {
        const words = lang === "en" ? { declined: "Declined", withdrawn: "Withdrawn", cancelled: "Cancelled" } : { declined: "अस्वीकार", withdrawn: "वापस लिया", cancelled: "रद्द" };
        const patient = await createPatient(`Pia ${lang}${script ? "s" : "n"}`);
        const doctors = { declined: await createDoctor({ name: "Dr. Decliner" }), withdrawn: await createDoctor({ name: "Dr. Left" }), cancelled: await createDoctor({ name: "Dr. Away" }) };
        const declined = await book(patient, doctors.declined);
        await apiCall("POST", "/doctor-dashboard/cancelAppointment", { appointmentId: declined, reason: "Not my field" }, doctors.declined.token);
        const withdrawn = await book(patient, doctors.withdrawn);
        await apiCall("POST", "/patient-dashboard/cancelAppointment", { appointmentId: withdrawn, reason: "Feeling better" }, patient.token);
        const cancelled = await confirmedMeeting(patient, doctors.cancelled);
        await apiCall("POST", "/doctor-dashboard/cancelAppointment", { appointmentId: cancelled, reason: "Away that week" }, doctors.cancelled.token);

        const mine = await open(browser, patient, lang, script);
        await mine.goto(`${ORIGIN}/patient-dashboard/patient-meetings`);
        for (const [state, doctor] of Object.entries(doctors) as [keyof typeof words, Account][]) {
          await expect(mine.locator(".meeting").filter({ hasText: doctor.name }).locator(".badge")).toHaveText(words[state]);
          const theirs = await open(browser, doctor, lang, script);
          await theirs.goto(`${ORIGIN}/doctor-dashboard/doctor-Meetings`);
          await expect(theirs.locator(".meeting").filter({ hasText: patient.name }).locator(".badge")).toHaveText(words[state]);
          await theirs.context().close();
        }
        await mine.context().close();
      });
});
