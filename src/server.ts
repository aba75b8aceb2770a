/**
 * Runs Carebook: reads the environment, migrates, seeds the admin, serves, and shuts down
 * gracefully on SIGTERM or SIGINT. Started by src/index.ts.
 */
import { createApp } from "./app";
import { socketBodyLimit } from "./http/upload-gate";
import { ensureAdmin } from "./auth/admins";
import { backupTurns, scheduleBackups } from "./backup/schedule";
import { picturePool } from "./storage/picture";
import { boot } from "./config/boot";
import { ensureTotals } from "./actions/stats";
import { pruneAll } from "./actions/prune";
import { startNextFreeHints } from "./actions/next-free-hints";
import { countAdmins } from "./db/queries/accounts";
import { holdServerLock, lockedFile } from "./db/server-lock";
import { parseEnv } from "./config/env";
import { startMail } from "./mail/start";
import { startTexts } from "./mail/start-texts";
import { startOfferExpiry } from "./actions/waitlist-offers";
import { flushLogger, safeError } from "./observe/log";

const config = parseEnv(process.env);
// Held while the server runs: `carebook restore` refuses to replace a database in use.
const lockFile = lockedFile(config.databaseUrl, config.databaseReplica !== undefined);
const releaseLock = lockFile === undefined ? undefined : holdServerLock(lockFile);
const deps = await boot(config);
// Issue 58: per-day totals never built, or built in another zone, are made from the rows once.
if (await ensureTotals(deps)) console.log(`Rebuilt the per-day totals (days in ${config.defaultTimeZone}).`);
const mail = startMail(deps);
// Issue 55: SMS (and WhatsApp) from the same outbox, each channel its own sender.
const texts = startTexts(deps);
// Waitlist offers that ran out go to the next patient waiting (issue 40): every process looks; each is passed on once.
const stopOfferExpiry = startOfferExpiry(deps);
// The directory's next-free hints (issue 57): computed again after whatever may have freed a slot.
const stopNextFreeHints = startNextFreeHints(deps);

if (config.admin.email && config.admin.password) {
  const outcome = await ensureAdmin(deps.database, { email: config.admin.email, password: config.admin.password, name: config.admin.name });
  if (outcome === "created") console.log(`Created the admin ${config.admin.email}.`);
} else if ((await countAdmins(deps.database.db)) === 0) {
  console.log("No admin exists yet. Create one with: bun run admin:create (or set ADMIN_EMAIL and ADMIN_PASSWORD).");
}

// The hourly prune (src/actions/prune.ts): expired sessions and reset links, throttle events past
// their window, finished mails past MAIL_KEEP_DAYS, audit events past AUDIT_KEEP_DAYS (in short
// batches, issue 57) and records past RECORD_KEEP_DAYS (issue 56). One log line with its counts.
// It runs beside the requests, not before the server listens (a first run after an upgrade may have a
// million rows to go), one run at a time; a shutdown ends it between two batches.
let stopping = false;
let pruneRun: Promise<unknown> | undefined;
const prune = () => {
  pruneRun ??= pruneAll(deps, undefined, () => stopping)
    .catch((error) => deps.observe.log.warn({ err: safeError(error) }, "prune failed"))
    .finally(() => (pruneRun = undefined));
};
prune();
const pruning = setInterval(prune, 3_600_000);
pruning.unref();

const backups = scheduleBackups(config, backupTurns(deps.database, config.backup.intervalHours * 3_600_000));

const app = createApp(deps);
// The app refuses bodies over its limits itself, as JSON with CORS headers (upload-gate.ts).
const maxRequestBodySize = socketBodyLimit(config.maxUploadBytes);
// Bun closes a connection that has been silent this long; an upload waiting in line for its
// turn (upload-gate.ts) is silent until then, so the 10 s default would cut it off unanswered.
const idleTimeout = 120;
const server = Bun.serve({ hostname: config.host, port: config.port, fetch: app.fetch, maxRequestBodySize, idleTimeout });
console.log(`Carebook is listening on http://localhost:${server.port}`);
// The picture workers start now, not during the first upload (src/storage/picture-pool.ts).
picturePool(config.pictureWorkers).warm();

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then closing the database.`);
  clearInterval(pruning);
  stopOfferExpiry();
  stopNextFreeHints();
  await pruneRun;
  await server.stop(false);
  await backups?.stop();
  await mail?.stop();
  await Promise.all(texts.map((sender) => sender.stop()));
  deps.database.close();
  releaseLock?.();
  flushLogger(deps.observe.log);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
