/**
 * The bound on argon2 work (SERVER-RULES §3): at most HASH_SLOTS computations at once, the rest
 * queued, served in turns by lane (client address) so one address's flood waits behind itself.
 */
import { expect, test } from "bun:test";
import { hashPassword, checkPassword } from "./passwords";
import { HASH_SLOTS, hashSlotLoad, withHashSlot } from "./hash-slots";

/** A job that records when it runs and finishes when told. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test(`at most ${HASH_SLOTS} (one per core) run at once; the rest wait`, async () => {
  let running = 0;
  let peak = 0;
  const jobs = Array.from({ length: HASH_SLOTS * 4 + 3 }, (_, i) =>
    withHashSlot(`lane-${i % 3}`, async () => {
      peak = Math.max(peak, ++running);
      // real time: stands for a hash's work, so the jobs overlap; no clock is read
      await Bun.sleep(5);
      running--;
    }),
  );
  await Promise.all(jobs);
  expect(peak).toBe(HASH_SLOTS);
  expect(hashSlotLoad()).toEqual({ running: 0, waiting: 0 });
});

test("a lane flooding the queue does not make another lane wait behind all of it", async () => {
  const order: string[] = [];
  const hold = gate();
  // Fill every slot, then queue a flood of 40 from one lane, then one job from another lane.
  const busy = Array.from({ length: HASH_SLOTS }, () => withHashSlot("flood", () => hold.opened));
  const flood = Array.from({ length: 40 }, (_, i) => withHashSlot("flood", async () => void order.push(`flood-${i}`)));
  const other = withHashSlot("other", async () => void order.push("other"));
  expect(hashSlotLoad()).toEqual({ running: HASH_SLOTS, waiting: 41 });
  hold.open();
  await Promise.all([...busy, ...flood, other]);
  // It goes within the first round of turns, not after the 40.
  expect(order.indexOf("other")).toBeLessThanOrEqual(1);
});

test("hashing and checking go through the slots and still work", async () => {
  const hash = await hashPassword("correct-horse-1", "127.0.0.1");
  expect(await checkPassword(hash, "correct-horse-1", "127.0.0.1")).toBe(true);
  expect(await checkPassword(hash, "wrong", "127.0.0.2")).toBe(false);
  expect(await checkPassword(undefined, "anything")).toBe(false);
  expect(hashSlotLoad()).toEqual({ running: 0, waiting: 0 });
});
