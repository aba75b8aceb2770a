/** Creating admins, for start-up seeding and the `admin:create` command. */
import type { Database } from "../db/client";
import { findAdminByEmail, insertAdmin } from "../db/queries/accounts";
import { LIMITS } from "../domain/fields";
import { emailField } from "../http/schemas";
import { hashPassword } from "./passwords";

export type NewAdmin = { email: string; password: string; name: string };

/** Creates the admin unless one with this email exists (an existing admin keeps its password). */
export async function ensureAdmin(database: Database, admin: NewAdmin, now = new Date()): Promise<"created" | "exists"> {
  // Checked as a signup checks it: an email the login would refuse makes an admin no one can use.
  const checked = emailField.safeParse(admin.email);
  if (!checked.success) throw new Error(`The admin email is not valid: ${checked.error.issues[0]?.message ?? "email must be a valid email address"}`);
  const email = checked.data;
  if (admin.password.length < LIMITS.password.min || admin.password.length > LIMITS.password.max) {
    throw new Error(`The admin password must be ${LIMITS.password.min} to ${LIMITS.password.max} characters`);
  }
  if (await findAdminByEmail(database.db, email)) return "exists";
  const passwordHash = await hashPassword(admin.password);
  return database.write(async (tx) => {
    if (await findAdminByEmail(tx, email)) return "exists";
    await insertAdmin(tx, { id: crypto.randomUUID(), name: admin.name.trim() || "Admin", email, passwordHash, createdAt: now });
    return "created";
  });
}
