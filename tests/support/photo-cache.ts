/**
 * cameraPhoto (./photos.ts), made once per machine rather than once per test: encoding a 12 or
 * 24-megapixel photo with MozJPEG takes 2 to 8 s of CPU, and the photo tests made the same few
 * photos again in every run, beside the server they measure.
 *
 * A photo is kept in a folder of the system's temporary directory under a name that hashes its
 * parameters and everything that decides its bytes: the source of ./photos.ts and of the codecs
 * module, and the installed MozJPEG package's version. A change to any of them makes new files.
 * Files are written under a temporary name and renamed, so a reader in another process (bun test
 * --parallel) sees a whole photo or none. CAREBOOK_PHOTO_CACHE=off makes every photo afresh.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cameraPhoto } from "./photos";

const ROOT = join(import.meta.dir, "..", "..");
const DIR = join(tmpdir(), "carebook-photo-cache");

let version: string | undefined;
/** What the photos' bytes depend on besides their parameters. */
function generatorVersion(): string {
  version ??= createHash("sha256")
    .update(readFileSync(join(import.meta.dir, "photos.ts")))
    .update(readFileSync(join(ROOT, "src", "storage", "codecs.ts")))
    .update(readFileSync(join(ROOT, "node_modules", "@jsquash", "jpeg", "package.json")))
    .digest("hex")
    .slice(0, 16);
  return version;
}

const inProcess = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * The same bytes as `cameraPhoto(width, height, size)`, from the cache when they were made
 * before. Each call answers a copy of its own (a caller may hand its buffer over to a worker).
 */
export async function cachedCameraPhoto(width: number, height: number, size?: number): Promise<Uint8Array<ArrayBuffer>> {
  if (process.env.CAREBOOK_PHOTO_CACHE === "off") return cameraPhoto(width, height, size);
  const name = `camera-${width}x${height}${size === undefined ? "" : `-${size}`}-${generatorVersion()}.jpg`;
  let made = inProcess.get(name);
  if (!made) {
    made = load(name, () => cameraPhoto(width, height, size));
    inProcess.set(name, made);
  }
  return (await made).slice();
}

async function load(name: string, make: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  const path = join(DIR, name);
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    // not made yet on this machine
  }
  const bytes = await make();
  try {
    mkdirSync(DIR, { recursive: true });
    const temporary = `${path}.${process.pid}.${crypto.randomUUID()}.tmp`;
    writeFileSync(temporary, bytes);
    try {
      renameSync(temporary, path);
    } catch {
      rmSync(temporary, { force: true });
    }
  } catch {
    // a read-only or full temporary directory: the photo is still made, only not kept
  }
  return bytes;
}
