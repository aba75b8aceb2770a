/**
 * The type and dimensions of an uploaded picture, read from its header alone. A decoder would
 * allocate width x height x 4 bytes before anything could refuse the picture, so a PNG that
 * claims 40000 x 40000 pixels (6.4 GB) must be refused from these few bytes, never decoded.
 */
import type { ImageExtension } from "./names";

export type ImageHeader = { type: ImageExtension; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** PNG: the IHDR chunk comes first, right after the signature (width and height big-endian). */
function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return undefined;
  return { type: "png", width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: walks the marker segments (APPn, DQT, ...) to the first start-of-frame. */
function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM) carry no segment.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan before any frame
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (SOF_MARKERS.has(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { type: "jpg", height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The picture's type and size from its header, or undefined when it is no readable JPEG or PNG. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}
