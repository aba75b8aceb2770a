/**
 * A bounded queue of work: at most `running` tasks at once, at most `waiting` more in line, and
 * beyond that an immediate 503 with Retry-After, so that a flood costs a refusal, not memory.
 */
import { Refusal } from "../domain/refusal";

export class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
    private readonly retryAfterSeconds = 10,
  ) {}

  /** How many tasks run and wait now (for tests and benches). */
  get load() {
    return { active: this.active, queued: this.queue.length };
  }

  /** Waits for a place (or throws 503 when the line is full); the caller must call the release it gets. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) {
        throw new Refusal("busy", "The server is busy with other pictures. Please try again in a moment.", this.retryAfterSeconds);
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The place passes straight to the next in line, so `active` stays as it is.
      if (next) next();
      else this.active--;
    };
  }

  /** Runs `task` when a place is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
