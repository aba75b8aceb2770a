/** The live device cookies (src/db/schema/throttle.ts, trustedDevices). */
import { and, eq } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { trustedDevices } from "../schema";
import { atCommit } from "../at-commit";

/** Whether the device id is live for the account tagged `tag` (and issued after `since`). */
export async function isLiveDevice(r: Reader, tag: string, id: string, since: Date): Promise<boolean> {
  const rows = await r.select({ createdAt: trustedDevices.createdAt }).from(trustedDevices).where(and(eq(trustedDevices.id, id), eq(trustedDevices.tag, tag)));
  return rows.length > 0 && rows[0]!.createdAt >= since;
}

/** Trusts a new device id for the account tagged `tag`, retiring `previous` (the browser's old id) if given; sent with the COMMIT. */
export function replaceDevice(tx: Tx, tag: string, id: string, now: Date, previous?: string): void {
  if (previous !== undefined) atCommit(tx, tx.delete(trustedDevices).where(and(eq(trustedDevices.id, previous), eq(trustedDevices.tag, tag))));
  atCommit(tx, tx.insert(trustedDevices).values({ id, tag, createdAt: now }));
}

/** Retires every device of the account tagged `tag` (logout). */
export async function forgetDevices(tx: Tx, tag: string): Promise<void> {
  await tx.delete(trustedDevices).where(eq(trustedDevices.tag, tag));
}
