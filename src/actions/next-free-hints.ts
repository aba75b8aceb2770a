/**
 * The directory's next-free hints (issue 57): each public doctor keeps their next free start
 * (doctors.next_free_hint), or a time none is free before, so sort=next reads doctors in its order
 * and works out the free slots of the first few only, and "free within 3 days" is a range of the
 * hints (src/actions/directory.ts). A hint is exact until the booking notice reaches it, and a
 * lower bound always: whatever may free a slot, or take the hint's own (a confirmed meeting over
 * it, a place removed), sets it to null in its own transaction (triggers, drizzle/0045 and 0048).
 * Held waitlist offers are not counted (one that runs out frees its slot without a write): the
 * directory works out doctors holding one itself. This computes the unknown and reached ones again,
 * in small batches, each read and written in one write transaction (so a cancel in between cannot
 * be overwritten; two instances doing it at once each write true hints).
 *
 * A hint is a lower bound only for the consultation length, booking notice and window it was
 * computed with (`hintSettingsOf`), which are kept beside the hints (next_free_hint_state). A
 * server started with others clears every hint at boot and records its own (`ensureHintSettings`);
 * a server whose settings are not the recorded ones (an older one, during a deploy) computes none.
 */
import type { Deps } from "../config/deps";
import { anyStaleHint, clearHints, hintSettings, noneBefore, saveHints, staleHintSources, type Staleness } from "../db/queries/next-free-hints";
import { DIRECTORY_DAYS, SOON_DAYS } from "../domain/directory";
import { earliestStart as earliestSlotStart } from "../domain/availability";
import { nextFreeOf, windowOf } from "./availability";

/** Doctors a batch computes; one batch holds the write lock for a few milliseconds. */
export const HINT_BATCH = 50;

/** What a hint's worth depends on: the settings free slots are worked out with (slotsOf), and the window. */
export const hintSettingsOf = (deps: Deps): string =>
  `consult ${deps.config.consultMinutes} min, notice ${deps.config.bookingNoticeMinutes} min, window ${DIRECTORY_DAYS} days, exact`;

const DAY_MS = 86_400_000;

/** The first start a slot may have at `now` (freeSlots' own): an exact hint before it is reached. */
export const earliestStart = (deps: Deps, now: Date): number => earliestSlotStart(now, deps.config.bookingNoticeMinutes);

/**
 * The hint of a doctor with no free slot in the window computed at `now`: none before two days
 * short of its end, which no zone's local days (nor a clock change) can reach.
 */
export const noneHint = (now: Date): number => noneBefore(now.getTime() + (DIRECTORY_DAYS - 2) * DAY_MS);

/** What the tick computes again at `now`: hints reached by the notice, and "none before" ones within the directory's "free soon". */
export const stalenessAt = (deps: Deps, now: Date): Staleness => ({ fresh: earliestStart(deps, now), noneUntil: now.getTime() + SOON_DAYS * DAY_MS });

/** At boot: when the kept hints were computed with other settings than this server's (or unknown ones), clears them all and records this server's. Whether it cleared. */
export async function ensureHintSettings(deps: Deps): Promise<boolean> {
  const mine = hintSettingsOf(deps);
  if ((await hintSettings(deps.database.db)) === mine) return false;
  return deps.database.write(async (tx) => {
    if ((await hintSettings(tx)) === mine) return false;
    await clearHints(tx, mine);
    return true;
  });
}

/** Computes at most `limit` stale hints; how many it wrote (none while another server's settings are recorded). */
export async function refreshNextFreeHints(deps: Deps, limit = HINT_BATCH): Promise<number> {
  if (!(await anyStaleHint(deps.database.db, stalenessAt(deps, deps.now())))) return 0;
  return deps.database.write(async (tx) => {
    const recorded = await hintSettings(tx);
    const mine = hintSettingsOf(deps);
    // Hints of unknown settings are not kept; another server's are its own to compute.
    if (recorded === undefined) await clearHints(tx, mine);
    else if (recorded !== mine) return 0;
    const now = deps.now();
    const { from, to } = windowOf(now, DIRECTORY_DAYS);
    const sources = await staleHintSources(tx, stalenessAt(deps, now), from, to, limit);
    const hints = sources.map((s) => ({ id: s.doctorId, hint: nextFreeOf(deps, s, now, DIRECTORY_DAYS)?.start ?? noneHint(now) }));
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
  let checked = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      if (!checked) {
        if (await ensureHintSettings(deps)) deps.observe.log.info({ settings: hintSettingsOf(deps) }, "directory: next free hints cleared (computed with other settings)");
        checked = true;
      }
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
