/**
 * Issue 41 item 2, with and without script: a doctor sends a registration; it leads the admin's
 * table (waiting for a check first), the admin verifies it there, the notice says so in view,
 * and the doctor's profile page says it is verified.
 */
import { E2E_PORT, PASSWORD } from "./support/env";
import { adminAccount, apiCall, createDoctor, expect, signIn, test, waitForHydration } from "./support/fixtures";

for (const script of [true, false]) {
  test(`(${script ? "script" : "no script"}) the admin verifies a doctor's registration from the table`, async ({ browser }) => {
    test.setTimeout(60_000);
    const name = `Dr. Registered ${script ? "Live" : "Plain"} ${Date.now()}`;
    const doctor = await createDoctor({ name, specialization: "Dermatologist" });
    const login = await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD });
    const form = new FormData();
    const number = `DMC/R/${Date.now()}`;
    for (const [key, value] of Object.entries({ name, specialization: "Dermatologist", collegeName: "City Medical College", registrationNumber: number, registrationCouncil: "Delhi Medical Council" })) form.set(key, value);
    const saved = await fetch(`http://127.0.0.1:${E2E_PORT}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${login.token}` }, body: form });
    expect(saved.status).toBe(200);

    const context = await browser.newContext({ javaScriptEnabled: script, timezoneId: "UTC", locale: "en-GB" });
    await context.addCookies([{ name: "lang", value: "en", url: `http://127.0.0.1:${E2E_PORT}` }]);
    const page = await context.newPage();
    try {
      await signIn(page, await adminAccount());
      await page.goto("/admin-dashboard");
      if (script) await waitForHydration(page);
      const row = page.locator(`tr[data-doctor="${doctor.id}"]`);
      await expect(row).toContainText(`${number}, Delhi Medical Council`);
      await expect(row).toContainText("Waiting for a check");
      await row.getByRole("button", { name: `Verify registration of ${name}`, exact: true }).click();
      await expect(page.locator("#notice")).toContainText(`Verified ${name}'s registration.`);
      await expect(page.locator("#notice")).toBeInViewport();
      await expect(page.locator(`tr[data-doctor="${doctor.id}"]`)).toContainText("Verified");

      await signIn(page, { ...doctor, token: login.token });
      await page.goto("/doctor-dashboard/doctor-profile");
      await expect(page.getByText(`Your registration ${number}, Delhi Medical Council is verified.`)).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
