/**
 * `bun bench/first-tap.ts [--root DIR] [--runs 3]`: the time from tapping Login (the form filled at
 * once, as a password manager does) to the patient dashboard's list of specializations, on
 * DevTools' Slow 3G (400 ms, 400 kbit/s) with a 4x slower CPU, with script and without. Median
 * of `runs` cold visits. `--root` runs another checkout (e.g. a worktree of an older commit) to
 * compare before and after on the same machine in the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { api, PASSWORD, ROOT, startServer, stopServer } from "./server";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { root: { type: "string" }, runs: { type: "string" } } });
const root = resolve(values.root ?? ROOT);
const runs = Number(values.runs ?? 3);
const GIVE_UP_MS = 30_000;

/** One cold visit: ms from the tap to the dashboard's list, or undefined when it never shows. */
async function tapToList(browser: Browser, base: string, email: string, script: boolean): Promise<number | undefined> {
  const context = await browser.newContext({ javaScriptEnabled: script, baseURL: base });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    await page.goto("/loginPatient", { waitUntil: "commit" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    const tapped = performance.now();
    await page.getByRole("button", { name: "Login" }).click({ noWaitAfter: true });
    await page.locator(".spec-card").first().waitFor({ state: "visible", timeout: GIVE_UP_MS });
    return Math.round(performance.now() - tapped);
  } catch {
    return undefined;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
if (build.exitCode !== 0) throw new Error(`client build failed in ${root}`);
const dir = mkdtempSync(join(tmpdir(), "carebook-first-tap-"));
const server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "first-tap-secret-at-least-32-bytes-long" }, 20_000, root);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
});
try {
  console.log(`Tap Login → dashboard list, Slow 3G + 4x CPU, median of ${runs} (${root})`);
  for (const script of [true, false]) {
    const times: (number | undefined)[] = [];
    for (let i = 0; i < runs; i++) {
      const email = `tap${i}.${script}.${Date.now()}@example.com`;
      const signup = await api(server.url, "POST", "/signupPatient", { json: { name: "Tapper", email, password: PASSWORD } });
      if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
      times.push(await tapToList(browser, server.url, email, script));
    }
    const reached = times.filter((t): t is number => t !== undefined);
    const shown = reached.length === 0 ? "never" : `${median(reached)} ms`;
    console.log(`  script ${script ? "on " : "off"}: ${shown} (${reached.length}/${runs} reached the list; each: ${times.map((t) => t ?? "never").join(", ")})`);
  }
} finally {
  await browser.close();
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
