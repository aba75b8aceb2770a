/**
 * `bun run admin:create [--email E] [--name N]` (or `carebook admin:create …` in the binary):
 * creates an admin. The password is never a flag (a command line shows in the process list to
 * every user of the machine): it comes from ADMIN_PASSWORD, or is asked for at a prompt (not
 * echoed when the prompt is a terminal). The email is checked as a signup checks it. Uses the
 * same configuration (DATABASE_URL …) as the server.
 */
import { parseArgs } from "node:util";
import { ensureAdmin } from "../auth/admins";
import { boot } from "../config/boot";
import { parseEnv } from "../config/env";
import { commandArgs } from "./args";

const args = commandArgs("admin:create");
if (args.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
  console.error("admin:create takes no --password (it would show in the process list): set ADMIN_PASSWORD, or answer the prompt.");
  process.exit(2);
}
const { values } = parseArgs({ args, options: { email: { type: "string" }, name: { type: "string" } } });

function ask(question: string, secret = false): string {
  // A password typed at a terminal is not echoed (stty), best effort.
  const hide = secret && process.stdin.isTTY && Bun.spawnSync(["stty", "-echo"], { stdin: "inherit" }).exitCode === 0;
  let answer: string | undefined;
  try {
    answer = prompt(question)?.trim();
  } finally {
    if (hide) {
      Bun.spawnSync(["stty", "echo"], { stdin: "inherit" });
      console.log();
    }
  }
  if (!answer) {
    console.error(`${question} is required.`);
    process.exit(1);
  }
  return answer;
}

const email = values.email ?? process.env.ADMIN_EMAIL?.trim() ?? ask("Admin email:");
const password = process.env.ADMIN_PASSWORD || ask("Admin password (8 to 128 characters):", true);
const name = values.name ?? process.env.ADMIN_NAME ?? "Admin";

const deps = await boot(parseEnv(process.env));
try {
  const outcome = await ensureAdmin(deps.database, { email, password, name });
  console.log(outcome === "created" ? `Created the admin ${email}.` : `An admin with the email ${email} already exists; nothing changed.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  deps.database.close();
}
