/**
 * Issue 23's "done when", through the real server process (bun src/index.ts, real HTTP on
 * loopback): while another client reads /about every 100 ms, the 10,000-scan progressive JPEG
 * is refused within the time budget, and an honest 24-megapixel photo is accepted, and no
 * /about takes more than 200 ms either way: pictures are decoded off the request thread.
 *
 * This machine is shared and often loaded (load average 15 to 20 on 2 cores), where an idle
 * server's /about already takes up to 100 ms now and then. So the limit is 200 ms plus the
 * slowest of the reads taken in the second before the upload (the machine's own noise, printed
 * with every run); on an idle machine that is 200 ms and a few. Before issue 23 the honest photo
 * stalled /about 2 to 3 s and the hostile one 29 to 56 s.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PASSWORD, startServer, stopServer, type Server } from "../../../bench/server";
import { cachedCameraPhoto } from "../../../tests/support/photo-cache";
import { progressiveScanBomb } from "../../../tests/support/photos";
import { pollPageFromProcess } from "../../../tests/support/poller";
import { PICTURE_TIME_BUDGET_MS } from "../../storage/picture";

/** The slowest /about allowed while a picture is processed. */
const ABOUT_LIMIT_MS = 200;

const dir = mkdtempSync(join(tmpdir(), "carebook-stall-"));
let server: Server;
let token: string;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads") });
  const res = await fetch(`${server.url}/api/auth/signupPatient`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Stall Tester", email: "stall@example.com", password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  token = ((await res.json()) as { token: string }).token;
  // The first /about renders and caches the page; the polls measure the server, not a cold start.
  await (await fetch(`${server.url}/about`)).text();
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

async function upload(photo: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set("name", "Stall Tester");
  form.set("profileImage", new File([photo], "IMG_0001.jpg", { type: "image/jpeg" }));
  const started = performance.now();
  const res = await fetch(`${server.url}/api/auth/patient-profile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message ?? "", ms: performance.now() - started };
}

/** Uploads `photo` while /about is read every 100 ms; the upload's answer and the reads' times. */
async function uploadWhilePolling(photo: Uint8Array<ArrayBuffer>) {
  // Read by a process of its own: this one has just made a 24 MP photo, and its own garbage
  // collection would delay the reads it makes.
  const poll = pollPageFromProcess(`${server.url}/about`, 100);
  await Bun.sleep(1_000); // real time: about ten reads before (every 100 ms), to see the server idle: the machine's noise
  const sent = Date.now();
  const answer = await upload(photo);
  await Bun.sleep(300); // real time: and after, the reads under the upload are what is measured
  const reads = await poll.stop();
  const idle = Math.max(0, ...reads.times.filter((_, i) => reads.starts[i]! < sent));
  const during = Math.max(0, ...reads.times.filter((_, i) => reads.starts[i]! >= sent));
  console.log(`upload ${answer.status} in ${answer.ms.toFixed(0)} ms; ${reads.times.length} reads of /about, slowest ${during.toFixed(0)} ms from the upload on (${idle.toFixed(0)} ms before it)`);
  // Reads over 50 ms, by when they began relative to the upload: to tell the server's stalls from the machine's.
  const slow = reads.times.flatMap((t, i) => (t > 50 ? [`${(reads.starts[i]! - sent).toFixed(0)} ms: ${t.toFixed(0)} ms`] : []));
  if (slow.length > 0) console.log(`  slow reads: ${slow.join(", ")}`);
  return { answer, reads, limit: ABOUT_LIMIT_MS + idle, during };
}

test("the 10,000-scan progressive JPEG is refused within the budget, and /about never waits", async () => {
  const { answer, reads, limit, during } = await uploadWhilePolling(progressiveScanBomb(6000, 4000, 10_000) as Uint8Array<ArrayBuffer>);
  expect(answer.status).toBe(415);
  expect(answer.message).toContain("10000 scans");
  expect(answer.ms).toBeLessThan(PICTURE_TIME_BUDGET_MS);
  expect(reads.failures).toEqual([]);
  expect(during).toBeLessThan(limit);
}, 60_000);

test("an honest 24-megapixel photo is accepted, and /about never waits", async () => {
  const { answer, reads, limit, during } = await uploadWhilePolling(await cachedCameraPhoto(6000, 4000));
  expect(answer.status).toBe(200);
  expect(reads.failures).toEqual([]);
  expect(reads.times.length).toBeGreaterThan(4);
  expect(during).toBeLessThan(limit);
}, 60_000);
