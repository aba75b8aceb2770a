/**
 * /api/docs in Chromium: Swagger UI, served from this origin, renders the generated document
 * under the page's Content-Security-Policy without a single violation or failed request.
 */
import { expect, test } from "./support/fixtures";

test("the API docs page renders every operation, with no CSP violation", async ({ page }) => {
  test.setTimeout(90_000); // a 1.7 MB renderer on a shared machine
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("requestfailed", (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
  const foreign: string[] = [];
  page.on("request", (r) => !r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("data:") && foreign.push(r.url()));

  // One block per operation the document describes.
  const described = await (await page.request.get("/api/openapi.json")).json();
  const operations = Object.values(described.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  expect(operations).toBeGreaterThanOrEqual(23);
  await page.goto("/api/docs");
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Carebook API");
  await expect(page.locator(".opblock")).toHaveCount(operations);
  await expect(page.getByRole("button", { name: /Authorize/ })).toBeVisible();

  // Open one operation: its answers, the { message } errors included, are shown.
  await page.locator('.opblock-summary-path[data-path="/api/auth/loginPatient"]').click();
  await expect(page.locator(".responses-table").first()).toContainText("429");
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
