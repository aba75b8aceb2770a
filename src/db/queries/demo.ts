/** The one read the demo needs of its own: whether any account is not a demo account. */
import { notLike, sql } from "drizzle-orm";
import type { Reader } from "../client";
import { admins, doctors, patients } from "../schema";

/** How many accounts, of any role, have an email outside `@domain` (the real ones). */
export async function countAccountsOutside(r: Reader, domain: string): Promise<number> {
  const pattern = `%@${domain}`;
  let total = 0;
  for (const table of [patients, doctors, admins]) {
    const row = await r.select({ n: sql<number>`count(*)` }).from(table).where(notLike(table.email, pattern)).get();
    total += Number(row?.n ?? 0);
  }
  return total;
}
