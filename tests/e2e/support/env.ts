/**
 * Where the browser journeys' servers run and keep their data (shared by the config, servers and
 * fixtures). The journeys run in E2E_WORKERS Playwright workers, each against a server of its own,
 * with its own database and mail folder: worker n (Playwright's TEST_PARALLEL_INDEX, 0 to E2E_WORKERS - 1) talks
 * to the server on E2E_PORT + n, which keeps its data in its own folder (`e2ePaths(n)`). The config
 * starts one process that starts a server per worker (./server.ts); a worker reads its index from
 * Playwright, so its baseURL, database path and mail folder all follow.
 */
import { join } from "node:path";
import { tmpdir } from "node:os";

/**
 * Workers, and so servers: each worker has a server, database and mail folder of its own. Three
 * unless E2E_WORKERS says otherwise. With one, this 2-core machine sat 47 % idle through the
 * journeys (vmstat, 5 December 2026): 250 journeys took 575 s with one worker, 399 s with two
 * (22 % idle). Once the journeys stopped opening a tab or a context per check (accessibility, page
 * weight), a third filled most of what was left: 255 journeys in 354 s against 377 with two, each
 * journey about a third longer (the longest, page weight's, 33 s). The two journeys only two
 * workers failed were a demo's port read from a stopped demo's output and a zone note that left the
 * page under a tap (docs/testing.md).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
/** The line ./server.ts prints once every server answers: the config waits for it. */
export const SERVERS_UP = "the journeys' servers answer";
/** The first server's port; server n listens on E2E_BASE_PORT + n. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Server n's port, the folder of its database, uploads, mail and SMS, and the other site's origin it
 * lets load pictures (tests/e2e/pictures.spec.ts serves its page there).
 */
export function e2ePaths(index: number) {
  const port = E2E_BASE_PORT + index;
  const dir = process.env.E2E_DIR ? join(process.env.E2E_DIR, String(index)) : join(tmpdir(), `carebook-e2e-${port}`);
  return { port, dir, db: join(dir, "app.db"), mailDir: join(dir, "mail"), smsDir: join(dir, "sms"), clientOrigin: `http://127.0.0.1:${port + 1000}` };
}
/** Which server a worker talks to: Playwright's index of the worker. */
export const E2E_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const paths = e2ePaths(E2E_INDEX);
export const E2E_PORT = paths.port;
export const E2E_DIR = paths.dir;
export const E2E_DB = paths.db;
export const ADMIN = { email: "admin@example.com", password: "admin-password-1", name: "Ada Admin" };
export const PASSWORD = "correct-horse-1";
/** Another site's origin that the e2e server lets load pictures (tests/e2e/pictures.spec.ts serves its page). */
export const CLIENT_ORIGIN = paths.clientOrigin;
/** Every mail the e2e server sends, as .eml files: its SMTP server on loopback writes them here (issue 25). */
export const E2E_MAIL_DIR = paths.mailDir;
/** Every SMS the e2e server sends (issue 55), as JSON: its Twilio stand-in on loopback writes them here. */
export const E2E_SMS_DIR = paths.smsDir;
