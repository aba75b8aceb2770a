/**
 * `bun run demo` then the patient journey: the demo is started on an empty folder of its own
 * (its own port), and a patient login it printed is used in the browser, through the login form,
 * to reach meetings in every state and give the feedback that is still owed.
 */
import { expect, test } from "./support/fixtures";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..", "..");
let dir: string;
let demo: ChildProcess | undefined;
let base = "";
let output = "";

// One demo for the file's journeys: they stay together in one worker (playwright.config.ts spreads
// journeys one by one), each reading the demo's printed logins.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A worker may run this file's journeys in two batches, so a second demo: read its output afresh.
  output = "";
  dir = mkdtempSync(join(tmpdir(), "carebook-e2e-demo-"));
  const env: Record<string, string | undefined> = { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads") };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  // The webServer has built the client bundles already: run the demo command itself.
  // Playwright runs in Node: node:child_process, not Bun.spawn.
  const proc = spawn("bun", ["src/index.ts", "demo"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  demo = proc;
  proc.stdout!.setEncoding("utf8");
  base = await new Promise<string>((resolve, reject) => {
    // Keep reading after the line is found: a closed pipe must not break the running server.
    proc.stdout!.on("data", (chunk: string) => {
      output += chunk;
      const match = output.match(/listening on http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    proc.on("exit", () => reject(new Error(`the demo exited:\n${output}`)));
  });
  expect(base, output).not.toBe("");
});

test.afterAll(async () => {
  if (demo && demo.exitCode === null) {
    const exited = once(demo, "exit");
    demo.kill("SIGTERM");
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a printed demo patient logs in and finds meetings in every state", async ({ page }) => {
  const email = output.match(/^ {2}patient +(\S+@\S+)/m)![1]!;
  const password = output.match(/every password: (\S+)\)/)![1]!;
  await page.goto(`${base}/loginPatient`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  await expect(page.locator(".spec-card")).toHaveCount(16);

  await page.goto(`${base}/patient-dashboard/patient-meetings`);
  const meetings = page.locator(".meeting");
  // Every state, the cancelled one too, under "Past and cancelled" (issue 27).
  await expect(meetings).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Past and cancelled" })).toBeVisible();
  // One word for each state (issue 39): Requested, Scheduled, Completed.
  for (const status of ["Requested", "Scheduled", "Completed"]) await expect(meetings.filter({ hasText: status }).first()).toBeVisible();
  await expect(meetings.filter({ hasText: "Scheduled" }).getByRole("link", { name: "Join video call" })).toBeVisible();
  await expect(page.getByText("Feedback Submitted")).toHaveCount(1);
  await expect(meetings.filter({ hasText: "completed" }).getByRole("button", { name: /feedback/i })).toHaveCount(1);
});

test("a visitor finds the demo's approved doctors in the directory, and the home page features listed ones (issue 52)", async ({ page }) => {
  await page.goto(`${base}/doctors`);
  await expect(page.getByText("20 doctors found.")).toBeVisible();
  await expect(page.locator(".doctor-card")).toHaveCount(20);
  await expect(page.locator(".doctor-card", { hasText: "✓ Registration verified" })).toHaveCount(20);
  await page.goto(`${base}/`);
  const featured = page.locator("#find-doctors .doctor-card h3 a");
  await expect(featured).toHaveCount(4);
  await featured.first().click();
  await expect(page).toHaveURL(/\/doctors\/[^/]+$/);
  await expect(page.getByText("(verified by Carebook)")).toBeVisible();
});
