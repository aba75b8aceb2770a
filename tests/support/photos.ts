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

/**
 * The review's hostile picture (issue 23): a progressive JPEG (SOF2) that declares `width` x
 * `height` pixels, within the megapixel limit, followed by `scans` minimal start-of-scan segments
 * with no data, about 10 bytes each. Unchecked, a decoder goes over the whole image once per
 * scan: 10,000 scans of 6000 x 4000 kept a server's only thread busy for half a minute.
 */
export function progressiveScanBomb(width = 6000, height = 4000, scans = 10_000): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [Uint8Array.of(0xff, 0xd8)];
  parts.push(segment(0xdb, Uint8Array.from([0x00, ...new Array(64).fill(1)]))); // one quantisation table
  parts.push(segment(0xc2, Uint8Array.of(8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0))); // SOF2, one component
  const oneCode = [0, 1, ...new Array(14).fill(0)]; // one code of two bits
  parts.push(segment(0xc4, Uint8Array.from([0x00, ...oneCode, 0x00, 0x10, ...oneCode, 0x00]))); // DC and AC tables
  parts.push(segment(0xda, Uint8Array.of(1, 1, 0x00, 0, 0, 0))); // the DC scan
  const ac = segment(0xda, Uint8Array.of(1, 1, 0x00, 1, 63, 0)); // an AC scan, repeated
  for (let i = 1; i < scans; i++) parts.push(ac);
  parts.push(Uint8Array.of(0xff, 0xd9));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Two frames in one JPEG: an honest photo whose frame header is repeated before its first scan. */
export async function twoFramePhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const photo = await cameraPhoto(64, 48);
  let at = 2;
  while (photo[at + 1] !== 0xc0) at += 2 + ((photo[at + 2]! << 8) | photo[at + 3]!);
  const sof = photo.slice(at, at + 2 + ((photo[at + 2]! << 8) | photo[at + 3]!));
  const out = new Uint8Array(photo.length + sof.length);
  out.set(photo.subarray(0, at));
  out.set(sof, at);
  out.set(photo.subarray(at), at + sof.length);
  return out;
}
