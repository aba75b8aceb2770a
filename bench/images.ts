/**
 * `bun bench/images.ts [MODULES_DIR]`: time and peak memory to turn one 12-megapixel camera JPEG
 * (4000 x 3000, made here) into the stored 128 px square JPEG, for each image library candidate
 * of issue 11. Each runs in its own process (so peak RSS is its own) with a 90 s limit (a hang is
 * reported as one). jSquash is the project's dependency; sharp and wasm-vips are looked up in
 * MODULES_DIR/node_modules, a scratch folder where they were installed with `bun add sharp
 * @img/sharp-wasm32 wasm-vips` (they are not the project's dependencies). To measure sharp's
 * WebAssembly build rather than its native one, move @img/sharp-linux-x64 out of that folder.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SIDE = 128;
const LIBRARIES = ["jsquash", "sharp", "wasm-vips"] as const;
type Library = (typeof LIBRARIES)[number];

/** The child: one library, one photo; prints one JSON line. */
async function child(library: Library, photoPath: string, modules: string) {
  const photo = new Uint8Array(readFileSync(photoPath));
  const load = (name: string) => import(Bun.resolveSync(name, modules));
  let run: () => Promise<Uint8Array>;
  let variant: string = library;
  if (library === "jsquash") {
    const { codecsReady, decodeJpeg, encodeJpeg, resize } = await import("../src/storage/codecs");
    await codecsReady();
    run = async () => {
      const image = await decodeJpeg(photo.buffer.slice(0) as ArrayBuffer);
      const square = await resize(image, { width: SIDE, height: SIDE, fitMethod: "contain", method: "lanczos3", premultiply: false, linearRGB: false });
      return new Uint8Array(await encodeJpeg(square, { quality: 65, baseline: true }));
    };
  } else if (library === "sharp") {
    const sharp = (await load("sharp")).default;
    const wasm = !!(sharp.versions as Record<string, string>).emscripten;
    variant = wasm ? "sharp (@img/sharp-wasm32)" : "sharp (native libvips; cannot be embedded)";
    run = async () => new Uint8Array(await sharp(photo).resize(SIDE, SIDE, { fit: "cover" }).jpeg({ quality: 65, mozjpeg: true }).toBuffer());
  } else {
    const vips = await (await load("wasm-vips")).default();
    run = async () => vips.Image.thumbnailBuffer(photo, SIDE, { height: SIDE, crop: "centre" }).writeToBuffer(".jpg", { Q: 65, keep: 0 });
  }
  const started = performance.now();
  const out = await run();
  const ms = performance.now() - started;
  const hwm = Number(readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
  console.log(JSON.stringify({ variant, ms: Math.round(ms), peakMb: Math.round(hwm), bytes: out.length }));
  process.exit(0);
}

async function main() {
  const modules = process.argv[2] ?? process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "carebook-images-"));
  try {
    const photoPath = join(dir, "photo.jpg");
    const make = Bun.spawnSync(["bun", join(import.meta.dir, "..", "tests", "support", "make-photo.ts"), photoPath, "4000", "3000"]);
    if (make.exitCode !== 0) throw new Error(make.stderr.toString());
    const size = readFileSync(photoPath).length;
    console.log(`one 4000 x 3000 camera JPEG (${(size / 1024 / 1024).toFixed(1)} MiB) -> ${SIDE} px square JPEG; machine: ${navigator.hardwareConcurrency} cores, load average ${(await Bun.file("/proc/loadavg").text()).split(" ")[0]}`);
    console.log("| library | time | peak RSS | stored bytes |\n|---|---:|---:|---:|");
    for (const library of LIBRARIES) {
      const proc = Bun.spawn(["bun", import.meta.path, "--child", library, photoPath, modules], { stdout: "pipe", stderr: "pipe" });
      const timer = setTimeout(() => proc.kill("SIGKILL"), 90_000);
      const out = await new Response(proc.stdout).text();
      const err = await new Response(proc.stderr).text();
      clearTimeout(timer);
      await proc.exited;
      const line = out.trim().split("\n").find((l) => l.startsWith("{"));
      if (line) {
        const r = JSON.parse(line) as { variant: string; ms: number; peakMb: number; bytes: number };
        console.log(`| ${r.variant} | ${(r.ms / 1000).toFixed(2)} s | ${r.peakMb} MB | ${r.bytes} |`);
      } else if (proc.signalCode === "SIGKILL") console.log(`| ${library} | hangs (killed after 90 s) | | |`);
      else console.log(`| ${library} | failed: ${(err.trim().split("\n").find((l) => /error/i.test(l)) ?? err.trim().split("\n").at(-1) ?? "").slice(0, 100)} | | |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3] as Library, process.argv[4]!, process.argv[5]!);
else await main();
