/**
 * Every profile picture is re-encoded before it is stored (SERVER-RULES §6): its header is read
 * and a picture of too many pixels, frames or scans refused without decoding it; then it is
 * decoded, cut to the centre square, scaled down to at most PICTURE_SIDE pixels a side and
 * written as a new baseline JPEG of at most PICTURE_MAX_BYTES (./reencode.ts). The encoder
 * writes pixels only, so the uploaded file's Exif (GPS), comments and other metadata never reach
 * the disk.
 *
 * Decoding a 24-megapixel photo takes seconds and a few hundred MB of WebAssembly memory, so it
 * runs in a picture worker (./picture-pool.ts), never on the thread that answers requests: a
 * pool of PICTURE_WORKERS threads, a bounded line before it (503 with Retry-After beyond), and a
 * time budget per picture past which its worker is ended and the upload refused.
 */
import { IMAGE_TYPE_MESSAGE } from "../domain/fields";
import { Refusal } from "../domain/refusal";
import { jpegStructure, pngIsAnimated, readImageHeader } from "./image-header";
import type { ImageExtension } from "./names";
import { PicturePool } from "./picture-pool";
import { MAX_PIXELS, type PictureShape } from "./reencode";

export { MAX_PIXELS, PICTURE_MAX_BYTES, PICTURE_SIDE } from "./reencode";

/**
 * The most scans a JPEG may hold. A camera's progressive JPEG has about ten (libjpeg's standard
 * progression), an optimised one a few dozen at most; each scan makes the decoder go over the
 * whole picture once, so thousands of empty scans cost minutes from a few kilobytes.
 */
export const MAX_JPEG_SCANS = 100;

/**
 * The CPU time a picture may take to decode and re-encode (./picture-pool.ts): an honest
 * 24-megapixel photo takes about 1.5 s of it, one of MAX_JPEG_SCANS scans about 0.5 s.
 */
export const PICTURE_TIME_BUDGET_MS = 5_000;

/**
 * Past this many pixels (2000 x 2000), a picture decodes alone and its worker is replaced after
 * it (./picture-pool.ts), and the upload's garbage on this thread is collected at once.
 */
const LARGE_PIXELS = 4_000_000;

export type Picture = { bytes: Uint8Array; ext: ImageExtension };

const NOT_A_PHOTO_MESSAGE = "Profile picture must be an ordinary photo: this file's structure is not one a camera makes";

/**
 * Refuses, from the header and the segments alone, a picture that is unreadable (415), claims
 * too many pixels (413), or holds more than one frame (a JPEG's frames, an animated PNG) or more
 * than MAX_JPEG_SCANS scans (415).
 */
export function checkPictureHeader(bytes: Uint8Array) {
  const header = readImageHeader(bytes);
  if (header === undefined || header.width === 0 || header.height === 0) throw new Refusal("unsupported", IMAGE_TYPE_MESSAGE);
  if (header.width * header.height > MAX_PIXELS) {
    throw new Refusal("too_large", `Profile picture must be at most ${MAX_PIXELS / 1_000_000} megapixels (this one is ${header.width} x ${header.height})`);
  }
  if (header.type === "png" && pngIsAnimated(bytes)) throw new Refusal("unsupported", `${NOT_A_PHOTO_MESSAGE} (it is an animation)`);
  if (header.type === "jpg") {
    const structure = jpegStructure(bytes);
    if (structure === undefined) throw new Refusal("unsupported", IMAGE_TYPE_MESSAGE);
    if (structure.frames > 1) throw new Refusal("unsupported", `${NOT_A_PHOTO_MESSAGE} (it holds ${structure.frames} frames)`);
    if (structure.scans > MAX_JPEG_SCANS) {
      throw new Refusal("unsupported", `${NOT_A_PHOTO_MESSAGE} (it holds ${structure.scans} scans; at most ${MAX_JPEG_SCANS})`);
    }
  }
  return header;
}

let pool: PicturePool | undefined;

/** The process's picture pool, started with `workers` threads on first use. */
export function picturePool(workers = 1): PicturePool {
  pool ??= new PicturePool(workers, PICTURE_TIME_BUDGET_MS);
  return pool;
}

/**
 * The picture to store for an upload: checks the header at once (before waiting in line), then
 * re-encodes it in a worker when its turn comes. Throws a Refusal: too_large, unsupported, busy.
 * `bytes` is handed over to the worker: its buffer is unusable afterwards.
 */
export async function processPicture(bytes: Uint8Array, workers?: number, shape: PictureShape = "square"): Promise<Picture> {
  const header = checkPictureHeader(bytes);
  const large = header.width * header.height > LARGE_PIXELS;
  try {
    const out = await picturePool(workers).run(bytes, header.type, { large, transfer: true, shape });
    return { bytes: out, ext: "jpg" };
  } finally {
    // The upload's body (up to MAX_UPLOAD_BYTES, read, parsed and copied on this thread) is
    // garbage now: collect it before the next photo's, or a line of photos stacks them up. This
    // thread's heap is small, so the collection is short: 3 to 10 ms (docs/performance.md, issue 23).
    if (large) Bun.gc(true);
  }
}
