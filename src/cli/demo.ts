/**
 * `bun run demo` (or `carebook demo` in the binary): fills the configured database (DATABASE_URL,
 * data/app.db by default) with the demo of src/demo, prints every login, then starts the
 * server. It refuses a database that holds any account outside the demo's email domain, so it
 * can never mix invented people into real data. Running it again changes nothing that exists.
 */
import { boot } from "../config/boot";
import { countAccountsOutside } from "../db/queries/demo";
import { DEMO_ADMIN, DEMO_DOCTORS, DEMO_DOMAIN, DEMO_PASSWORD, DEMO_PATIENTS } from "../demo/people";
import { seedDemo } from "../demo/seed";
import { parseEnv } from "../config/env";

// Without an SMTP server, the demo's mails are written and shown to the admin (/admin-dashboard/mail).
if (!process.env.SMTP_URL) process.env.MAIL_PREVIEW ??= "true";
const config = parseEnv(process.env);
// The seeding signs in and up a few dozen accounts from this one process, through the app: the
// abuse limits per address (SERVER-RULES §3) are not for it. The server started below keeps them.
const unlimited = Number.MAX_SAFE_INTEGER;
const deps = await boot({ ...config, loginFailureLimit: unlimited, signupLimit: unlimited, authAttemptsPerMinute: unlimited });
try {
  const real = await countAccountsOutside(deps.database.db, DEMO_DOMAIN);
  if (real > 0) {
    console.error(
      `This database holds ${real} account(s) that are not demo accounts: the demo leaves it alone.\n` +
        "Run the demo on a fresh database, e.g. DATABASE_URL=file:data/demo.db bun run demo",
    );
    process.exit(1);
  }
  console.log("Preparing the demo (accounts, pictures, meetings)…");
  await seedDemo(deps);
} finally {
  deps.database.close();
}

const width = Math.max(...[DEMO_ADMIN, ...DEMO_DOCTORS, ...DEMO_PATIENTS].map((a) => a.email.length));
const line = (role: string, email: string, note: string) => console.log(`  ${role.padEnd(8)} ${email.padEnd(width)}  ${note}`);
console.log(`\nDemo logins (every password: ${DEMO_PASSWORD})`);
line("admin", DEMO_ADMIN.email, DEMO_ADMIN.name);
for (const p of DEMO_PATIENTS) line("patient", p.email, `${p.name}: meetings in every state`);
for (const d of DEMO_DOCTORS) line("doctor", d.email, `${d.name}, ${d.specialization}${d.status === "approved" ? "" : ` (${d.status})`}`);
if (config.mailPreview) console.log(`\nEvery mail the demo sends: log in as the admin and open /admin-dashboard/mail (sent nowhere).`);
console.log("");

await import("../server");
