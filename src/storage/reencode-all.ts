/**
 * The one-off migration of issue 11: pictures stored before it were kept exactly as uploaded
 * (megabytes, with their Exif and GPS). Each is re-encoded the way new uploads are (./picture.ts),
 * saved under a new name, swapped into its account, and the original removed. A picture that is
 * already a stored copy is left alone, so running it again changes nothing; one that cannot be
 * decoded is reported and kept (its owner can upload another).
 */
import type { Deps } from "../config/deps";
import { listPictures, swapPicture } from "../db/queries/pictures";
import { readImageHeader } from "./image-header";
import type { ImageFolder } from "./names";
import { PICTURE_MAX_BYTES, PICTURE_SIDE, processPicture } from "./picture";

export type ReencodeReport = { reencoded: number; alreadyDone: number; missing: number; failed: string[] };

/** JPEG segments our encoder writes before the scan: anything else (APP1 Exif, COM, ...) is metadata. */
const PLAIN_MARKERS = new Set([0xe0, 0xdb, 0xc0, 0xc4, 0xdd, 0xda]);

/** Whether `bytes` already is what picture.ts stores: a small square JPEG without metadata. */
export function isReencoded(bytes: Uint8Array): boolean {
  const header = readImageHeader(bytes);
  if (header?.type !== "jpg" || header.width !== header.height || header.width > PICTURE_SIDE || bytes.length > PICTURE_MAX_BYTES) return false;
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)) {
    if (!PLAIN_MARKERS.has(bytes[at + 1]!)) return false;
    if (bytes[at + 1] === 0xda) return true;
  }
  return false;
}

/** Re-encodes every stored picture that needs it; `log` hears about each. */
export async function reencodeAll(deps: Deps, log: (line: string) => void = () => {}): Promise<ReencodeReport> {
  const report: ReencodeReport = { reencoded: 0, alreadyDone: 0, missing: 0, failed: [] };
  for (const row of await listPictures(deps.database.db)) {
    const folder: ImageFolder = row.role === "patient" ? "patients" : "doctors";
    const stored = await deps.storage.read(folder, row.profileImage);
    if (stored === undefined) {
      report.missing++;
      log(`${folder}/${row.profileImage}: missing, left as it is`);
      continue;
    }
    const bytes = new Uint8Array(await stored.body.arrayBuffer());
    if (isReencoded(bytes)) {
      report.alreadyDone++;
      continue;
    }
    let name: string;
    try {
      const picture = await processPicture(bytes);
      name = await deps.storage.save(folder, picture.bytes, picture.ext);
    } catch (error) {
      report.failed.push(`${folder}/${row.profileImage}`);
      log(`${folder}/${row.profileImage}: not re-encoded (${(error as Error).message}), kept`);
      continue;
    }
    const swapped = await deps.database.write((tx) => swapPicture(tx, row.role, row.id, row.profileImage, name));
    await deps.storage.remove(folder, swapped ? row.profileImage : name);
    if (swapped) {
      report.reencoded++;
      log(`${folder}/${row.profileImage} -> ${name} (${bytes.length} -> ${(await deps.storage.read(folder, name))?.size} bytes)`);
    }
  }
  return report;
}
