/**
 * Issue 57: an edge node started while its primary still makes the snapshot a new replica starts
 * from (sqld answers "snapshot not found" for about 50 s after it starts on a 100x file) waits
 * for it at boot instead of exiting; any other error still stops the boot at once. The pauses
 * are counted, not slept.
 */
import { expect, test } from "bun:test";
import { FIRST_SYNC, firstSync } from "./client";

/** sqld's refusal as the libSQL client throws it (the text bench/scale/edge-sync.ts met). */
const refusal = () => new Error('SYNC_FAILED: Failed to sync: status: Unavailable, message: "snapshot not found"');

function primary(refusals: number, then: () => unknown = () => ({ frames_synced: 3 })) {
  let asked = 0;
  return { sync: async () => (++asked <= refusals ? Promise.reject(refusal()) : then()), asked: () => asked };
}

test("refused while the snapshot is made, then served: the boot asks every 2 s until it is", async () => {
  const pauses: number[] = [];
  const p = primary(24);
  expect(await firstSync(p.sync, async (ms) => pauses.push(ms))).toBe(24);
  expect(p.asked()).toBe(25);
  expect(pauses).toEqual(Array(24).fill(FIRST_SYNC.everyMs));
});

test("served at once: no pause", async () => {
  const pauses: number[] = [];
  expect(await firstSync(primary(0).sync, async (ms) => pauses.push(ms))).toBe(0);
  expect(pauses).toEqual([]);
});

test("another error (a wrong address, a refused token) stops the boot at once", async () => {
  const pauses: number[] = [];
  const p = primary(0, () => Promise.reject(new Error("SERVER_ERROR: Server returned HTTP status 401")));
  await expect(firstSync(p.sync, async (ms) => pauses.push(ms))).rejects.toThrow("401");
  expect([p.asked(), pauses.length]).toEqual([1, 0]);
});

test("refused past the limit (10 minutes of asking): the refusal is thrown", async () => {
  const pauses: number[] = [];
  const p = primary(10_000);
  await expect(firstSync(p.sync, async (ms) => pauses.push(ms))).rejects.toThrow("snapshot not found");
  expect(pauses.reduce((a, b) => a + b, 0)).toBe(FIRST_SYNC.limitMs);
});
