/**
 * Camera-like test photos made in the test: a JPEG of any size with the metadata a phone writes
 * (an Exif block with GPS coordinates, a comment), padded to a chosen file size when asked.
 * Encoded with the same MozJPEG the server uses; nothing is read from disk.
 */
import { codecsReady, encodeJpeg } from "../../src/storage/codecs";

/** Bytes that must never reach a stored picture: they are only in the uploaded file's metadata. */
export const SECRET_COMMENT = "Taken at home: 221B Baker Street";
export const GPS_MARK = "GPS-51.5237N-0.1585W";

/** Pixels that look like a photo (soft gradients and texture), so the encoder has work to do. */
function pixels(width: number, height: number): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 128 + 100 * Math.sin(x / 40) * Math.cos(y / 55);
      data[i + 3] = 255;
    }
  }
  return { data, width, height, colorSpace: "srgb" } as ImageData;
}

/** A JPEG marker segment: FF, marker, big-endian length (which counts itself), payload. */
function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return out;
}

/** An APP1 Exif block (TIFF header, one IFD) whose GPS tag points at a block holding GPS_MARK. */
function exifWithGps(): Uint8Array {
  const text = new TextEncoder().encode(GPS_MARK);
  // "Exif\0\0", little-endian TIFF header, IFD0 with one entry: GPSInfo (0x8825) -> offset 26.
  const tiff = new Uint8Array(26 + 2 + 12 + 4 + text.length);
  const view = new DataView(tiff.buffer);
  tiff.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, 8, true);
  view.setUint16(8, 1, true);
  view.setUint16(10, 0x8825, true);
  view.setUint16(12, 4, true);
  view.setUint32(14, 1, true);
  view.setUint32(18, 26, true);
  view.setUint32(22, 0, true);
  // GPS IFD: one entry, GPSAreaInformation (0x001c, UNDEFINED) holding the mark.
  view.setUint16(26, 1, true);
  view.setUint16(28, 0x001c, true);
  view.setUint16(30, 7, true);
  view.setUint32(32, text.length, true);
  view.setUint32(36, 44, true);
  view.setUint32(40, 0, true);
  tiff.set(text, 44);
  return segment(0xe1, new Uint8Array([...new TextEncoder().encode("Exif\0\0"), ...tiff]));
}

/** Puts `segments` right after the JPEG's SOI marker, where a camera writes them. */
function insertAfterSoi(jpeg: Uint8Array, segments: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = segments.reduce((n, s) => n + s.length, 0);
  const out = new Uint8Array(jpeg.length + total);
  out.set(jpeg.subarray(0, 2));
  let at = 2;
  for (const s of segments) {
    out.set(s, at);
    at += s.length;
  }
  out.set(jpeg.subarray(2), at);
  return out;
}

/**
 * A camera photo: `width` x `height` pixels, Exif with GPS and a comment; with `size`, padded to
 * exactly that many bytes with APP2 segments (as a phone's embedded previews and maps would be).
 */
export async function cameraPhoto(width: number, height: number, size?: number): Promise<Uint8Array<ArrayBuffer>> {
  await codecsReady();
  const jpeg = new Uint8Array(await encodeJpeg(pixels(width, height), { quality: 85, progressive: false, baseline: true }));
  const segments = [exifWithGps(), segment(0xfe, new TextEncoder().encode(SECRET_COMMENT))];
  let photo = insertAfterSoi(jpeg, segments);
  if (size !== undefined) {
    const padding: Uint8Array[] = [];
    let missing = size - photo.length;
    while (missing > 0) {
      const payload = Math.min(65_533, missing - 4);
      if (payload < 0) throw new Error("cannot pad by fewer than 4 bytes");
      padding.push(segment(0xe2, new Uint8Array(payload).fill(0x5a)));
      missing -= payload + 4;
    }
    photo = insertAfterSoi(photo, padding);
  }
  return photo;
}

/** A PNG signature and IHDR claiming `width` x `height`, and nothing behind them: a decompression bomb's header. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}
