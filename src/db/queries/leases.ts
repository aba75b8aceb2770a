/** Leases on work that only one instance should do at a time (src/db/schema/leases.ts). */
import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import { leases } from "../schema";

/**
 * Takes the lease `name` for `holder` until `until`, if nobody holds it at `now`: one statement
 * (an insert that, on an existing row, updates it only when it has run out), so two instances
 * asking at once cannot both get it. True when `holder` has it now.
 */
export async function takeLease(tx: Tx, name: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const taken = await tx
    .insert(leases)
    .values({ name, holder, until })
    .onConflictDoUpdate({ target: leases.name, set: { holder, until }, setWhere: sql`${leases.until} <= ${now.getTime()}` })
    .returning({ holder: leases.holder })
    .all();
  return taken.length === 1;
}
