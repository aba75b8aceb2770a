/**
 * Pictures off the request thread (issue 23): a JPEG's frames and scans counted before decoding,
 * the hostile ones refused from their structure, and a worker that runs past its time budget
 * ended and replaced, its upload refused, the next picture served by the fresh worker.
 */
import { afterAll, expect, test } from "bun:test";
import { Refusal } from "../domain/refusal";
import { JPEG_1X1, PNG_1X1 } from "../../tests/support/harness";
import { cachedCameraPhoto } from "../../tests/support/photo-cache";
import { progressiveScanBomb, twoFramePhoto } from "../../tests/support/photos";
import { jpegStructure, pngIsAnimated, readImageHeader } from "./image-header";
import { checkPictureHeader, MAX_JPEG_SCANS, PICTURE_SIDE, processPicture } from "./picture";
import { PICTURE_TOO_SLOW_MESSAGE, PicturePool } from "./picture-pool";

const pools: PicturePool[] = [];
afterAll(() => pools.forEach((p) => p.close()));

/** The refusal `fn` throws (fails the test when it throws none). */
async function refusalOf(fn: () => unknown): Promise<Refusal> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

test("a JPEG's frames and scans are counted by walking its segments and skipping its scan data", async () => {
  expect(jpegStructure(JPEG_1X1)).toEqual({ frames: 1, scans: 1 });
  expect(jpegStructure(await cachedCameraPhoto(640, 480, 300_000))).toEqual({ frames: 1, scans: 1 });
  expect(jpegStructure(progressiveScanBomb(6000, 4000, 10_000))).toEqual({ frames: 1, scans: 10_000 });
  expect(jpegStructure(await twoFramePhoto())).toEqual({ frames: 2, scans: 1 });
  expect(jpegStructure(PNG_1X1)).toBeUndefined();
});

test("the 10,000-scan progressive JPEG and a two-frame one are refused before any decoding", async () => {
  const bomb = progressiveScanBomb(6000, 4000, 10_000);
  expect(readImageHeader(bomb)).toEqual({ type: "jpg", width: 6000, height: 4000 }); // within 24 megapixels
  const started = performance.now();
  const refusal = await refusalOf(() => processPicture(bomb));
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(refusal.kind).toBe("unsupported");
  expect(refusal.message).toContain("10000 scans");
  expect(() => checkPictureHeader(progressiveScanBomb(600, 400, MAX_JPEG_SCANS))).not.toThrow();
  expect(() => checkPictureHeader(progressiveScanBomb(600, 400, MAX_JPEG_SCANS + 1))).toThrow(Refusal);
  expect((await refusalOf(async () => checkPictureHeader(await twoFramePhoto()))).message).toContain("2 frames");
});

test("an animated PNG (an acTL chunk before its image data) is refused; a still one is not", () => {
  // PNG_1X1 with an acTL chunk (2 frames, looping) put right after its IHDR.
  const acTL = Uint8Array.of(0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0);
  const animated = new Uint8Array(PNG_1X1.length + acTL.length);
  animated.set(PNG_1X1.subarray(0, 33));
  animated.set(acTL, 33);
  animated.set(PNG_1X1.subarray(33), 33 + acTL.length);
  expect(pngIsAnimated(PNG_1X1)).toBe(false);
  expect(pngIsAnimated(animated)).toBe(true);
  expect(() => checkPictureHeader(PNG_1X1)).not.toThrow();
  expect(() => checkPictureHeader(animated)).toThrow("it is an animation");
});

test("past its time budget a worker is ended and replaced; the upload is refused and the next one served", async () => {
  // 100 scans of 24 megapixels: allowed by the structure check, and about half a second of decoding.
  const slow = progressiveScanBomb(6000, 4000, MAX_JPEG_SCANS);
  // Niceness 0: what is tested is the budget, not priority; at 10 the worker starves beside other test processes.
  const pool = new PicturePool(1, 30_000, 16, 0);
  pools.push(pool);
  // Warm the worker up (its codecs compile before its first job, outside the budget).
  expect((await pool.run(JPEG_1X1, "jpg")).byteLength).toBeGreaterThan(0);
  expect(pool.starts).toBe(1);
  const refusal = await refusalOf(() => pool.run(slow, "jpg", { budgetMs: 50 }));
  expect(refusal.kind).toBe("unsupported");
  expect(refusal.message).toBe(PICTURE_TOO_SLOW_MESSAGE);
  expect(pool.starts).toBe(2);
  // The replacement serves the next picture.
  const next = await pool.run(await cachedCameraPhoto(300, 200), "jpg");
  expect(readImageHeader(next)).toEqual({ type: "jpg", width: PICTURE_SIDE, height: PICTURE_SIDE });
  expect(pool.load).toEqual({ active: 0, queued: 0 });
}, 60_000);

test("large pictures decode one at a time beside small ones, and each retires its worker", async () => {
  // Niceness 0, as above: the order of decoding is tested, not priority.
  const pool = new PicturePool(2, 30_000, 16, 0);
  pools.push(pool);
  pool.warm();
  const large = await cachedCameraPhoto(2400, 1800);
  const small = await cachedCameraPhoto(300, 200);
  let most = 0;
  const sample = setInterval(() => (most = Math.max(most, pool.load.active)), 2);
  await Promise.all([pool.run(large.slice(), "jpg", { large: true }), pool.run(large.slice(), "jpg", { large: true })]);
  expect(most).toBe(1);
  // Each large picture's worker was replaced: 2 started by warm, 2 replacements.
  expect(pool.starts).toBe(4);
  most = 0;
  await Promise.all([pool.run(large.slice(), "jpg", { large: true }), pool.run(small.slice(), "jpg")]);
  clearInterval(sample);
  expect(most).toBe(2);
  expect(pool.starts).toBe(5);
  expect(pool.load).toEqual({ active: 0, queued: 0 });
}, 60_000);

test("an honest 24-megapixel photo is re-encoded in a worker while this thread stays free", async () => {
  const photo = await cachedCameraPhoto(6000, 4000);
  // A timer on this thread keeps ticking while the worker decodes: its longest gap is the stall.
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  const picture = await processPicture(photo);
  clearInterval(tick);
  expect(readImageHeader(picture.bytes)).toEqual({ type: "jpg", width: PICTURE_SIDE, height: PICTURE_SIDE });
  // Decoding on this thread stalled it for seconds; a loaded machine may delay a tick, not that long.
  expect(longest).toBeLessThan(1_000);
}, 60_000);
