/**
 * The doctor journey: signup and login by account status (the waiting screen and Refresh
 * Status), pending requests scheduled or cancelled, meetings with feedback, the profile, the
 * page guards and logout. Times are entered and shown in the browser's zone (Europe/Berlin).
 */
import { SPECIALIZATIONS } from "../../src/domain/fields";
import { expectAccessible } from "./support/axe";
import { dialogs, giveFeedback, setDoctorStatus, storedValues } from "./support/doctor";
import {
  type Account,
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
import type { Page } from "@playwright/test";
import { nextJanuary, TUESDAY } from "./support/dates";

test.use({ timezoneId: "Europe/Berlin", locale: "en-GB" });

/** Logs in through the doctor login form. */
async function loginThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/loginDoctor");
  // The form comes alive at the first interaction: focusing a field loads it.
  await page.getByLabel("Email").focus();
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The pending request of `patient` on the dashboard. */
const request = (page: Page, patient: Account) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: patient.name }) });

test("signup: labelled required fields and 16 specializations; stores token, role and pending status, then waits on /loginDoctor", async ({ page }) => {
  const taken = await createDoctor({ status: "pending" });
  await page.goto("/signupDoctor");
  await expect(page.getByRole("heading", { level: 1, name: "Doctor signup" })).toBeVisible();
  for (const label of ["Name", "Email", "Password", "Specialization", "College name"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
  }
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  const choices = page.getByLabel("Specialization").locator("option:not([disabled])");
  await expect(choices).toHaveText([...SPECIALIZATIONS]);
  await expectAccessible(page);

  const fill = async (email: string) => {
    await page.getByLabel("Name", { exact: true }).fill("Dr. Sam Signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Specialization").selectOption("Neurologist");
    await page.getByLabel("College name").fill("Northside Medical School");
    await page.getByLabel("I have read the notice below and agree").check();
    await page.getByRole("button", { name: "Sign up" }).click();
  };
  // A taken email: the server's message, and nothing stored.
  await fill(taken.email);
  await expect(page.getByRole("alert")).toHaveText("An account with this email already exists");
  expect(await storedValues(page)).not.toHaveProperty("token");

  const email = uniqueEmail("signup");
  await fill(email);
  await expect(page).toHaveURL(/\/loginDoctor$/);
  const stored = await storedValues(page);
  expect(stored).toMatchObject({ role: "doctor", status: "pending", name: "Dr. Sam Signup" });
  expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // The token is kept: the doctor login shows the waiting screen straight away.
  await expect(page.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh status" })).toBeVisible();
  await expectAccessible(page);

  // Logout leaves the waiting screen: the login form again, nothing of the session kept.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Doctor login" })).toBeVisible();
  expect(Object.keys(await storedValues(page)).filter((k) => k !== "theme")).toEqual([]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Doctor login" })).toBeVisible();
});

test("login while pending: the waiting screen keeps the token, says so while pending, and Refresh Status enters once approved", async ({ page }) => {
  const doctor = await createDoctor({ status: "pending", name: "Dr. Pia Pending" });
  await loginThroughForm(page, doctor.email);
  await expect(page.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();
  await expect(page).toHaveURL(/\/loginDoctor$/);
  const stored = await storedValues(page);
  expect(stored).toMatchObject({ role: "doctor", status: "pending", name: "Dr. Pia Pending" });
  expect(stored.token).toBeTruthy();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Refresh status" }).click();
  await expect(page.getByRole("status")).toHaveText("Your account is still awaiting approval.");
  await expect(page).toHaveURL(/\/loginDoctor$/);

  // Coming back later: still waiting, the token still there.
  await page.reload();
  await expect(page.getByRole("button", { name: "Refresh status" })).toBeVisible();
  expect((await storedValues(page)).token).toBe(stored.token);

  await setDoctorStatus(doctor, "approved");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Refresh status" }).click();
  await expect(page).toHaveURL(/\/doctor-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pending appointments" })).toBeVisible();
  expect(await storedValues(page)).toMatchObject({ role: "doctor", status: "approved", token: stored.token });
});

test("login: rejected and blocked doctors see their status, a wrong password the server's message", async ({ page }) => {
  const rejected = await createDoctor({ status: "rejected" });
  const blocked = await createDoctor({ status: "blocked" });
  await loginThroughForm(page, rejected.email);
  await expect(page.getByRole("alert")).toHaveText("Your account status is: rejected");
  await expect(page).toHaveURL(/\/loginDoctor$/);
  expect(await storedValues(page)).not.toHaveProperty("token");

  await loginThroughForm(page, blocked.email);
  await expect(page.getByRole("alert")).toHaveText("Your account status is: blocked");
  expect(await storedValues(page)).not.toHaveProperty("token");

  await loginThroughForm(page, blocked.email, "not-the-password-1");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("dashboard: schedule needs date and time, moves the request to meetings with link and zoned time; overlaps and past times are said in words; cancel needs a reason", async ({
  page,
}) => {
  const doctor = await createDoctor({ name: "Dr. Sid Schedule" });
  const [ann, ben, cat] = await Promise.all([createPatient("Ann Able"), createPatient("Ben Busy"), createPatient("Cat Cancel")]);
  await book(ann, doctor, "Chest pain on stairs");
  await book(ben, doctor, "Palpitations at night");
  await book(cat, doctor, "Routine check");
  const dialog = dialogs(page);

  await signIn(page, doctor);
  // Berlin's date as the page is drawn (read again below: a run across Berlin's midnight sees both).
  const berlinDate = () => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Berlin" });
  const drawnOn = berlinDate();
  await page.goto("/doctor-dashboard");
  await waitForHydration(page);
  const requests = page.locator("ul.meeting-list > li");
  await expect(requests).toHaveCount(3);
  await expect(request(page, ann)).toContainText("Chest pain on stairs");
  await expect(request(page, ann).getByLabel("Date")).toHaveAttribute("type", "date");
  await expect(request(page, ann).getByLabel("Time")).toHaveAttribute("type", "time");
  await expectAccessible(page);

  // Never a browser alert or prompt (issue 27): what is wrong is said beside the fields.
  const form = (p: Account) => request(page, p).locator(".schedule-form");
  const schedule = (p: Account) => request(page, p).getByRole("button", { name: "Schedule" }).click();
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Berlin" }));
  const day = nextJanuary(TUESDAY);
  // Today in Berlin, the day the page was drawn on: the same day unless Berlin's midnight fell in between.
  await expect(request(page, ann).getByLabel("Date")).toHaveAttribute("min", drawnOn === today ? today : new RegExp(`^(${drawnOn}|${today})$`));
  await schedule(ann);
  await expect(form(ann).getByRole("alert")).toHaveText("Please select both date and time!");
  await request(page, ann).getByLabel("Date").fill(day.iso);
  await schedule(ann);
  await expect(form(ann).getByRole("alert")).toHaveText("Please select both date and time!");
  await request(page, ann).getByLabel("Date").fill("2020-01-15");
  await request(page, ann).getByLabel("Time").fill("10:30");
  await schedule(ann);
  await expect(form(ann).getByRole("alert")).toHaveText("Choose a time in the future.");
  await expect(request(page, ann)).toBeVisible();

  await request(page, ann).getByLabel("Date").fill(day.iso);
  await schedule(ann);
  // Issue 39: it asks first, naming the patient and the time; nothing is scheduled until yes.
  const question = page.locator("#confirm-schedule");
  await expect(question).toContainText(new RegExp(`Schedule Ann Able on .*${day.dayOfMonth} Jan ${day.year}, 10:30 CET\\?`));
  await expect(request(page, ann)).toBeVisible();
  await question.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(request(page, ann)).toHaveCount(0);
  await expect(requests).toHaveCount(2);

  // A slot overlapping Ann's (10:30 to 11:00): named, in words, and the request stays.
  await request(page, ben).getByLabel("Date").fill(day.iso);
  await request(page, ben).getByLabel("Time").fill("10:45");
  await schedule(ben);
  await expect(form(ben).getByRole("alert")).toHaveText(`You already have Ann Able at 10:30 to 11:00 on Tue ${day.dayOfMonth} Jan.`);
  await expect(question).toHaveCount(0);
  await expect(request(page, ben)).toBeVisible();

  // Decline: behind a first step, and only with a reason.
  await request(page, cat).getByLabel(`Decline ${cat.name}'s request`).click();
  await request(page, cat).getByRole("button", { name: "Decline request" }).click();
  await expect(request(page, cat).getByRole("alert")).toHaveText("Please say why you are declining.");
  await request(page, cat).getByLabel("Reason for declining").fill("Please see your GP first.");
  await request(page, cat).getByRole("button", { name: "Decline request" }).click();
  await expect(request(page, cat)).toHaveCount(0);

  await request(page, ben).getByLabel(`Decline ${ben.name}'s request`).click();
  await request(page, ben).getByLabel("Reason for declining").fill("I am away that week.");
  await request(page, ben).getByRole("button", { name: "Decline request" }).click();
  await expect(page.getByText("No pending appointments.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No pending appointments.")).toBeVisible();
  expect(dialog.seen).toEqual([]);

  // Ann's request is now a confirmed meeting, at the time entered, in the doctor's zone.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Appointments" }).click();
  await expect(page).toHaveURL(/\/doctor-dashboard\/doctor-Meetings$/);
  const meeting = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ann.name }) });
  await expect(meeting).toContainText("Scheduled");
  await expect(meeting.locator("time").first()).toHaveText(`Tue, ${day.dayOfMonth} Jan ${day.year}, 10:30 CET`);
  await expect(meeting.locator("time").first()).toHaveAttribute("datetime", `${day.iso}T09:30:00.000Z`);
  await expect(meeting.getByRole("link", { name: "Join video call" })).toHaveAttribute("href", /^https:\/\/meet\.jit\.si\/[\w-]{20,}$/);
  // Ben's request is part of the story: declined, with why.
  await expect(page.getByRole("listitem").filter({ hasText: ben.name })).toContainText("Declined by you");
  await expect(page.getByRole("listitem").filter({ hasText: ben.name })).toContainText("I am away that week.");
});

test("meetings: feedback or 'No feedback received yet.' on completed ones, a confirmed one cancelled with a reason, and the empty state", async ({
  page,
}) => {
  const doctor = await createDoctor({ name: "Dr. Meg Meetings" });
  const [fay, gus, hal] = await Promise.all([createPatient("Fay Feedback"), createPatient("Gus Quiet"), createPatient("Hal Later")]);
  const withFeedback = await completedMeeting(fay, doctor, "Migraine review", 60 * 24);
  await completedMeeting(gus, doctor, "Sprained wrist", 60 * 25);
  await confirmedMeeting(hal, doctor, "Blood pressure", 60 * 26);
  await giveFeedback(fay, withFeedback, "Very thorough, thank you doctor.");
  const dialog = dialogs(page);

  await signIn(page, doctor);
  await page.goto("/doctor-dashboard/doctor-Meetings");
  await waitForHydration(page);
  const meeting = (p: Account) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: p.name }) });
  await expect(meeting(fay)).toContainText("Completed");
  await expect(meeting(fay)).toContainText("Very thorough, thank you doctor.");
  await expect(meeting(fay)).not.toContainText("No feedback received yet.");
  await expect(meeting(gus)).toContainText("Completed");
  await expect(meeting(gus)).toContainText("No feedback received yet.");
  await expect(meeting(gus).getByLabel(/^Cancel/)).toHaveCount(0);
  await expect(meeting(hal)).toContainText("Scheduled");
  await expect(meeting(hal).locator("time").first()).toHaveText(/\d{2}:\d{2} CES?T$/);
  await expectAccessible(page);

  await meeting(hal).getByLabel(`Cancel the appointment with ${hal.name}`).click();
  await meeting(hal).getByRole("button", { name: "Cancel appointment" }).click();
  await expect(meeting(hal).getByRole("alert")).toHaveText("Please say why you are cancelling.");
  await meeting(hal).getByLabel("Reason for cancelling").fill("Called away to surgery.");
  await meeting(hal).getByRole("button", { name: "Cancel appointment" }).click();
  await expect(meeting(hal)).toContainText("Cancelled by you");
  await page.reload();
  await expect(meeting(fay)).toBeVisible();
  await expect(meeting(hal)).toContainText("Called away to surgery.");
  expect(dialog.seen).toEqual([]);

  const fresh = await createDoctor({ name: "Dr. Nora New" });
  await signIn(page, fresh);
  await page.goto("/doctor-dashboard/doctor-Meetings");
  await expect(page.getByText("No appointments found.")).toBeVisible();
});

test("profile: name, specialization and college saved, email read-only, status badge, a new picture with a cache-busting query", async ({ page }) => {
  const doctor = await createDoctor({ name: "Dr. Paul Profile", specialization: "Cardiologist" });
  await signIn(page, doctor);
  await page.goto("/doctor-dashboard/doctor-profile");
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveValue(doctor.email);
  await expect(page.getByLabel("Email")).not.toBeEditable();
  await expect(page.getByText("Account status:")).toContainText("approved");
  await expect(page.getByRole("img")).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel("Name", { exact: true }).fill("Dr. Paula Profile");
  await page.getByLabel("Specialization").selectOption("Neurologist");
  await page.getByLabel("College name").fill("Riverside University");
  await page.getByLabel(/Profile picture/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile updated successfully!");
  const picture = page.getByRole("img", { name: "Dr. Paula Profile's profile picture" });
  await expect(picture).toHaveAttribute("src", /^\/uploads\/doctors\/[^/?]+\?v=\w+$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const first = await picture.getAttribute("src");

  // A second picture: a new URL, so no cached old picture is shown.
  await page.getByLabel(/Profile picture/).setInputFiles({ name: "me-again.png", mimeType: "image/png", buffer: TINY_PNG });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(picture).not.toHaveAttribute("src", first!);
  await expect(picture).toHaveAttribute("src", /^\/uploads\/doctors\/[^/?]+\?v=\w+$/);

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Dr. Paula Profile");
  // An approved doctor's new specialization and college wait for the admin (issue 27): the
  // approved ones stay, and the page says what waits.
  await expect(page.getByLabel("Specialization")).toHaveValue("Cardiologist");
  await expect(page.getByLabel("College name")).toHaveValue("City Medical College");
  await expect(page.getByText("Your change of specialization to Neurologist")).toContainText("is waiting for the admin's review");
  await expect(page.getByLabel("Email")).toHaveValue(doctor.email);
  await expect(page.getByRole("img", { name: "Dr. Paula Profile's profile picture" })).toHaveAttribute("src", /\?v=\w+$/);
});

test("guards: no session or a patient's goes to /loginPatient, a pending doctor's and a doctor blocked while signed in to /loginDoctor", async ({
  page,
}) => {
  for (const path of ["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings", "/doctor-dashboard/doctor-profile"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/loginPatient$/);
  }

  const patient = await createPatient();
  // A patient's session: the doctor's pages send them to the login, which goes on to their own dashboard (issue 39).
  await signIn(page, patient);
  await page.goto("/doctor-dashboard");
  await expect(page).toHaveURL(/\/patient-dashboard$/);

  // The server refuses a pending doctor's session cookie, before any script runs.
  const pending = await createDoctor({ status: "pending" });
  await page.context().clearCookies();
  await signIn(page, pending);
  const answer = await page.request.get("/doctor-dashboard", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/loginDoctor");
  await page.goto("/doctor-dashboard");
  await expect(page).toHaveURL(/\/loginDoctor$/);

  const doctor = await createDoctor();
  await page.context().clearCookies();
  await signIn(page, doctor);
  await page.goto("/doctor-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Pending appointments" })).toBeVisible();
  await setDoctorStatus(doctor, "blocked");
  await page.goto("/doctor-dashboard/doctor-Meetings");
  await expect(page).toHaveURL(/\/loginDoctor$/);
  const again = await page.request.get("/doctor-dashboard", { maxRedirects: 0 });
  expect(again.headers().location).toBe("/loginDoctor");
});

test("logout clears localStorage, ends the session and goes to /loginDoctor", async ({ page }) => {
  const doctor = await createDoctor();
  await signIn(page, doctor);
  await page.goto("/doctor-dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/loginDoctor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Doctor login" })).toBeVisible();
  // Everything the session kept is gone (the login page mirrors the theme back in).
  expect(Object.keys(await storedValues(page)).filter((k) => k !== "theme")).toEqual([]);
  await expectAccessible(page);
  await page.goto("/doctor-dashboard");
  await expect(page).toHaveURL(/\/loginPatient$/);
});
