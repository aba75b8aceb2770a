/**
 * `bun run admin:create [--email E] [--password P] [--name N]` (or `carebook admin:create …` in
 * the binary): creates an admin, asking for whatever the flags do not give. Uses the same
 * configuration (DATABASE_URL …) as the server.
 */
import { parseArgs } from "node:util";
import { ensureAdmin } from "../auth/admins";
import { boot } from "../config/boot";
import { parseEnv } from "../config/env";
import { commandArgs } from "./args";

const { values } = parseArgs({
  args: commandArgs("admin:create"),
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});

function ask(question: string): string {
  const answer = prompt(question)?.trim();
  if (!answer) {
    console.error(`${question} is required.`);
    process.exit(1);
  }
  return answer;
}

const email = values.email ?? ask("Admin email:");
const password = values.password ?? ask("Admin password (8 to 128 characters):");
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
