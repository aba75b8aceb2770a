import { onTestFinished } from "bun:test";

/**
 * The app's clock (`deps.now`) for the rest of the running bun test, moving on with real time and
 * jumped forward on demand: a test waits for a mail's time by moving the clock there, not by
 * sleeping until it comes. Everything that reads `deps.now` (the mail sender's rounds, the
 * reminders' and the retries' due times, the API's checks) sees the same moved time. `stand()`
 * stops it where it is (it then moves only when moved): a check "nothing yet at T" stays at T
 * however long a loaded machine takes over it.
 */
export function movingClock(deps: { now: () => Date }) {
  const real = deps.now;
  let offset = 0;
  let standing: number | undefined;
  const shown = () => standing ?? real().getTime() + offset;
  deps.now = () => new Date(shown());
  onTestFinished(() => {
    deps.now = real;
  });
  const forward = (ms: number): void => {
    if (standing !== undefined) standing += ms;
    else offset += ms;
  };
  return {
    /** The app's time now. */
    now: () => deps.now(),
    /** Moves the app's clock `ms` forward. */
    forward,
    /** Moves the app's clock forward to `when` (never back: nothing the app wrote is in its future). */
    to(when: Date | number): void {
      forward(Math.max(0, new Date(when).getTime() - shown()));
    },
    /** Stops the app's clock where it is: from now on it moves only by `forward` and `to`. */
    stand(): void {
      standing = shown();
    },
  };
}
