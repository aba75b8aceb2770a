/**
 * `bun tests/support/make-photo.ts OUT WIDTH HEIGHT [SIZE]`: writes a camera-like JPEG (GPS Exif,
 * a comment, padded to SIZE bytes) for callers that do not run under Bun, such as the Playwright
 * specs, which cannot load the WebAssembly encoder themselves.
 */
import { cameraPhoto } from "./photos";

const [out, width, height, size] = Bun.argv.slice(2);
if (!out || !width || !height) {
  console.error("usage: bun tests/support/make-photo.ts OUT WIDTH HEIGHT [SIZE]");
  process.exit(2);
}
await Bun.write(out, await cameraPhoto(Number(width), Number(height), size ? Number(size) : undefined));
