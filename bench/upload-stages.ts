/**
 * `bun bench/upload-stages.ts [megabytes]`: where the server's memory goes while it takes profile
 * pictures (issue 45). Starts the real server (fresh database, 127.0.0.1 only), samples its RSS
 * every 10 ms from /proc, and prints the peak and the level after each stage:
 *  1. idle, the picture workers started;
 *  2. 32 parallel uploads of `megabytes` MiB (8) whose header claims too many pixels: each body is
 *     read and parsed on the request thread and refused 413 before any worker sees it;
 *  3. one camera photo of that size, alone (read, parsed, decoded in a worker);
 *  4. a second one, alone (does a worker keep what it grew?);
 *  5. 32 parallel camera photos (the flood of bench/upload-flood.ts).
 * PICTURE_WORKERS and the other settings come from the environment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cameraPhoto } from "../tests/support/photos";
import { processMemory } from "../tests/support/proc-memory";
import { PASSWORD, startServer, stopServer } from "./server";

const MiB = 1024 * 1024;
const [megabytes = 8] = process.argv.slice(2).map(Number);

/** The photo with its frame header claiming 30000 x 30000 pixels: refused from its header. */
function tooManyPixels(photo: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const out = photo.slice();
  let at = 2;
  while (out[at + 1] !== 0xc0) at += 2 + ((out[at + 2]! << 8) | out[at + 3]!);
  out.set([30000 >> 8, 30000 & 0xff, 30000 >> 8, 30000 & 0xff], at + 5);
  return out;
}

const dir = mkdtempSync(join(tmpdir(), "carebook-stages-"));
const photo = await cameraPhoto(4000, 3000, megabytes * MiB);
const huge = tooManyPixels(photo);
const server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads") });
const pid = server.process.pid;
try {
  const tokens: string[] = [];
  for (let i = 0; i < 32; i++) {
    const res = await fetch(`${server.url}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Stage ${i}`, email: `stage${i}@example.com`, password: PASSWORD }),
    });
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const upload = async (token: string, bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.set("name", "Staged Patient");
    form.set("profileImage", new File([bytes], "IMG_0001.jpg", { type: "image/jpeg" }));
    const res = await fetch(`${server.url}/api/auth/patient-profile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
    await res.arrayBuffer();
    return res.status;
  };
  /** Runs `work` while sampling; prints the peak RSS during it and the RSS a second after. */
  const stage = async (label: string, work: () => Promise<number[]>) => {
    let peak = processMemory(pid).rss;
    const sampler = setInterval(() => (peak = Math.max(peak, processMemory(pid).rss)), 10);
    const statuses = await work();
    await Bun.sleep(1000);
    clearInterval(sampler);
    const counts = new Map<number, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    const m = processMemory(pid);
    console.log(`${label}: peak ${peak.toFixed(0)} MB, then ${m.rss.toFixed(0)} MB (high-water mark ${m.hwm.toFixed(0)} MB); ${[...counts].map(([s, n]) => `${n} x ${s}`).join(", ")}`);
  };
  await Bun.sleep(1500);
  await stage("1. idle, workers started", async () => []);
  await stage(`2. 32 x ${megabytes} MiB refused from the header`, () => Promise.all(tokens.map((t) => upload(t, huge))));
  await stage("3. one photo", async () => [await upload(tokens[0]!, photo)]);
  await stage("4. one more photo", async () => [await upload(tokens[1]!, photo)]);
  await stage(`5. 32 x ${megabytes} MiB photos at once`, () => Promise.all(tokens.map((t) => upload(t, photo))));
} finally {
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
