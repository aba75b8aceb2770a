/** Creating admins, for start-up seeding and the `admin:create` command. */
import type { Database } from "../db/client";
import { findAdminByEmail, insertAdmin } from "../db/queries/accounts";
import { LIMITS } from "../domain/fields";
import { hashPassword } from "./passwords";

export type NewAdmin = { email: string; password: string; name: string };

/** Creates the admin unless one with this email exists (an existing admin keeps its password). */
export async function ensureAdmin(database: Database, admin: NewAdmin, now = new Date()): Promise<"created" | "exists"> {
  const email = admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error("The admin email is not a valid email address");
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
