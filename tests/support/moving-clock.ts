import { onTestFinished } from "bun:test";

/**
 * The app's clock (`deps.now`) for the rest of the running bun test, moving on with real time and
 * jumped forward on demand: a test waits for a mail's time by moving the clock there, not by
 * sleeping until it comes. Everything that reads `deps.now` (the mail sender's rounds, the
 * reminders' and the retries' due times, the API's checks) sees the same moved time.
 */
export function movingClock(deps: { now: () => Date }) {
  const real = deps.now;
  let offset = 0;
  deps.now = () => new Date(real().getTime() + offset);
  onTestFinished(() => {
    deps.now = real;
  });
  return {
    /** The app's time now. */
    now: () => deps.now(),
    /** Moves the app's clock `ms` forward. */
    forward(ms: number): void {
      offset += ms;
    },
    /** Moves the app's clock forward to `when` (never back: nothing the app wrote is in its future). */
    to(when: Date | number): void {
      offset += Math.max(0, new Date(when).getTime() - deps.now().getTime());
    },
  };
}
