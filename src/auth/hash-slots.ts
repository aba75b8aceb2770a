/**
 * Bounds the argon2 work that runs at once (SERVER-RULES §3): one computation per core, the rest
 * wait. Waiters are served round-robin by lane (the client's address), so a flood of logins from
 * one address waits behind itself, not in front of everyone else's single login.
 */
import { availableParallelism } from "node:os";

/** How many hash computations run at once: one per core. */
export const HASH_SLOTS = Math.max(1, availableParallelism());

let running = 0;
/** Waiting lanes in turn order (a Map keeps insertion order); each holds its waiters in arrival order. */
const lanes = new Map<string, (() => void)[]>();

/** Hands the freed slot to the next lane in turn, or gives it back when nobody waits. */
function release(): void {
  const next = lanes.entries().next();
  if (next.done) {
    running--;
    return;
  }
  const [lane, waiters] = next.value;
  const wake = waiters.shift()!;
  lanes.delete(lane);
  if (waiters.length > 0) lanes.set(lane, waiters); // to the back of the turn order
  wake();
}

/** Runs `work` when a slot is free, in `lane`'s turn. */
export async function withHashSlot<T>(lane: string, work: () => Promise<T>): Promise<T> {
  if (running < HASH_SLOTS && lanes.size === 0) running++;
  else {
    await new Promise<void>((resolve) => {
      const waiters = lanes.get(lane);
      if (waiters === undefined) lanes.set(lane, [resolve]);
      else waiters.push(resolve);
    });
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** How many computations run and wait now (for tests and the bench). */
export function hashSlotLoad(): { running: number; waiting: number } {
  let waiting = 0;
  for (const waiters of lanes.values()) waiting += waiters.length;
  return { running, waiting };
}
