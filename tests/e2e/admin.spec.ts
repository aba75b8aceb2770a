/**
 * The admin journey: login, the 6-column table of doctors, Approve, Reject, Block and
 * Reactivate (each seen at once, after a reload and through the API), a refused change, the
 * guards and Logout. The database is shared with the other specs, so rows are found by the
 * doctor's unique email and nothing here counts all doctors; the empty state is tested on a
 * fresh database in src/routes/pages/admin-dashboard.test.ts.
 */
import type { Page } from "@playwright/test";
import { adminDoctor, rawApi, rowOf, serverStatus, setStatus } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { ADMIN } from "./support/env";
import { adminAccount, createPatient, expect, signIn, test, waitForHydration, type Account } from "./support/fixtures";
import { adminPageOf } from "../../src/domain/admin-table";

const HEADERS = ["Name", "Email", "Specialization", "College", "Status", "Actions"];
const ACTIONS = {
  pending: ["Approve", "Reject"],
  approved: ["Block"],
  rejected: ["Reactivate"],
  blocked: ["Reactivate"],
} as const;
type Status = keyof typeof ACTIONS;

async function openDashboard(page: Page) {
  await signIn(page, await adminAccount());
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Doctors" })).toBeVisible();
  await expectHydrated(page);
}

/** Shows intent to use the page's islands and waits until React has hydrated the table island (its buttons work only from then on). */
async function expectHydrated(page: Page) {
  await waitForHydration(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const island = document.querySelector("[data-island=AdminTable] > *");
        return island !== null && Object.keys(island).some((key) => key.startsWith("__reactFiber"));
      }),
      { intervals: [25, 50, 100] },
    )
    .toBe(true);
}

/** The row shows `status` in its badge and exactly the actions that status allows. */
async function expectRow(page: Page, doctor: Account, status: Status) {
  const row = rowOf(page, doctor);
  await expect(row).toHaveCount(1);
  const badge = row.locator(".badge");
  await expect(badge).toHaveText(status);
  await expect(badge).toHaveClass(new RegExp(`\\bbadge-${status}\\b`));
  await expect(firstSteps(row)).toHaveText([...ACTIONS[status]]);
  for (const action of ACTIONS[status]) await expect(firstStep(row, doctor, action)).toBeEnabled();
}

/** Each action's first control: a button (Approve, Reactivate), or the summary that opens a confirming form with a reason (Reject, Block; issue 27). */
const firstSteps = (row: ReturnType<typeof rowOf>) => row.locator(".actions > form > button, .actions > details > summary");
const firstStep = (row: ReturnType<typeof rowOf>, doctor: Account, action: string) => firstSteps(row).and(row.locator(`[aria-label="${action} ${doctor.name}"]`));
const NEEDS_REASON = new Set(["Reject", "Block"]);

/** Marks the document, so a later check can tell the page was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as any).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as any).__sameDocument === true);

/** Clicks (or presses Enter on) `action` in the doctor's row; resolves with the server's answer. */
async function act(page: Page, doctor: Account, action: string, by: "click" | "keyboard" = "click") {
  const answer = page.waitForResponse(
    (r) => r.request().method() === "PATCH" && r.url().endsWith(`/api/auth/admin-dashboard/doctor-status/${doctor.id}`),
  );
  const row = rowOf(page, doctor);
  const first = firstStep(row, doctor, action);
  const press = async (control: ReturnType<typeof rowOf>) => {
    if (by === "click") await control.click();
    else {
      await control.focus();
      await page.keyboard.press("Enter");
    }
  };
  await press(first);
  if (NEEDS_REASON.has(action)) {
    // The second step: the reason, then the button that names the doctor.
    const form = row.locator("details[open] form");
    await form.getByRole("textbox").fill(`Reason for ${action.toLowerCase()}`);
    await press(form.getByRole("button", { name: `${action} ${doctor.name}` }));
  }
  return answer;
}

test.describe("admin login", () => {
  test("a wrong password shows the server's message; the right one stores token, role, name and opens the dashboard", async ({ page }) => {
    await page.goto("/loginAdmin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin login" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    // Generous: the server's argon2 check and the on-interaction load of the form's script.
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password", { timeout: 15_000 });
    await expect(page).toHaveURL(/\/loginAdmin$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Doctors" })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      role: localStorage.getItem("role"),
      name: localStorage.getItem("name"),
    }));
    expect(stored.role).toBe("admin");
    expect(stored.name).toBe(ADMIN.name);
    expect(stored.token).toEqual(expect.any(String));
    // The stored token is the admin's working bearer token.
    expect((await rawApi("GET", "/admin-dashboard/doctors", undefined, stored.token!)).status).toBe(200);
    await expectAccessible(page);
  });
});

test.describe("the table of doctors", () => {
  test("has 6 column headers and a row per doctor with its status badge and allowed actions", async ({ page }) => {
    // On a database that holds a full page of fifty doctors (the third --repeat-each), the rows'
    // checks and the accessibility scan took 17 to 31 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    const doctors = {
      pending: await adminDoctor("pending", "Dermatologist"),
      approved: await adminDoctor("approved", "Pediatrician"),
      rejected: await adminDoctor("rejected", "Urologist"),
      blocked: await adminDoctor("blocked", "Oncologist"),
    };
    await openDashboard(page);
    const table = page.getByRole("table", { name: "Doctors and their account status" });
    await expect(table.getByRole("columnheader")).toHaveText(HEADERS);
    // One row per doctor of the first page (all of them while there are 50 or fewer), in the
    // table's order, headers aside.
    const all = (await rawApi("GET", "/admin-dashboard/doctors", undefined, (await adminAccount()).token)).body as { _id: string; createdAt: string }[];
    const rows = table.locator("tbody").getByRole("row");
    await expect(rows).toHaveCount(adminPageOf(all, 1).length);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-doctor")))).toEqual(adminPageOf(all, 1).map((d) => d._id));
    for (const [status, doctor] of Object.entries(doctors) as [Status, Account][]) {
      const row = rowOf(page, doctor);
      await expect(row.getByRole("cell")).toHaveText([
        doctor.name,
        doctor.email,
        { pending: "Dermatologist", approved: "Pediatrician", rejected: "Urologist", blocked: "Oncologist" }[status],
        "City Medical College",
        // the status badge, then its history from the audit trail (folded)
        new RegExp(`^${status}History of ${doctor.name}`),
        // the name again beside the actions (shown on phones), then the first steps
        new RegExp(`^${doctor.name.replace(/[.]/g, "\\.")}${ACTIONS[status].join(".*")}`),
      ]);
      await expectRow(page, doctor, status);
    }
    await expectAccessible(page);
  });
});

test.describe("status changes", () => {
  test("Approve and Reject a pending doctor change the row at once, and the server keeps it", async ({ page }) => {
    const toApprove = await adminDoctor("pending");
    const toReject = await adminDoctor("pending");
    await openDashboard(page);
    await expectRow(page, toApprove, "pending");
    await expectRow(page, toReject, "pending");
    await markDocument(page);

    expect((await act(page, toApprove, "Approve")).status()).toBe(200);
    await expectRow(page, toApprove, "approved");
    // The row's status history (the audit trail) gains the change at once, with who and when.
    await rowOf(page, toApprove).getByText(`History of ${toApprove.name}`).click();
    const history = rowOf(page, toApprove).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText("Signup (pending)");
    await expect(history.nth(1)).toContainText(/^Approve \(pending → approved\), .+ by the admin$/);
    expect((await act(page, toReject, "Reject")).status()).toBe(200);
    await expectRow(page, toReject, "rejected");
    expect(await sameDocument(page)).toBe(true);
    await expect(page.getByRole("alert")).toHaveCount(0);

    expect(await serverStatus(toApprove)).toBe("approved");
    expect(await serverStatus(toReject)).toBe("rejected");
    await page.reload();
    await expectRow(page, toApprove, "approved");
    await expectRow(page, toReject, "rejected");
  });

  test("Block refuses the doctor's token at once; Reactivate lets it back in", async ({ page }) => {
    const doctor = await adminDoctor("approved");
    expect((await rawApi("GET", "/doctor-dashboard/appointments", undefined, doctor.token)).status).toBe(200);
    await openDashboard(page);
    await markDocument(page);

    expect((await act(page, doctor, "Block", "keyboard")).status()).toBe(200);
    await expectRow(page, doctor, "blocked");
    // The result takes the focus (issue 39: the notice of a post is where the person looks next).
    await expect(page.locator("#notice")).toBeFocused();
    const refused = await rawApi("GET", "/doctor-dashboard/appointments", undefined, doctor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your account status is: blocked");
    await page.reload();
    await expectRow(page, doctor, "blocked");

    await expectHydrated(page);
    await markDocument(page);
    expect((await act(page, doctor, "Reactivate")).status()).toBe(200);
    await expectRow(page, doctor, "approved");
    expect(await sameDocument(page)).toBe(true);
    expect((await rawApi("GET", "/doctor-dashboard/appointments", undefined, doctor.token)).status).toBe(200);
    await page.reload();
    await expectRow(page, doctor, "approved");
  });

  test("Reactivate brings a rejected doctor back to approved", async ({ page }) => {
    const doctor = await adminDoctor("rejected");
    await openDashboard(page);
    await markDocument(page);
    expect((await act(page, doctor, "Reactivate")).status()).toBe(200);
    await expectRow(page, doctor, "approved");
    expect(await sameDocument(page)).toBe(true);
    expect(await serverStatus(doctor)).toBe("approved");
    await page.reload();
    await expectRow(page, doctor, "approved");
  });

  test("a change the server refuses shows 'Failed to update doctor status. Please try again.'", async ({ page }) => {
    const doctor = await adminDoctor("pending");
    await openDashboard(page);
    await expectRow(page, doctor, "pending");
    // Behind the page's back the doctor is approved, so Reject (pending -> rejected) is no longer allowed.
    expect((await setStatus(doctor, "approved")).status).toBe(200);

    await markDocument(page);
    expect((await act(page, doctor, "Reject")).status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText("Failed to update doctor status. Please try again.");
    expect(await serverStatus(doctor)).toBe("approved");
    // The row is read again, so it offers what the server allows now, without a reload.
    await expectRow(page, doctor, "approved");
    expect(await sameDocument(page)).toBe(true);
    // A reload shows the same, and the error is gone.
    await page.reload();
    await expectRow(page, doctor, "approved");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("guards and logout", () => {
  test("no session, a patient's or a doctor's session on /admin-dashboard go to /loginPatient", async ({ page }) => {
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/loginPatient$/);

    // Signed in as someone else, the login page sends each to their own dashboard (issue 39).
    await signIn(page, await createPatient());
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/patient-dashboard$/);

    await page.context().clearCookies();
    await signIn(page, await adminDoctor("approved"));
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/doctor-dashboard$/);
  });

  test("a session begun without script (cookie, empty storage) keeps working once script runs", async ({ page }) => {
    const admin = await adminAccount();
    await signIn(page, admin);
    await page.evaluate(() => localStorage.clear());
    await page.goto("/admin-dashboard");
    await expectHydrated(page);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    const stored = await page.evaluate(() => ["token", "role", "name"].map((k) => localStorage.getItem(k)));
    expect(stored).toEqual([admin.token, "admin", admin.name]);
  });

  test("storage of another account gives way to the session the page was rendered for", async ({ page }) => {
    const admin = await adminAccount();
    await signIn(page, await createPatient("Previous Patient"));
    await page.context().addCookies([{ name: "carebook_session", value: admin.token, url: page.url() }]);
    await page.goto("/admin-dashboard");
    await expectHydrated(page);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("role")])).toEqual([admin.token, "admin"]);
  });

  test("Logout clears localStorage, goes to /loginAdmin and ends the session", async ({ page }) => {
    const admin = await adminAccount();
    await openDashboard(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/loginAdmin$/);
    const left = await page.evaluate(() => ["token", "role", "name", "status"].map((k) => localStorage.getItem(k)));
    expect(left).toEqual([null, null, null, null]);
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/loginPatient$/);
    // Logout ends every token of the account, the one signIn used included.
    expect((await rawApi("GET", "/admin-dashboard/doctors", undefined, admin.token)).status).toBe(401);
  });
});
