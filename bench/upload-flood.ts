/**
 * `bun bench/upload-flood.ts [count] [megabytes]`: the upload flood of issue 11. Starts the real
 * server (bun src/index.ts, fresh database, 127.0.0.1 only), signs up `count` patients (64), and
 * sends all their profile updates at once, each with a camera photo (4000 x 3000 JPEG with GPS
 * Exif) padded to `megabytes` MiB (10, the default MAX_UPLOAD_BYTES). Samples the server's RSS
 * every 20 ms and prints its peak (and the kernel's high-water mark), the latency percentiles and
 * what every request was answered: each must be 200, or 503 with Retry-After (the queue is full).
 * Meanwhile another client reads /about every 100 ms: its p99 during the flood is printed, and,
 * after the flood, the slowest /about while one hostile file is processed (the 10,000-scan
 * progressive JPEG of issue 23, refused from its structure, and one of MAX_JPEG_SCANS scans,
 * which is decoded in a picture worker).
 * Exits 1 if any answer is anything else or the peak passes 512 MB.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cameraPhoto, progressiveScanBomb } from "../tests/support/photos";
import { percentile, pollPageFromProcess } from "../tests/support/poller";
import { MAX_JPEG_SCANS } from "../src/storage/picture";
import { processMemory as memory } from "../tests/support/proc-memory";
import { PASSWORD, startServer, stopServer } from "./server";

const MiB = 1024 * 1024;
const LIMIT_MB = 512;
const [count = 64, megabytes = 10] = process.argv.slice(2).map(Number);

const dir = mkdtempSync(join(tmpdir(), "carebook-flood-"));
const photo = await cameraPhoto(4000, 3000, megabytes * MiB);
const server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads") });
const pid = server.process.pid;
try {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `flood${i}@example.com`;
    const res = await fetch(`${server.url}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Flood ${i}`, email, password: PASSWORD }),
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const before = memory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 20);

  const about = pollPageFromProcess(`${server.url}/about`, 100);
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const form = new FormData();
      form.set("name", "Flooded Patient");
      form.set("profileImage", new File([photo], "IMG_0001.jpg", { type: "image/jpeg" }));
      const t0 = performance.now();
      try {
        const res = await fetch(`${server.url}/api/auth/patient-profile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
        const body = (await res.json()) as { message?: string };
        return { status: res.status, retryAfter: res.headers.get("retry-after"), message: body.message ?? "", ms: performance.now() - t0 };
      } catch (error) {
        return { status: 0, retryAfter: null, message: String(error), ms: performance.now() - t0 };
      }
    }),
  );
  const wall = performance.now() - started;
  const flood = await about.stop();
  clearInterval(sampler);
  const after = memory(pid);
  peak = Math.max(peak, after.rss);

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const byStatus = new Map<string, number>();
  for (const a of answers) byStatus.set(String(a.status), (byStatus.get(String(a.status)) ?? 0) + 1);
  const undeliberate = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.retryAfter !== null)));

  console.log(`upload flood: ${count} parallel profile updates, each a ${megabytes} MiB camera photo (${photo.length} bytes)`);
  console.log(`answers: ${[...byStatus].map(([s, n]) => `${n} x ${s}`).join(", ")}; wall ${(wall / 1000).toFixed(1)} s`);
  console.log(`latency: p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p99 ${(percentile(latencies, 99) / 1000).toFixed(2)} s, max ${(latencies.at(-1)! / 1000).toFixed(2)} s`);
  console.log(`server RSS: ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB sampled (kernel high-water mark ${after.hwm.toFixed(0)} MB), ${after.rss.toFixed(0)} MB after`);
  console.log(`/about during the flood (read from another process): ${flood.times.length} reads, p99 ${flood.p99.toFixed(0)} ms, slowest ${flood.slowest.toFixed(0)} ms`);
  for (const [label, hostile] of [
    ["10,000 scans", progressiveScanBomb(6000, 4000, 10_000)],
    [`${MAX_JPEG_SCANS} scans`, progressiveScanBomb(6000, 4000, MAX_JPEG_SCANS)],
  ] as const) {
    const poll = pollPageFromProcess(`${server.url}/about`, 100);
    await Bun.sleep(300);
    const form = new FormData();
    form.set("name", "Hostile Patient");
    form.set("profileImage", new File([hostile], "IMG_0002.jpg", { type: "image/jpeg" }));
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/auth/patient-profile`, { method: "PUT", headers: { authorization: `Bearer ${tokens[0]}` }, body: form });
    const { message } = (await res.json()) as { message?: string };
    const ms = performance.now() - t0;
    await Bun.sleep(300);
    const reads = await poll.stop();
    console.log(`hostile JPEG (6000 x 4000, ${label}): answered ${res.status} in ${ms.toFixed(0)} ms${message ? ` ("${message}")` : ""}; slowest /about meanwhile ${reads.slowest.toFixed(0)} ms`);
  }
  for (const a of undeliberate.slice(0, 5)) console.log(`  not deliberate: ${a.status} ${a.message}`);
  const ok = undeliberate.length === 0 && Math.max(peak, after.hwm) < LIMIT_MB;
  console.log(ok ? `ok: every answer deliberate, peak under ${LIMIT_MB} MB` : "FAILED");
  process.exitCode = ok ? 0 : 1;
} finally {
  await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
