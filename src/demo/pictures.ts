/**
 * Small generated profile pictures for the demo: a PNG avatar (a head and shoulders on a
 * coloured square), made from nothing but zlib and a CRC, so no image ships in the repository.
 */
import { deflateSync } from "node:zlib";

const SIZE = 96;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** HSL (hue in degrees, saturation and lightness 0–1) to RGB bytes. */
function rgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A 96 x 96 PNG avatar whose colour is set by `hue` (0–360). */
export function avatarPng(hue: number): Uint8Array<ArrayBuffer> {
  const background = rgb(hue, 0.45, 0.82);
  const figure = rgb(hue, 0.35, 0.42);
  const rows = new Uint8Array(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 3); // filter byte 0, then RGB triples
    for (let x = 0; x < SIZE; x++) {
      const head = (x - 48) ** 2 + (y - 38) ** 2 <= 17 ** 2;
      const shoulders = y >= 62 && (x - 48) ** 2 / 34 ** 2 + (y - 96) ** 2 / 32 ** 2 <= 1;
      rows.set(head || shoulders ? figure : background, row + 1 + x * 3);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, SIZE);
  view.setUint32(4, SIZE);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
