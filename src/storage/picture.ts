/**
 * Every profile picture is re-encoded before it is stored (SERVER-RULES §6): its header is read
 * and a picture of too many pixels refused (413) without decoding it; then it is decoded, cut to
 * the centre square, scaled down to at most PICTURE_SIDE pixels a side and written as a new
 * baseline JPEG of at most PICTURE_MAX_BYTES. The encoder writes pixels only, so the uploaded
 * file's Exif (GPS), comments and other metadata never reach the disk.
 *
 * Decoding a 12-megapixel photo takes about a second and a few hundred MB of WebAssembly memory,
 * so pictures are processed one at a time; a bounded number wait, and beyond that the caller is
 * told to come back (503 with Retry-After) instead of piling up memory.
 */
import { IMAGE_TYPE_MESSAGE } from "../domain/fields";
import { Refusal } from "../actions/refusal";
import { codecsReady, decodeJpeg, decodePng, encodeJpeg, resize } from "./codecs";
import { readImageHeader } from "./image-header";
import type { ImageExtension } from "./names";
import { Limiter } from "./limiter";

/**
 * The side of the stored square picture: twice the 64 px avatar of the doctors' lists, so it is
 * sharp there on a high-density screen, and small enough (2 to 4 KB) that a list of ten doctors
 * stays within the 110 KB page budget of a slow connection (docs/decisions.md). The profile
 * page's 96 px avatar scales it up a little.
 */
export const PICTURE_SIDE = 128;
/** The stored picture's ceiling in bytes. */
export const PICTURE_MAX_BYTES = 20 * 1024;
/**
 * The most pixels a picture may claim: a 24-megapixel camera (6000 x 4000). Decoding needs 4
 * bytes a pixel, and twice that while the pixels are copied out of WebAssembly.
 */
export const MAX_PIXELS = 24_000_000;

/** Past this many pixels (2000 x 2000), a picture's garbage is collected at once. */
const LARGE_PIXELS = 4_000_000;

/** JPEG qualities tried in turn until the picture fits PICTURE_MAX_BYTES (only noise needs the lower ones). */
const QUALITIES = [65, 50, 35, 20];

/** One picture is decoded at a time; this many more may wait for it. */
export const pictureQueue = new Limiter(1, 16);

export type Picture = { bytes: Uint8Array; ext: ImageExtension };

/** Refuses a picture whose header is unreadable (415) or claims too many pixels (413), from the header only. */
export function checkPictureHeader(bytes: Uint8Array) {
  const header = readImageHeader(bytes);
  if (header === undefined || header.width === 0 || header.height === 0) throw new Refusal("unsupported", IMAGE_TYPE_MESSAGE);
  if (header.width * header.height > MAX_PIXELS) {
    throw new Refusal("too_large", `Profile picture must be at most ${MAX_PIXELS / 1_000_000} megapixels (this one is ${header.width} x ${header.height})`);
  }
  return header;
}

/** Paints transparent pixels onto white: JPEG has no alpha, and black corners would look broken. */
function flattenOnWhite(image: ImageData): ImageData {
  const px = image.data;
  for (let i = 3; i < px.length; i += 4) {
    const alpha = px[i]!;
    if (alpha === 255) continue;
    for (let c = i - 3; c < i; c++) px[c] = Math.round((px[c]! * alpha + 255 * (255 - alpha)) / 255);
    px[i] = 255;
  }
  return image;
}

async function decode(bytes: Uint8Array, type: ImageExtension): Promise<ImageData> {
  try {
    // The decoders take an ArrayBuffer and copy it into WebAssembly memory: copy only a part view.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const input = (whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as ArrayBuffer;
    // A phone stores a portrait photo sideways with an Exif orientation: turn it upright.
    return type === "png" ? flattenOnWhite(await decodePng(input)) : await decodeJpeg(input, { preserveOrientation: true });
  } catch {
    throw new Refusal("unsupported", IMAGE_TYPE_MESSAGE);
  }
}

/** Decode, centre square, scale, encode: the stored picture. Runs only inside the queue. */
async function reencode(bytes: Uint8Array): Promise<Picture> {
  const header = checkPictureHeader(bytes);
  await codecsReady();
  const image = await decode(bytes, header.type);
  // The decoder's answer is the truth: a header could lie about the size it announced.
  if (image.width * image.height > MAX_PIXELS) throw new Refusal("too_large", `Profile picture must be at most ${MAX_PIXELS / 1_000_000} megapixels`);
  const side = Math.min(PICTURE_SIDE, image.width, image.height);
  // "contain" cuts the centre square out of a rectangle before scaling; never scale up.
  const square = await resize(image, { width: side, height: side, fitMethod: "contain", method: "lanczos3", premultiply: false, linearRGB: false });
  let out = new Uint8Array(0);
  for (const quality of QUALITIES) {
    out = new Uint8Array(await encodeJpeg(square, { quality, baseline: true, progressive: false, optimize_coding: true }));
    if (out.byteLength <= PICTURE_MAX_BYTES) break;
  }
  return { bytes: out, ext: "jpg" };
}

/**
 * The picture to store for an upload: checks the header at once (before waiting in the queue),
 * then re-encodes it when its turn comes. Throws a Refusal: too_large, unsupported, busy.
 */
export async function processPicture(bytes: Uint8Array): Promise<Picture> {
  const header = checkPictureHeader(bytes);
  return pictureQueue.run(async () => {
    try {
      return await reencode(bytes);
    } finally {
      // A camera photo leaves some 100 MB of pixel copies behind; collect them before the next
      // one decodes, or a queue of photos stacks their garbage past the memory bound. A picture
      // the browser already shrank leaves little, and is not worth a full collection.
      if (header.width * header.height > LARGE_PIXELS) Bun.gc(true);
    }
  });
}
