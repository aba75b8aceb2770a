/**
 * `bun bench/first-tap.ts [--root DIR ...] [--runs 3]`: a first tap's result on DevTools' Slow 3G
 * (400 ms, 400 kbit/s) with a 4x slower CPU, with script and without, each a cold visit:
 *
 * - **Login**: from tapping Login (the form filled at once, as a password manager does) to the
 *   patient dashboard's list of specializations;
 * - **Book**: on a doctor's booking page, the reason typed, from tapping Book Appointment to the
 *   word that the request was sent (in place with script; on the page the form's 303 leads to
 *   without).
 *
 * Median of `runs` visits. Each `--root` is a checkout to run (e.g. a worktree of an older commit,
 * with its node_modules); given more than once, the builds run side by side, each on a server of
 * its own, and every run takes each build's visit in turn, the order alternating (ABBA), so a
 * drift of a shared machine's speed weighs on all alike. Without `--root`, this checkout.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { launchBrowser } from "./first-paint";
import { ADMIN, api, PASSWORD, ROOT, startServer, stopServer, type Server } from "./server";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { root: { type: "string", multiple: true }, runs: { type: "string" } } });
const roots = (values.root?.length ? values.root : [ROOT]).map((r) => resolve(r));
const runs = Number(values.runs ?? 3);
const GIVE_UP_MS = 30_000;

type Build = { root: string; server: Server; doctorId: string };
type Tap = "Login" | "Book";

/** A cold page on Slow 3G with the CPU slowed 4x, `script` on or off. */
async function slowPage(browser: Browser, base: string, script: boolean, cookie?: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: script, baseURL: base });
  if (cookie) await context.addCookies([{ name: "carebook_session", value: cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { page, close: () => context.close() };
}

/** One cold visit: ms from the tap to its result on screen, or undefined when it never shows. */
async function tap(browser: Browser, build: Build, what: Tap, script: boolean, run: number): Promise<number | undefined> {
  const base = build.server.url;
  const email = `tap${run}.${what}.${script}.${Date.now()}@example.com`;
  const signup = await api(base, "POST", "/signupPatient", { json: { name: "Tapper", email, password: PASSWORD } });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
  const token = (signup.body as { token: string }).token;
  const { page, close } = await slowPage(browser, base, script, what === "Book" ? token : undefined);
  try {
    let tapped: number;
    if (what === "Login") {
      await page.goto("/loginPatient", { waitUntil: "commit" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      tapped = performance.now();
      await page.getByRole("button", { name: "Login" }).click({ noWaitAfter: true });
      await page.locator(".spec-card").first().waitFor({ state: "visible", timeout: GIVE_UP_MS });
    } else {
      await page.goto(`/patient-dashboard/bookAppointment/${build.doctorId}`, { waitUntil: "commit" });
      await page.locator("#reason").fill("A cough that has lasted three weeks.");
      tapped = performance.now();
      await page.getByRole("button", { name: "Book Appointment" }).click({ noWaitAfter: true });
      // The builds word it differently: "Appointment booked." then, "Appointment request sent. ..." now.
      await page.getByText(/Appointment (booked|request sent)/).first().waitFor({ state: "visible", timeout: GIVE_UP_MS });
    }
    return Math.round(performance.now() - tapped);
  } catch {
    return undefined;
  } finally {
    await close();
  }
}

/** Starts `root`'s server (its client built first) with an approved doctor to book. */
async function startBuild(root: string, dir: string): Promise<Build> {
  const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error(`client build failed in ${root}`);
  const name = roots.indexOf(root);
  const server = await startServer(
    { DATABASE_URL: `file:${join(dir, `app-${name}.db`)}`, UPLOAD_DIR: join(dir, `uploads-${name}`), JWT_SECRET: "first-tap-secret-at-least-32-bytes-long" },
    20_000,
    root,
  );
  const doctor = await api(server.url, "POST", "/signupDoctor", {
    json: { name: "Dr. Tia Tap", email: `tap-doctor-${Date.now()}@example.com`, password: PASSWORD, specialization: "Cardiologist", collegeName: "City Medical College" },
  });
  const doctorId = (doctor.body as { doctor: { _id: string } }).doctor._id;
  const admin = await api(server.url, "POST", "/loginAdmin", { json: ADMIN });
  const approved = await api(server.url, "PATCH", `/admin-dashboard/doctor-status/${doctorId}`, { token: (admin.body as { token: string }).token, json: { status: "approved" } });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status}`);
  return { root, server, doctorId };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), "carebook-first-tap-"));
const builds: Build[] = [];
const browser = await launchBrowser();
try {
  for (const root of roots) builds.push(await startBuild(root, dir));
  console.log(`First tap's result, Slow 3G + 4x CPU, median of ${runs} cold visits${builds.length > 1 ? ", the builds in turn (ABBA)" : ""}`);
  for (const what of ["Login", "Book"] as const) {
    for (const script of [true, false]) {
      const times = builds.map((): (number | undefined)[] => []);
      for (let i = 0; i < runs; i++) {
        const order = i % 2 === 0 ? builds.map((_, k) => k) : builds.map((_, k) => builds.length - 1 - k);
        for (const k of order) times[k]!.push(await tap(browser, builds[k]!, what, script, i));
      }
      builds.forEach((b, k) => {
        const reached = times[k]!.filter((t): t is number => t !== undefined);
        const shown = reached.length === 0 ? "never" : `${median(reached)} ms`;
        const each = times[k]!.map((t) => t ?? "never").join(", ");
        console.log(`  ${what.padEnd(5)} script ${script ? "on " : "off"}: ${shown} (${reached.length}/${runs}; each: ${each})  ${b.root}`);
      });
    }
  }
} finally {
  await browser.close();
  for (const b of builds) await stopServer(b.server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
