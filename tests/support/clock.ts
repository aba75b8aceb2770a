import { onTestFinished } from "bun:test";

/**
 * The app's clock moved for one bun test (never the browser journeys: Playwright runs under Node,
 * which cannot load bun:test; their fixed reference is ./monday.ts).
 */

/**
 * For the rest of the running test, the app's clock runs so that `date` is `leadDays` ahead,
 * moving on with real time: a test that plans at a fixed far date (for fixed words on the page)
 * stays within the two-year bound on meeting times (issue 44), whatever day it runs.
 */
export function clockBefore(h: { deps: { now: () => Date } }, date: Date, leadDays = 60): void {
  const real = h.deps.now;
  const offset = date.getTime() - leadDays * 86_400_000 - Date.now();
  h.deps.now = () => new Date(Date.now() + offset);
  onTestFinished(() => {
    h.deps.now = real;
  });
}

/** Runs `fn` with the app's clock (`deps.now`) at `when`, then puts the clock back. */
export async function atClock<T>(deps: { now: () => Date }, when: Date, fn: () => Promise<T>): Promise<T> {
  const real = deps.now;
  deps.now = () => when;
  try {
    return await fn();
  } finally {
    deps.now = real;
  }
}
