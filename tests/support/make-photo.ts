/**
 * `bun tests/support/make-photo.ts OUT WIDTH HEIGHT [SIZE]`: writes a camera-like JPEG (GPS Exif,
 * a comment, padded to SIZE bytes) for callers that do not run under Bun, such as the Playwright
 * specs, which cannot load the WebAssembly encoder themselves. From the machine's photo cache
 * (./photo-cache.ts): a 12-megapixel photo costs about a CPU-second to encode.
 */
import { cachedCameraPhoto } from "./photo-cache";

const [out, width, height, size] = Bun.argv.slice(2);
if (!out || !width || !height) {
  console.error("usage: bun tests/support/make-photo.ts OUT WIDTH HEIGHT [SIZE]");
  process.exit(2);
}
await Bun.write(out, await cachedCameraPhoto(Number(width), Number(height), size ? Number(size) : undefined));
