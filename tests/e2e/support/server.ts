/**
 * A server the browser journeys run against: the real app (src/index.ts) on a fresh embedded
 * database in a temporary folder, with the admin seeded and fresh client bundles. The config
 * starts one per worker (E2E_INDEX), each on its own port and folder (./env.ts).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startMailCatcher } from "../../support/mail-catcher";
import { startTwilioStandin } from "../../support/twilio-standin";
import { ADMIN, CLIENT_ORIGIN, E2E_DB, E2E_DIR, E2E_INDEX, E2E_MAIL_DIR, E2E_PORT, E2E_SMS_DIR } from "./env";

rmSync(E2E_DIR, { recursive: true, force: true });
const root = join(import.meta.dir, "..", "..", "..");
// The first server builds the client bundles; the config starts the others only once it answers
// (Playwright starts its webServers one after another), so they serve the same files, never a build
// half written.
if (E2E_INDEX === 0) {
  const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

// A real SMTP server on loopback (any free port) that writes each mail into E2E_MAIL_DIR.
mkdirSync(E2E_MAIL_DIR, { recursive: true });
const smtp = await startMailCatcher(0, E2E_MAIL_DIR);
// Issue 55: a stand-in of Twilio's Messages API on loopback that writes each SMS into E2E_SMS_DIR.
mkdirSync(E2E_SMS_DIR, { recursive: true });
const twilio = await startTwilioStandin(E2E_SMS_DIR);

const server = Bun.spawn(["bun", "src/index.ts"], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(E2E_PORT),
    DATABASE_URL: `file:${E2E_DB}`,
    UPLOAD_DIR: join(E2E_DIR, "uploads"),
    JWT_SECRET: "e2e-secret-that-is-at-least-32-bytes-long!",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    LOGIN_FAILURE_LIMIT: "1000",
    SIGNUP_LIMIT: "100000",
    AUTH_ATTEMPTS_PER_MINUTE: "1000000",
    // A client on another site (tests/e2e/pictures.spec.ts) that may load pictures cross-origin.
    CORS_ORIGINS: CLIENT_ORIGIN,
    SMTP_URL: smtp.url,
    TWILIO_API_URL: twilio.url,
    TWILIO_ACCOUNT_SID: "ACe2e0000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "e2e-token-not-a-real-one",
    TWILIO_FROM: "+15005550006",
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    // The journeys' output stays readable: no line per request, but a failure's line with its stack.
    LOG_LEVEL: "warn",
    // The doctor's undo window (issue 39): short enough for a journey to wait it out and see the
    // patient's mail go, long enough to undo within it.
    UNDO_SECONDS: "3",
  },
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
const code = await server.exited;
await smtp.stop();
twilio.stop();
process.exit(code);
