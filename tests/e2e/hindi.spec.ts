/**
 * The journeys in Hindi with script (issue 31): the header's switch, then the islands in Hindi
 * after they come alive (their words travel beside their props, so the hydrated island says what
 * the server said): a patient books, the doctor schedules, the patient cancels and gives
 * feedback, the admin approves. Every page is checked with axe in Hindi.
 */
import { expectAccessible } from "./support/axe";
import { adminAccount, book, completedMeeting, confirmedMeeting, createDoctor, createPatient, expect, islandsLive, signIn, test, waitForHydration } from "./support/fixtures";
import { H, switchToHindi, within } from "./support/hindi";
import { nextJanuary, WEDNESDAY } from "./support/dates";

test("a patient switches to Hindi and books through the island, in Hindi before and after it comes alive", async ({ page }) => {
  const [patient, doctor] = await Promise.all([createPatient("सुनीता देवी"), createDoctor({ name: "डॉ. कविता जोशी", specialization: "Pediatrician" })]);
  await signIn(page, patient);
  await page.goto("/patient-dashboard");
  await switchToHindi(page);
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  await expect(page.getByRole("link", { name: H("Appointments") }).first()).toBeAttached();
  await expectAccessible(page);

  await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
  const before = await page.locator("main").innerText();
  await waitForHydration(page);
  expect(await islandsLive(page)).toBe(true);
  // The island, once alive, still says all the server said (it may add a word on drafts).
  const after = await page.locator("main").innerText();
  for (const line of before.split("\n").filter((l) => l.trim() !== "")) expect(after).toContain(line);
  const bookButton = page.getByRole("button", { name: H("Book appointment") });
  await bookButton.click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("alert")).not.toContainText(/[A-Za-z]{3,}/);
  await page.locator('[name="reason"]').pressSequentially("तीन दिन से बुखार");
  await bookButton.click();
  await expect(page.getByRole("status").filter({ hasText: within("Appointment request sent. The doctor will schedule it soon.") })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/patient-dashboard/patient-meetings");
  const meeting = page.locator(".meeting").filter({ hasText: "डॉ. कविता जोशी" });
  await expect(meeting.locator(".badge")).toHaveText(H("Requested"));
});

test("the doctor, in Hindi, schedules a request through the island", async ({ page }) => {
  const [patient, doctor] = await Promise.all([createPatient("रमेश कुमार"), createDoctor({ name: "डॉ. अनिल मेहता", specialization: "Cardiologist" })]);
  await book(patient, doctor, "सीने में दर्द");
  await signIn(page, doctor);
  await page.goto("/doctor-dashboard");
  await switchToHindi(page);
  await waitForHydration(page);
  const card = page.locator(".meeting").filter({ hasText: "रमेश कुमार" });
  await card.locator('[name="date"]').fill(nextJanuary(WEDNESDAY).iso);
  await card.locator('[name="time"]').fill("10:30");
  await card.getByRole("button", { name: H("Schedule") }).click();
  // It asks first (issue 39): the panel's strong button schedules.
  await page.locator("#confirm-schedule").getByRole("button", { name: /समय तय करें|फिर भी तय करें/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "रमेश कुमार" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/doctor-dashboard/doctor-Meetings");
  await expect(page.locator(".meeting").filter({ hasText: "रमेश कुमार" }).locator(".badge")).toHaveText(H("Scheduled"));
});

test("the patient, in Hindi, cancels a confirmed meeting and gives feedback on a completed one", async ({ page }) => {
  const patient = await createPatient("गीता शर्मा");
  const [first, second] = await Promise.all([
    createDoctor({ name: "डॉ. विजय सिंह", specialization: "Oncologist" }),
    createDoctor({ name: "डॉ. पूजा नायर", specialization: "Endocrinologist" }),
  ]);
  await confirmedMeeting(patient, first, "इलाज के बाद जाँच");
  await completedMeeting(patient, second, "थायरॉइड की जाँच");
  await signIn(page, patient);
  await page.goto("/patient-dashboard/patient-meetings");
  await switchToHindi(page);
  await waitForHydration(page);
  await expectAccessible(page);

  const confirmed = page.locator(".meeting").filter({ hasText: "डॉ. विजय सिंह" });
  // Times in Hindi, in the page's zone: a Devanagari weekday and month.
  await expect(confirmed.locator("time").first()).toHaveText(/[\u0900-\u097F]/);
  await confirmed.locator("details.confirm > summary").first().click();
  await confirmed.locator('[name="reason"]').fill("अब आराम है");
  await confirmed.locator('details.confirm button[type="submit"]').first().click();
  await expect(page.locator(".meeting").filter({ hasText: "डॉ. विजय सिंह" })).toContainText("अब आराम है");
  await expect(page.locator(".meeting").filter({ hasText: "डॉ. विजय सिंह" }).locator(".badge")).toHaveText(H("Cancelled"));

  const completed = page.locator(".meeting").filter({ hasText: "डॉ. पूजा नायर" });
  await completed.locator('[name="message"]').fill("बहुत मददगार, धन्यवाद");
  await completed.getByRole("button", { name: H("Give feedback") }).click();
  await expect(completed.getByText(H("Feedback Submitted"))).toBeVisible();
  await page.reload();
  await expect(page.locator(".meeting").filter({ hasText: "डॉ. पूजा नायर" }).getByText(H("Feedback Submitted"))).toBeVisible();
});

test("the admin, in Hindi, approves a doctor through the island", async ({ page }) => {
  const doctor = await createDoctor({ name: `डॉ. नई नियुक्ति ${Date.now()}`, specialization: "Urologist", status: "pending" });
  await signIn(page, await adminAccount());
  // The admin is shared by every journey: the switch would keep Hindi on the account for all of
  // them (a signed-in choice follows the account), so this browser alone carries the choice.
  await page.context().addCookies([{ name: "lang", value: "hi", url: new URL(page.url()).origin }]);
  await page.goto("/admin-dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await waitForHydration(page);
  const row = page.locator("tr").filter({ hasText: doctor.name });
  await row.locator('form:has(input[name="status"][value="approved"]) button[type="submit"]').click();
  await expect(page.locator("tr").filter({ hasText: doctor.name })).toContainText(H("approved"));
  await expectAccessible(page);
});
