/**
 * `bun run demo` (or `carebook demo` in the binary): fills the configured database (DATABASE_URL,
 * data/app.db by default) with the demo of src/demo, prints every login, then starts the
 * server. It refuses a database that holds any account outside the demo's email domain, so it
 * can never mix invented people into real data. Running it again changes nothing that exists.
 * It prints in Hindi when LC_ALL or LANG starts with "hi" (src/demo/output.ts), else in English.
 */
import { boot } from "../config/boot";
import { countAccountsOutside } from "../db/queries/demo";
import { DEMO_DOMAIN } from "../demo/people";
import { demoT, loginsText, refusedText } from "../demo/output";
import { seedDemo } from "../demo/seed";
import { parseEnv } from "../config/env";

// Without an SMTP server, the demo's mails are written and shown to the admin (/admin-dashboard/mail).
if (!process.env.SMTP_URL) process.env.MAIL_PREVIEW ??= "true";
const config = parseEnv(process.env);
const t = demoT(process.env);
// The seeding signs in and up a few dozen accounts from this one process, through the app: the
// abuse limits per address (SERVER-RULES §3) are not for it. The server started below keeps them.
const unlimited = Number.MAX_SAFE_INTEGER;
// Its own requests' lines would bury the logins printed below: only warnings and failures show.
const deps = await boot({
  ...config,
  loginFailureLimit: unlimited,
  signupLimit: unlimited,
  authAttemptsPerMinute: unlimited,
  log: { ...config.log, level: "warn" },
});
try {
  const real = await countAccountsOutside(deps.database.db, DEMO_DOMAIN);
  if (real > 0) {
    console.error(refusedText(t, real));
    process.exit(1);
  }
  console.log(t("demo.preparing"));
  await seedDemo(deps);
} finally {
  deps.database.close();
}

console.log(loginsText(t, { mailPreview: config.mailPreview }));

await import("../server");
