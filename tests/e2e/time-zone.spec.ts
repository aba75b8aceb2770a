/**
 * Time zones with script (issue 27, item 3): the browser reports its zone to an account that has
 * none, and the pages then show times in it from the server's first paint; a zone chosen on the
 * profile is never replaced by a browser's. (Without script: tests/e2e/no-script/story.spec.ts.)
 */
import { createClient } from "@libsql/client";
import { E2E_DB } from "./support/env";
import { confirmedMeeting, createDoctor, createPatient, expect, signIn, test, waitForHydration } from "./support/fixtures";

test.use({ timezoneId: "Asia/Kolkata" });

async function zoneOf(patientId: string) {
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  try {
    return (await db.execute({ sql: "select time_zone from patients where id = ?", args: [patientId] })).rows[0]?.time_zone ?? null;
  } finally {
    db.close();
  }
}

test("the browser's zone is kept on the account and the server paints times in it; a chosen zone stays", async ({ page, browser }) => {
  const [patient, doctor] = await Promise.all([createPatient("Zoe Zone"), createDoctor({ name: "Dr. Ira India" })]);
  await confirmedMeeting(patient, doctor, "Follow-up", 60 * 30);
  await signIn(page, patient);
  await page.goto("/patient-dashboard/patient-meetings");
  await waitForHydration(page);
  await expect.poll(() => zoneOf(patient.id)).toBe("Asia/Kolkata");

  // A browser with script off now gets the patient's zone from the server.
  const plain = await browser.newContext({ javaScriptEnabled: false, timezoneId: "UTC" });
  await plain.addCookies([{ name: "carebook_session", value: patient.token, url: new URL(page.url()).origin }]);
  const noScript = await plain.newPage();
  await noScript.goto("/patient-dashboard/patient-meetings");
  await expect(noScript.getByText("Times are in India Standard Time (Kolkata).")).toBeVisible();
  await expect(noScript.locator(".meeting time").first()).toHaveText(/ IST$/);

  // Chosen on the profile: a browser elsewhere does not replace it.
  await noScript.goto("/patient-dashboard/patient-profile");
  await noScript.getByLabel("Show times in").selectOption({ label: "Central European Time (Paris)" });
  await noScript.getByRole("button", { name: "Save time zone" }).click();
  await expect(noScript.getByText("Times are now shown in Central European Time (Paris).")).toBeVisible();
  await page.goto("/patient-dashboard/patient-meetings");
  await waitForHydration(page);
  await expect(page.locator(".meeting time").first()).toHaveText(/CES?T$/);
  expect(await zoneOf(patient.id)).toBe("Europe/Paris");
  await plain.close();
});
