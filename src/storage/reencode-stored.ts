/**
 * The file half of the one-off migration of issue 11 (src/cli/reencode-all.ts runs it and swaps
 * the names in the database): a stored picture kept as uploaded (megabytes, with its Exif and GPS)
 * is re-encoded the way new uploads are (./picture.ts) and saved under a new name. A picture that
 * already is a stored copy is left alone, so running it again changes nothing.
 */
import { readImageHeader } from "./image-header";
import type { ImageFolder, ImageStorage } from "./names";
import { PICTURE_MAX_BYTES, PICTURE_SIDE, processPicture } from "./picture";

/** What became of one stored picture: gone, already clean, undecodable (kept), or copied anew. */
export type StoredReencode =
  | { outcome: "missing" }
  | { outcome: "already" }
  | { outcome: "failed"; reason: string }
  | { outcome: "saved"; name: string; bytesBefore: number; bytesAfter: number };

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

/**
 * Re-encodes the picture stored as `name` into a new file beside it, unless it already is one; the
 * original stays until the caller has swapped the names (then it removes the one not in use).
 */
export async function reencodeStored(storage: ImageStorage, folder: ImageFolder, name: string): Promise<StoredReencode> {
  const stored = await storage.read(folder, name);
  if (stored === undefined) return { outcome: "missing" };
  const bytes = new Uint8Array(await stored.body.arrayBuffer());
  if (isReencoded(bytes)) return { outcome: "already" };
  // Read before the bytes are handed to the picture worker: a transferred buffer reads as empty after.
  const bytesBefore = bytes.length;
  try {
    const picture = await processPicture(bytes);
    const saved = await storage.save(folder, picture.bytes, picture.ext);
    return { outcome: "saved", name: saved, bytesBefore, bytesAfter: picture.bytes.length };
  } catch (error) {
    return { outcome: "failed", reason: (error as Error).message };
  }
}
