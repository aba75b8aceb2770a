/**
 * The servers the browser journeys run against, one per worker (E2E_WORKERS): each the real app
 * (src/index.ts) on a fresh embedded database in a folder of its own, with the admin seeded, a real
 * SMTP server and a Twilio stand-in on loopback (./env.ts, `e2ePaths`). The client bundles are
 * built first, once; then the servers start together, and the line the config waits for comes once
 * every one of them answers (started one after another, as one webServer each, they took about 2 s
 * apiece before the first journey). If one stops, the others are stopped and this process ends.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../../../bench/server";
import { startMailCatcher } from "../../support/mail-catcher";
import { startTwilioStandin } from "../../support/twilio-standin";
import { ADMIN, E2E_WORKERS, e2ePaths, SERVERS_UP } from "./env";

const root = join(import.meta.dir, "..", "..", "..");

async function startServer(index: number) {
  const { port, dir, db, mailDir, smsDir, clientOrigin } = e2ePaths(index);
  rmSync(dir, { recursive: true, force: true });
  // A real SMTP server on loopback (any free port) that writes each mail into mailDir.
  mkdirSync(mailDir, { recursive: true });
  const smtp = await startMailCatcher(0, mailDir);
  // Issue 55: a stand-in of Twilio's Messages API on loopback that writes each SMS into smsDir.
  mkdirSync(smsDir, { recursive: true });
  const twilio = await startTwilioStandin(smsDir);
  const app = Bun.spawn(["bun", "src/index.ts"], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${db}`,
      UPLOAD_DIR: join(dir, "uploads"),
      JWT_SECRET: "e2e-secret-that-is-at-least-32-bytes-long!",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      LOGIN_FAILURE_LIMIT: "1000",
      SIGNUP_LIMIT: "100000",
      AUTH_ATTEMPTS_PER_MINUTE: "1000000",
      // A client on another site (tests/e2e/pictures.spec.ts) that may load pictures cross-origin.
      CORS_ORIGINS: clientOrigin,
      SMTP_URL: smtp.url,
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: "ACe2e0000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "e2e-token-not-a-real-one",
      TWILIO_FROM: "+15005550006",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The journeys' output stays readable: no line per request, but a failure's line with its stack.
      LOG_LEVEL: "warn",
      // The doctor's undo window (issue 39): short enough for a journey to wait it out and see the
      // patient's mail go, long enough to undo within it.
      UNDO_SECONDS: "3",
    },
  });
  const stop = async () => {
    app.kill("SIGTERM");
    await app.exited;
    await smtp.stop();
    twilio.stop();
  };
  return { url: `http://127.0.0.1:${port}/about`, app, stop };
}

/** Resolves once `url` answers (bench/server.ts's `waitFor`); rejects as soon as the server exits. */
function answering(url: string, exited: Promise<number>): Promise<void> {
  return Promise.race([waitFor(url, 60_000), exited.then((code) => Promise.reject(new Error(`${url}: the server exited (${code}) before it answered`)))]);
}

const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);

const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, index) => startServer(index)));
const stopAll = () => Promise.all(servers.map((s) => s.stop()));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stopAll().then(() => process.exit(0)));
try {
  await Promise.all(servers.map((s) => answering(s.url, s.app.exited)));
} catch (error) {
  console.error(String(error));
  await stopAll();
  process.exit(1);
}
console.log(SERVERS_UP);
// One server stopping ends the run's servers: the journeys on it would fail one by one.
const code = await Promise.race(servers.map((s) => s.app.exited));
await stopAll();
process.exit(code || 1);
