/** Profile pictures across both roles, for the one-off re-encoding (src/cli/reencode-all.ts). */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { doctors, patients } from "../schema";

export type PictureRole = "patient" | "doctor";
export type PictureRow = { role: PictureRole; id: string; profileImage: string };

const tables = { patient: patients, doctor: doctors } as const;

/** Every patient and doctor that has a picture. */
export async function listPictures(r: Reader): Promise<PictureRow[]> {
  const rows: PictureRow[] = [];
  for (const role of ["patient", "doctor"] as const) {
    const table = tables[role];
    const found = await r.select({ id: table.id, profileImage: table.profileImage }).from(table).where(isNotNull(table.profileImage)).all();
    for (const row of found) rows.push({ role, id: row.id, profileImage: row.profileImage! });
  }
  return rows;
}

/** Replaces `from` by `to` only if the account still has `from` (its owner may have changed it meanwhile). */
export async function swapPicture(tx: Tx, role: PictureRole, id: string, from: string, to: string): Promise<boolean> {
  const table = tables[role];
  const changed = await tx
    .update(table)
    .set({ profileImage: to })
    .where(and(eq(table.id, id), eq(table.profileImage, from)))
    .returning({ id: table.id })
    .all();
  return changed.length === 1;
}
