import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/** `bun run screenshots`: the screenshot script (tests/screenshots) against the e2e server. */
export default defineConfig({ ...base, testDir: "tests/screenshots", projects: [{ name: "screenshots" }] });
