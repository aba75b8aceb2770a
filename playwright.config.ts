import { defineConfig } from "@playwright/test";
import { E2E_BASE_PORT, E2E_PORT, E2E_WORKERS, SERVERS_UP } from "./tests/e2e/support/env";

/**
 * Browser journeys in Debian's Chromium (/usr/bin/chromium, never a downloaded browser),
 * against the real server on a fresh embedded database (tests/e2e/support/server.ts). E2E_WORKERS
 * workers (three unless set), each with a server, database and mail folder of its own (tests/e2e/support/env.ts): worker n
 * talks to the server on E2E_PORT + n, so no journey sees another worker's data.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // one folder per run's first port, so parallel runs never delete each other's results
  outputDir: `test-results/${E2E_BASE_PORT}`,
  // Journeys spread over the workers one by one (a long file no longer holds one worker to the end);
  // each worker's server still serves one journey at a time. The files whose journeys build on the
  // one before say so (test.describe.configure({ mode: "serial" })) and stay together in one worker.
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  // Limits for a hang, not a speed: three workers share two cores, and CI's machine has read the
  // journeys up to 1.8 times slower than this one (tests/e2e/support/env.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // Evaluated in each worker too: E2E_PORT is that worker's own server.
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Fewer of the compositor's and rasterizer's threads and passes on two shared cores, the
        // pixels alike for these journeys (no test compares screenshots): the whole journey run's
        // 600 CPU-seconds became 574 (docs/testing.md).
        "--disable-threaded-scrolling",
        "--disable-threaded-animation",
        "--disable-checker-imaging",
        "--num-raster-threads=1",
        "--disable-partial-raster",
        "--disable-lcd-text",
      ],
    },
    trace: "off",
    // A visitor who asks for less motion: the stylesheet's smooth scroll to a post's result is
    // instant, so a journey neither waits for nor draws its frames (574 CPU-seconds of the journey
    // run became 557). The notice journeys (tests/e2e/support/notice.ts) keep the default
    // visitor's smooth scroll.
    reducedMotion: "reduce",
    // The page and context a journey gets are the worker's own, kept from one journey to the next
    // and reset lightly (tests/e2e/support/kept-page.ts, through the `test` of ./support/fixtures):
    // a new context's first page costs a renderer start, and Playwright's `reuseContext` reset
    // leaves the site and comes back. A journey that needs a browser nothing has touched (first
    // visits, page weight, cold caches) opens its own context with `browser.newContext()`.
  },
  projects: [
    // Every journey as a visitor with script.
    { name: "browser", testIgnore: ["no-script/**", "slow-network/**"] },
    // The same product with JavaScript off: forms the server carries out alone.
    { name: "no-script", testMatch: "no-script/*.spec.ts", use: { javaScriptEnabled: false } },
    // The whole product's journeys, in English and Hindi, in a browser that runs script but asks for
    // less data (Chrome's Lite mode): the server sends no script at all (the journeys count every
    // script file asked for: none), so the forms alone carry them (issue 29). The other no-script
    // specs would repeat the same server pages byte for byte; src/render/save-data.test.ts checks
    // the pages, kept and fresh, send no script under Save-Data.
    { name: "save-data", testMatch: ["no-script/journeys.spec.ts", "no-script/hindi.spec.ts"], use: { extraHTTPHeaders: { "Save-Data": "on" } } },
    // Slow 3G and a 4x slower CPU (set per page through CDP): taps before the script is live.
    { name: "slow-network", testMatch: "slow-network/*.spec.ts" },
  ],
  // One server per worker, all started by one process once the client bundles are built
  // (tests/e2e/support/server.ts), which prints SERVERS_UP when every one of them answers.
  webServer: {
    command: "bun tests/e2e/support/server.ts",
    wait: { stdout: new RegExp(SERVERS_UP) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
