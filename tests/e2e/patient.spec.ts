/**
 * The patient journey: signup and login, the specialization dashboard and its search (with and
 * without script), a specialization's doctors, booking with its draft, meetings (cancel and
 * feedback), the profile, and the guards and logout.
 */
import type { Page } from "@playwright/test";
import { SPECIALIZATIONS } from "../../src/domain/fields";
import { expectAccessible } from "./support/axe";
import { E2E_PORT } from "./support/env";
import {
  apiCall,
  book,
  completedMeeting,
  confirmedMeeting,
  createDoctor,
  createPatient,
  expect,
  PASSWORD,
  signIn,
  test,
  TINY_PNG,
  uniqueEmail,
  waitForHydration,
} from "./support/fixtures";
import { approvedCounts, createDoctors } from "./support/patient";
import { doctorCardOn } from "./support/specialization";

// Dates must name their zone; a fixed browser zone makes the name predictable.
test.use({ timezoneId: "Europe/Berlin" });

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** The doctor counts the dashboard shows, by specialization. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  return page.locator(".spec-grid:not(.doctor-grid) .spec-card").evaluateAll((cards) =>
    Object.fromEntries(
      cards.map((c) => [c.querySelector(".spec-name")!.textContent!.trim(), Number.parseInt(c.querySelector(".spec-count")!.textContent!, 10)]),
    ),
  );
}

const card = (page: Page, name: string) => page.locator(".spec-grid:not(.doctor-grid) .spec-card").filter({ has: page.locator(".spec-name", { hasText: new RegExp(`^${name}$`) }) });

test.describe("signup and login", () => {
  test("signup through the UI lands on the dashboard with token, role and name stored", async ({ page }) => {
    await page.goto("/signupPatient");
    await expect(page.getByRole("heading", { level: 1, name: "Patient signup" })).toBeVisible();
    for (const label of ["Name", "Email", "Password"]) await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expectAccessible(page);

    const email = uniqueEmail("signup");
    await page.getByLabel("Name", { exact: true }).fill("Sam Signup");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("I have read the notice below and agree").check();
    await page.getByRole("button", { name: "Sign up" }).click();

    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Find a doctor by specialization" })).toBeVisible();
    const stored = await page.evaluate(() => ({ token: localStorage.getItem("token"), role: localStorage.getItem("role"), name: localStorage.getItem("name") }));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).toMatchObject({ role: "patient", name: "Sam Signup" });
    // Issue 44: the island sent the ticked box as `consent: true`; the pages do not ask again.
    expect((await apiCall("GET", "/consent", undefined, stored.token!)).due).toBe(false);
    await expect(page.locator('form[action="/consent"]')).toHaveCount(0);
  });

  test("the login page sends no script before the first interaction; a wrong password shows the server's message", async ({ page }) => {
    const patient = await createPatient("Lou Login");
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/loginPatient");
    await expect(page.getByRole("heading", { level: 1, name: "Patient login" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    for (const label of ["Email", "Password"]) await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
    await expectAccessible(page);
    expect(scripts).toEqual([]);

    await page.getByLabel("Email", { exact: true }).focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    await waitForHydration(page);

    await page.getByLabel("Email", { exact: true }).fill(patient.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/loginPatient$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    expect(await page.evaluate(() => [localStorage.getItem("role"), localStorage.getItem("name")])).toEqual(["patient", "Lou Login"]);
  });
});

test.describe("dashboard", () => {
  test("16 specialization cards count only approved doctors, and the search filters as you type", async ({ page }) => {
    const patient = await createPatient();
    await signIn(page, patient);
    await page.goto("/patient-dashboard");
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(16);
    const before = await shownCounts(page);
    expect(Object.keys(before)).toEqual([...SPECIALIZATIONS]);

    await createDoctors([
      { name: "Dr. Nora Neuro", specialization: "Neurologist" },
      { name: "Dr. Ned Neuro", specialization: "Neurologist" },
      { name: "Dr. Pia Pending", specialization: "Neurologist", status: "pending" },
      { name: "Dr. Bo Blocked", specialization: "Neurologist", status: "blocked" },
      { name: "Dr. Una Uro", specialization: "Urologist" },
      { name: "Dr. Rex Rejected", specialization: "Urologist", status: "rejected" },
    ]);

    await page.reload();
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(16);
    const after = await shownCounts(page);
    expect(after).toEqual({ ...before, Neurologist: before.Neurologist! + 2, Urologist: before.Urologist! + 1 });
    expect(after).toEqual(await approvedCounts(patient));
    await expect(card(page, "Urologist").locator(".spec-count")).toHaveText(after.Urologist === 1 ? "1 doctor" : `${after.Urologist} doctors`);
    await expectAccessible(page);

    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search by what troubles you, a specialization or a doctor" });
    await search.pressSequentially("card");
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(1);
    await expect(card(page, "Cardiologist")).toBeVisible();
    await search.fill("");
    await search.pressSequentially("OLOG");
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(SPECIALIZATIONS.filter((s) => s.toLowerCase().includes("olog")).length);
    await search.fill("xyz");
    // Nothing matches: the whole list stays offered, with the no-match note above it.
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(16);
    await expect(page.getByText("No specialization matches “xyz”.")).toBeVisible();
    await search.fill("");
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(16);
    expect(page.url()).toMatch(/\/patient-dashboard$/);
  });

  test("the search works as a GET form without script", async ({ browser }) => {
    const patient = await createPatient();
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "carebook_session", value: patient.token, url: ORIGIN }]);
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/patient-dashboard?q=cardio`);
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(1);
    await expect(card(page, "Cardiologist")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search by what troubles you, a specialization or a doctor" })).toHaveValue("cardio");
    // (axe needs script in the page; the dashboard's accessibility is checked with script above.)

    const search = page.getByRole("searchbox", { name: "Search by what troubles you, a specialization or a doctor" });
    await search.fill("neuro");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/patient-dashboard\?q=neuro$/);
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(1);
    await expect(card(page, "Neurologist")).toBeVisible();
    await context.close();
  });

  test("a specialization lists its doctors with Book appointment, a way back, and an empty message", async ({ page }) => {
    // Names of this run's own: a repeat on the same database (--repeat-each) still holds the last run's.
    const run = Date.now().toString(36);
    const [olive, hidden] = [`Dr. Olive Optic ${run}`, `Dr. Hidden Pending ${run}`];
    const [patient, [doctor]] = await Promise.all([
      createPatient(),
      createDoctors([
        { name: olive, specialization: "Ophthalmologist" },
        { name: hidden, specialization: "Ophthalmologist", status: "pending" },
      ]),
    ]);
    await signIn(page, patient);
    await page.goto("/patient-dashboard");
    await card(page, "Ophthalmologist").click();
    await expect(page).toHaveURL(/\/patient-dashboard\/specialization\/Ophthalmologist$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ophthalmologist" })).toBeVisible();
    await expect((await doctorCardOn(page, olive)).getByRole("heading", { name: olive })).toBeVisible();
    await expect(page.getByText(hidden)).toHaveCount(0);
    const bookLink = page.getByRole("link", { name: `Book appointment with ${olive}` });
    await expect(bookLink).toHaveText("Book appointment");
    await expect(bookLink).toHaveAttribute("href", `/patient-dashboard/bookAppointment/${doctor!.id}`);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to specializations" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.locator(".spec-grid:not(.doctor-grid) .spec-card")).toHaveCount(16);

    // A specialization nobody practises (read from the dashboard, so other journeys' doctors do not matter).
    const empty = Object.entries(await shownCounts(page)).find(([, n]) => n === 0)?.[0];
    expect(empty).toBeDefined();
    await card(page, empty!).click();
    await expect(page.getByRole("heading", { level: 1, name: empty })).toBeVisible();
    await expect(page.getByText("No doctors available for this specialization.")).toBeVisible();
    await expect(page.getByRole("link", { name: /Book appointment/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("booking", () => {
  test("the reason is kept as a draft, restored with a brief notice, and discarded on request", async ({ page }) => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor({ name: "Dr. Derek Draft", specialization: "Dermatologist" })]);
    await signIn(page, patient);
    await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Book an appointment" })).toBeVisible();
    await waitForHydration(page);

    const reason = page.getByLabel("Reason for your appointment with Dr. Derek Draft");
    await reason.pressSequentially("Itchy rash on both arms");
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`draft_${id}`), doctor.id)).toBe("Itchy rash on both arms");

    await page.reload();
    const loaded = page.getByRole("status").filter({ hasText: "Draft loaded." });
    await expect(loaded).toBeVisible();
    const shownAt = Date.now();
    await expect(reason).toHaveValue("Itchy rash on both arms");
    await expect(loaded).toBeHidden({ timeout: 3000 });
    // About one second (SPEC §9), with room for a busy machine noticing it late.
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(300);
    expect(shownFor).toBeLessThan(3000);

    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(reason).toHaveValue("");
    const discarded = page.getByRole("status").filter({ hasText: "Draft discarded." });
    await expect(discarded).toBeVisible();
    await expect(discarded).toBeHidden({ timeout: 3000 });
    expect(await page.evaluate((id) => localStorage.getItem(`draft_${id}`), doctor.id)).toBeNull();

    await page.reload();
    await waitForHydration(page);
    await expect(reason).toHaveValue("");
    await expect(page.getByText("Draft loaded.")).toHaveCount(0);

    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
  });

  test("an empty reason is refused inline; a booking lands on the meetings page at the server's message, clears the draft, and the booking page then says it is open", async ({ page }) => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor({ name: "Dr. Bea Booking", specialization: "Pediatrician" })]);
    await signIn(page, patient);
    await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await waitForHydration(page);
    const reason = page.getByLabel("Reason for your appointment with Dr. Bea Booking");
    const bookButton = page.getByRole("button", { name: "Book appointment" });

    await bookButton.click();
    await expect(page.getByRole("alert")).toHaveText("Please enter the reason for your appointment.");
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toBeFocused();
    await expectAccessible(page);
    await reason.fill("   ");
    await bookButton.click();
    await expect(page.getByRole("alert")).toHaveText("Please enter the reason for your appointment.");

    await reason.fill("");
    await reason.pressSequentially("Fever for three days");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await bookButton.click();
    // Issue 52: the meetings page at the notice, no live form left behind to book twice.
    await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#notice$/);
    await expect(page.locator("#notice")).toContainText("Appointment request sent. The doctor will schedule it soon.");
    expect(await page.evaluate((id) => localStorage.getItem(`draft_${id}`), doctor.id)).toBeNull();

    // Back on the booking page: said at the top, with the way to it, and no form to fill in vain.
    await page.goto(`/patient-dashboard/bookAppointment/${doctor.id}`);
    await expect(page.locator("#open-with-doctor")).toContainText("You already have an open appointment with Dr. Bea Booking");
    await expect(reason).toHaveCount(0);
    await page.locator("#open-with-doctor").getByRole("link", { name: "See your appointment" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard\/patient-meetings#meeting-/);

    await page.goto("/patient-dashboard/patient-meetings");
    const meeting = page.locator(".meeting").filter({ hasText: "Dr. Bea Booking" });
    await expect(meeting).toHaveCount(1);
    await expect(meeting).toContainText("Fever for three days");
    await expect(meeting).toContainText("Requested");
  });
});

test.describe("meetings", () => {
  test("a new patient has no meetings", async ({ page }) => {
    await signIn(page, await createPatient());
    await page.goto("/patient-dashboard/patient-meetings");
    await expect(page.getByRole("heading", { level: 1, name: "My appointments" })).toBeVisible();
    await expect(page.getByText("No meetings found.")).toBeVisible();
  });

  test("a confirmed meeting shows its link and zoned time, and is cancelled only with a reason", async ({ page }) => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor({ name: "Dr. Cal Cancel", specialization: "Oncologist" })]);
    await confirmedMeeting(patient, doctor, "Check-up after treatment");
    await signIn(page, patient);
    await page.goto("/patient-dashboard/patient-meetings");
    const meeting = page.locator(".meeting").filter({ hasText: "Dr. Cal Cancel" });
    await expect(meeting).toContainText("Scheduled");
    await expect(meeting).toContainText("Check-up after treatment");
    await expect(meeting.getByRole("link", { name: "Join video call" })).toHaveAttribute("href", /^https:\/\/meet\.jit\.si\/[\w-]{16,}$/);
    await waitForHydration(page);
    // The meeting's own time (the cancel step's question names it again).
    await expect(meeting.locator("p", { hasText: "When:" }).locator("time")).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST)$/);
    await expectAccessible(page);

    // Never a browser prompt or alert (issue 27): the reason is a field behind a first step.
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.type());
      await d.dismiss();
    });
    const cancels: string[] = [];
    page.on("request", (r) => r.url().endsWith("/cancelAppointment") && cancels.push(r.url()));
    await meeting.getByLabel("Cancel the appointment with Dr. Cal Cancel").click();
    const confirm = meeting.getByRole("button", { name: "Cancel appointment" });
    await confirm.click();
    await expect(meeting.getByRole("alert")).toHaveText("Please say why you are cancelling.");
    await meeting.getByLabel("Reason for cancelling").fill("   ");
    await confirm.click();
    await expect(meeting.getByRole("alert")).toHaveText("Please say why you are cancelling.");
    expect(cancels).toEqual([]);

    await meeting.getByLabel("Reason for cancelling").fill("I feel better now");
    await confirm.click();
    // The story goes on under "Past and cancelled", with who and why.
    const past = page.locator("section.story-section").filter({ has: page.getByRole("heading", { name: "Past and cancelled" }) });
    await expect(past.locator(".meeting").filter({ hasText: "Dr. Cal Cancel" })).toContainText("Cancelled by you");
    await expect(past).toContainText("I feel better now");
    await expect(page.getByRole("heading", { name: "Upcoming" })).toHaveCount(0);
    expect(cancels).toHaveLength(1);
    await page.reload();
    await expect(past.locator(".meeting").filter({ hasText: "Dr. Cal Cancel" })).toContainText("Cancelled by you");
    expect(dialogs).toEqual([]);
  });

  test("a pending request is withdrawn with a reason, and the doctor can be booked again", async ({ page }) => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor({ name: "Dr. Wes Withdrawn", specialization: "Urologist" })]);
    await book(patient, doctor, "Back pain");
    await signIn(page, patient);
    await page.goto("/patient-dashboard/patient-meetings");
    await waitForHydration(page);
    const meeting = page.locator(".meeting").filter({ hasText: "Dr. Wes Withdrawn" });
    await meeting.getByLabel("Withdraw request to Dr. Wes Withdrawn").click();
    await meeting.getByLabel("Reason for withdrawing").fill("The pain is gone");
    await meeting.getByRole("button", { name: "Withdraw request" }).click();
    await expect(page.getByRole("status")).toContainText("was withdrawn");
    await expect(meeting).toContainText("Withdrawn by you");
    await expectAccessible(page);
    await meeting.getByRole("link", { name: "Book Dr. Wes Withdrawn again" }).click();
    await expect(page).toHaveURL(new RegExp(`/bookAppointment/${doctor.id}$`));
    await waitForHydration(page);
    await page.getByLabel("Reason for your appointment with Dr. Wes Withdrawn").fill("It came back");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Appointment request sent. The doctor will schedule it soon." })).toBeVisible();
  });

  test("a completed meeting takes feedback once, and 'Feedback Submitted' stays", async ({ page }) => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor({ name: "Dr. Fay Feedback", specialization: "Endocrinologist" })]);
    await completedMeeting(patient, doctor);
    await signIn(page, patient);
    await page.goto("/patient-dashboard/patient-meetings");
    const meeting = page.locator(".meeting").filter({ hasText: "Dr. Fay Feedback" });
    await expect(meeting).toContainText("Completed");
    await expect(meeting.getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await expect(meeting.getByRole("link", { name: "Join video call" })).toHaveCount(0);
    await waitForHydration(page);
    await expect(meeting.locator("time")).toHaveText(/(CET|CEST)$/);
    await expectAccessible(page);

    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.type());
      await d.dismiss();
    });
    await meeting.getByRole("button", { name: "Give feedback" }).click();
    await expect(meeting.getByRole("alert")).toHaveText("Please write your feedback before sending it.");
    await meeting.getByLabel("Your feedback").fill("Very helpful, thank you");
    await meeting.getByRole("button", { name: "Give feedback" }).click();
    await expect(meeting.getByText("Feedback Submitted")).toBeVisible();
    await expect(page.getByRole("status").first()).toHaveText("Feedback submitted successfully!");
    expect(dialogs).toEqual([]);
    await expect(meeting.getByRole("button", { name: "Give feedback" })).toHaveCount(0);

    await page.reload();
    await expect(meeting.getByText("Feedback Submitted")).toBeVisible();
    await expect(meeting.getByRole("button", { name: "Give feedback" })).toHaveCount(0);
  });
});

test.describe("profile", () => {
  test("name is saved, email is read-only, a PNG becomes the picture and a non-image is refused", async ({ page }) => {
    const patient = await createPatient("Pru Profile");
    await signIn(page, patient);
    await page.goto("/patient-dashboard/patient-profile");
    await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveValue(patient.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expect(page.locator("form.profile-form").getByLabel("Name")).toHaveValue("Pru Profile");
    await waitForHydration(page);

    await page.locator("form.profile-form").getByLabel("Name").fill("Prudence Profile");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
    await page.reload();
    await expect(page.locator("form.profile-form").getByLabel("Name")).toHaveValue("Prudence Profile");
    await expect(page.getByLabel("Email")).toHaveValue(patient.email);
    await waitForHydration(page);

    const picture = page.getByLabel("Profile picture (JPEG or PNG)");
    await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
    const image = page.getByRole("img", { name: "Prudence Profile's profile picture" });
    await expect(image).toHaveAttribute("src", /^\/uploads\/patients\/[^/?]+\.jpg$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const src = await image.getAttribute("src");
    await page.reload();
    await expect(page.getByRole("img", { name: "Prudence Profile's profile picture" })).toHaveAttribute("src", src!);
    await waitForHydration(page);

    // Named like a picture, but not one: the server checks the bytes and its message is shown.
    await picture.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("alert")).toHaveText("Profile picture must be a JPEG or PNG image");
    await expect(page.getByRole("img", { name: "Prudence Profile's profile picture" })).toHaveAttribute("src", src!);
    await expectAccessible(page);
  });
});

test.describe("guards and logout", () => {
  test("without a session patient pages go to /loginPatient; with a doctor's, on from there to the doctor's dashboard", async ({ page }) => {
    for (const path of ["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/loginPatient$/);
    }
    // /loginPatient opened while signed in goes to that role's dashboard (issue 39 item 11).
    await signIn(page, await createDoctor({ name: "Dr. Wrong Role" }));
    await page.goto("/patient-dashboard");
    await expect(page).toHaveURL(/\/doctor-dashboard$/);
    await page.goto("/patient-dashboard/patient-meetings");
    await expect(page).toHaveURL(/\/doctor-dashboard$/);
  });

  test("Logout clears storage, goes to /loginPatient, and Back does not bring the dashboard back", async ({ page }) => {
    await signIn(page, await createPatient());
    await page.goto("/patient-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Find a doctor by specialization" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/loginPatient$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/loginPatient$/);
    await expect(page.getByRole("heading", { name: "Find a doctor by specialization" })).toHaveCount(0);
    await page.goto("/patient-dashboard");
    await expect(page).toHaveURL(/\/loginPatient$/);
  });
});
