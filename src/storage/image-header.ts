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

/** A JPEG's frames (start-of-frame segments) and scans (start-of-scan segments), up to its end. */
export type JpegStructure = { frames: number; scans: number };

/**
 * Counts a JPEG's frames and scans by walking its segments, skipping each scan's entropy-coded
 * data to the next marker (a 0xFF not followed by 0x00 stuffing or a restart marker). A decoder's
 * time grows with the scans (a progressive picture decodes the whole image once per scan), so a
 * file of thousands of tiny scans costs minutes from a few kilobytes: counting them costs one
 * pass over the bytes, found with the native indexOf. Anything after the end-of-image marker
 * (a phone's appended preview) is not read. Undefined when the file is no JPEG.
 */
export function jpegStructure(bytes: Uint8Array): JpegStructure | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let frames = 0;
  let scans = 0;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) break; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return undefined;
    if (SOF_MARKERS.has(marker)) frames++;
    at += 2 + length;
    if (marker !== 0xda) continue;
    scans++;
    // The scan's entropy-coded data runs to the next marker that is neither stuffing nor a restart.
    for (;;) {
      const ff = bytes.indexOf(0xff, at);
      if (ff < 0 || ff + 1 >= bytes.length) return { frames, scans };
      const next = bytes[ff + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at = ff + 2;
        continue;
      }
      if (next === 0xff) {
        // Fill bytes before a marker: the marker starts at the last of them.
        let end = ff;
        while (end + 1 < bytes.length && bytes[end + 1] === 0xff) end++;
        at = end;
        if (end + 1 < bytes.length && (bytes[end + 1] === 0x00 || (bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7))) {
          at = end + 2;
          continue;
        }
        break;
      }
      at = ff;
      break;
    }
  }
  return { frames, scans };
}

/**
 * Whether a PNG is animated (APNG): an `acTL` chunk before its first image data. A camera's
 * picture is one frame; an animation's frames are never a profile picture. Walks the chunks'
 * lengths only, up to the first IDAT.
 */
export function pngIsAnimated(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (type === "acTL") return true;
    if (type === "IDAT" || type === "IEND") return false;
    at += 12 + length;
  }
  return false;
}
