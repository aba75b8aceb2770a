/**
 * The one-off migration of issue 11 (`bun run pictures:reencode`, ./reencode-pictures.ts):
 * pictures stored before it were kept exactly as uploaded. Each is re-encoded into a new file by
 * storage (src/storage/reencode-stored.ts), swapped into its account here, and the file no longer
 * in use removed. Running it again changes nothing; a picture that cannot be decoded is reported
 * and kept (its owner can upload another).
 */
import type { Deps } from "../config/deps";
import { listPictures, swapPicture } from "../db/queries/pictures";
import type { ImageFolder } from "../storage/names";
import { reencodeStored } from "../storage/reencode-stored";

export type ReencodeReport = { reencoded: number; alreadyDone: number; missing: number; failed: string[] };

/** Re-encodes every stored picture that needs it; `log` hears about each. */
export async function reencodeAll(deps: Deps, log: (line: string) => void = () => {}): Promise<ReencodeReport> {
  const report: ReencodeReport = { reencoded: 0, alreadyDone: 0, missing: 0, failed: [] };
  for (const row of await listPictures(deps.database.db)) {
    const folder: ImageFolder = row.role === "patient" ? "patients" : "doctors";
    const where = `${folder}/${row.profileImage}`;
    const done = await reencodeStored(deps.storage, folder, row.profileImage);
    if (done.outcome === "missing") {
      report.missing++;
      log(`${where}: missing, left as it is`);
    } else if (done.outcome === "already") {
      report.alreadyDone++;
    } else if (done.outcome === "failed") {
      report.failed.push(where);
      log(`${where}: not re-encoded (${done.reason}), kept`);
    } else {
      const swapped = await deps.database.write((tx) => swapPicture(tx, row.role, row.id, row.profileImage, done.name));
      // The account changed its picture meanwhile: the new copy is the one nobody uses.
      await deps.storage.remove(folder, swapped ? row.profileImage : done.name);
      if (swapped) {
        report.reencoded++;
        log(`${where} -> ${done.name} (${done.bytesBefore} -> ${done.bytesAfter} bytes)`);
      }
    }
  }
  return report;
}
