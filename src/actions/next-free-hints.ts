/**
 * The directory's next-free hints (issue 57): each public doctor keeps a lower bound of their next
 * free start (doctors.next_free_hint), so sort=next reads doctors in its order and works out the
 * free slots of the first few only (src/actions/directory.ts). A hint stays a lower bound while
 * bookings are only added and time passes; whatever may free a slot sets it to null in its own
 * transaction (triggers, drizzle/0045), and this computes the unknown and past ones again, in
 * small batches, each read and written in one write transaction (so a cancel in between cannot be
 * overwritten; two instances doing it at once each write true bounds).
 */
import type { Deps } from "../config/deps";
import { anyStaleHint, saveHints, staleHintSources } from "../db/queries/next-free-hints";
import { DIRECTORY_DAYS } from "../domain/directory";
import { nextFreeOf, windowOf } from "./availability";

/** Doctors a batch computes; one batch holds the write lock for a few milliseconds. */
export const HINT_BATCH = 50;

/** Computes at most `limit` stale hints; how many it wrote. */
export async function refreshNextFreeHints(deps: Deps, limit = HINT_BATCH): Promise<number> {
  if (!(await anyStaleHint(deps.database.db, deps.now()))) return 0;
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const { from, to } = windowOf(now, DIRECTORY_DAYS);
    const sources = await staleHintSources(tx, now, from, to, limit);
    // None in the window: the window's end, before which none is free.
    const hints = sources.map((s) => ({ id: s.doctorId, hint: nextFreeOf(deps, s, now, DIRECTORY_DAYS)?.start ?? to.getTime() }));
    await saveHints(tx, hints);
    return hints.length;
  });
}

/** How often each server process refreshes hints, and how many batches a round does at most. */
export const HINT_ROUND_MS = 60_000;
const ROUND_BATCHES = 40;

/** Refreshes the stale hints every HINT_ROUND_MS, batch after batch until none is left (errors logged); the returned function stops it. */
export function startNextFreeHints(deps: Deps): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (let i = 0; i < ROUND_BATCHES && (await refreshNextFreeHints(deps)) === HINT_BATCH; i++);
    } catch (error) {
      deps.observe.log.error({ err: error }, "directory: computing next free hints failed");
    } finally {
      running = false;
    }
  };
  void round();
  const timer = setInterval(() => void round(), HINT_ROUND_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
