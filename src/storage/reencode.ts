/**
 * The decoding half of ./picture.ts: decode, cut the centre square, scale, encode. It runs only
 * inside a picture worker (./picture-worker.ts), never on the server's request thread, so a
 * picture that takes long to decode delays nothing but its own upload.
 */
import { IMAGE_TYPE_MESSAGE } from "../domain/fields";
import { codecsReady, decodeJpeg, decodePng, encodeJpeg, resize } from "./codecs";
import type { ImageExtension } from "./names";

/**
 * The side of the stored square picture: twice the 64 px avatar of the doctors' lists, so it is
 * sharp there on a high-density screen, and small enough (2 to 4 KB) that a list of ten doctors
 * stays within the 110 KB page budget of a slow connection (docs/decisions-operations.md). The profile
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

/** JPEG qualities tried in turn until the picture fits PICTURE_MAX_BYTES (only noise needs the lower ones). */
const QUALITIES = [65, 50, 35, 20];

/** A refusal as it crosses from the worker: its kind and sentence (a class does not survive postMessage). */
export type ReencodeFailure = { kind: "unsupported" | "too_large"; message: string };
export type ReencodeResult = { ok: true; bytes: Uint8Array } | ({ ok: false } & ReencodeFailure);

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

/**
 * The centre square of `image`, averaged down by a whole factor to no less than twice `target`
 * a side (a 3000 px square of a 12 MP photo becomes 272 px), read straight from the decoded
 * pixels. The resizer then has a small picture to copy into its WebAssembly memory, which never
 * shrinks: handed the whole photo it held a copy of the square (36 MB for 12 MP) in JavaScript
 * and another in WebAssembly for as long as the worker lived (issue 45).
 */
export function centreSquareShrunk(image: ImageData, target: number): ImageData {
  const side = Math.min(image.width, image.height);
  const factor = Math.max(1, Math.floor(side / (2 * target)));
  const out = Math.floor(side / factor);
  const left = Math.floor((image.width - out * factor) / 2);
  const top = Math.floor((image.height - out * factor) / 2);
  const src = image.data;
  const dst = new Uint8ClampedArray(out * out * 4);
  const area = factor * factor;
  const sums = new Uint32Array(out * 4);
  for (let row = 0; row < out; row++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let at = ((top + row * factor + dy) * image.width + left) * 4;
      for (let col = 0; col < out; col++) {
        const s = col * 4;
        for (let dx = 0; dx < factor; dx++, at += 4) {
          sums[s] = sums[s]! + src[at]!;
          sums[s + 1] = sums[s + 1]! + src[at + 1]!;
          sums[s + 2] = sums[s + 2]! + src[at + 2]!;
          sums[s + 3] = sums[s + 3]! + src[at + 3]!;
        }
      }
    }
    const base = row * out * 4;
    for (let i = 0; i < out * 4; i++) dst[base + i] = Math.round(sums[i]! / area);
  }
  return { data: dst, width: out, height: out, colorSpace: "srgb" } as ImageData;
}

/**
 * What the picture becomes: a profile picture's small centre square, or a report's whole page
 * (issue 56: a photo of a lab report), scaled down to at most DOCUMENT_SIDE a side, never up.
 */
export type PictureShape = "square" | "page";
/** The longest side of a report's picture: an A4 page at about 200 dpi, still readable when zoomed. */
export const DOCUMENT_SIDE = 2400;
const DOCUMENT_QUALITY = 85;

/** Decode, centre square (or whole page), scale, encode: the stored picture's bytes, or why not. */
export async function reencode(bytes: Uint8Array, type: ImageExtension, shape: PictureShape = "square"): Promise<ReencodeResult> {
  await codecsReady();
  let image: ImageData;
  try {
    // The decoders take an ArrayBuffer and copy it into WebAssembly memory: copy only a part view.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const input = (whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as ArrayBuffer;
    // A phone stores a portrait photo sideways with an Exif orientation: turn it upright.
    image = type === "png" ? flattenOnWhite(await decodePng(input)) : await decodeJpeg(input, { preserveOrientation: true });
  } catch {
    return { ok: false, kind: "unsupported", message: IMAGE_TYPE_MESSAGE };
  }
  // The decoder's answer is the truth: a header could lie about the size it announced.
  if (image.width * image.height > MAX_PIXELS) {
    return { ok: false, kind: "too_large", message: `Profile picture must be at most ${MAX_PIXELS / 1_000_000} megapixels` };
  }
  if (shape === "page") return { ok: true, bytes: await wholePage(image) };
  const side = Math.min(PICTURE_SIDE, image.width, image.height);
  const shrunk = centreSquareShrunk(image, side);
  // The full-size pixels (48 MB for 12 MP) are garbage from here on.
  image = shrunk;
  // "contain" cuts the centre square out of a rectangle before scaling (this one is square); never scale up.
  const square = await resize(shrunk, { width: side, height: side, fitMethod: "contain", method: "lanczos3", premultiply: false, linearRGB: false });
  let out = new Uint8Array(0);
  for (const quality of QUALITIES) {
    out = new Uint8Array(await encodeJpeg(square, { quality, baseline: true, progressive: false, optimize_coding: true }));
    if (out.byteLength <= PICTURE_MAX_BYTES) break;
  }
  return { ok: true, bytes: out };
}

/** A report's picture: the whole of it, at most DOCUMENT_SIDE a side, as a new JPEG (pixels only, no metadata). */
async function wholePage(image: ImageData): Promise<Uint8Array> {
  const scale = Math.min(1, DOCUMENT_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const sized = scale === 1 ? image : await resize(image, { width, height, fitMethod: "stretch", method: "lanczos3", premultiply: false, linearRGB: false });
  return new Uint8Array(await encodeJpeg(sized, { quality: DOCUMENT_QUALITY, baseline: true, progressive: false, optimize_coding: true }));
}
