/**
 * Issue 15 in a real browser: a first visit paints styled with no request for a stylesheet, and
 * the inline `<style>` is applied under the page's CSP (no violation reported), on a public page,
 * a login form and a signed-in page with islands.
 */
import { createPatient, expect, test } from "./support/fixtures";
import { E2E_PORT } from "./support/env";

const BASE = `http://127.0.0.1:${E2E_PORT}`;

for (const path of ["/", "/loginPatient", "/patient-dashboard"]) {
  test(`${path}: a first visit renders styled with no stylesheet request and no CSP violation`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE });
    try {
      if (path.startsWith("/patient-")) {
        const patient = await createPatient("Paint Patient");
        await context.addCookies([{ name: "carebook_session", value: patient.token, url: BASE }]);
        await context.addInitScript(
          ([token, name]) => {
            localStorage.setItem("token", token!);
            localStorage.setItem("role", "patient");
            localStorage.setItem("name", name!);
          },
          [patient.token, patient.name],
        );
      }
      // Any CSP refusal (e.g. an inline style without its hash) is recorded by the page itself.
      await context.addInitScript(() => {
        (window as any).__violations = [];
        document.addEventListener("securitypolicyviolation", (e) => (window as any).__violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
      });
      const page = await context.newPage();
      const stylesheets: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "stylesheet" || /\.css(\?|$)/.test(request.url())) stylesheets.push(request.url());
      });

      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-inline");

      // Styled: the header is the stylesheet's flex row, the body takes the theme's colours.
      const header = page.locator(".site-header").first();
      await expect(header).toBeVisible();
      const styles = await page.evaluate(() => {
        const header = document.querySelector(".site-header")!;
        return {
          sheets: document.styleSheets.length,
          rules: document.styleSheets[0]?.cssRules.length ?? 0,
          background: getComputedStyle(document.body).backgroundColor,
          accent: getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
          headerBorder: getComputedStyle(header).borderBottomStyle,
        };
      });
      expect(styles.sheets).toBe(1);
      expect(styles.rules).toBeGreaterThan(20);
      expect(styles.accent).not.toBe("");
      expect(styles.headerBorder).toBe("solid");
      expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
      expect(stylesheets).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
