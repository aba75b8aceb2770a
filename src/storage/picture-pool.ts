/**
 * A small pool of picture workers (./picture-worker.ts), so that decoding, honest or hostile,
 * never runs on the thread that answers requests. Each job has a time budget; a worker still
 * busy past it is terminated (its WebAssembly memory with it) and a fresh one started, and the
 * upload is refused. A bounded line waits for a worker (./limiter.ts); beyond it, 503.
 *
 * A large picture (a camera photo) needs some 150 MB of its worker's memory while it decodes,
 * and the codecs' WebAssembly memory never shrinks afterwards (issue 45). So large pictures
 * decode one at a time in the process, and the worker that decoded one is replaced after it
 * answers; the next large one starts once the old worker has exited and its memory is returned.
 * Small pictures go on meanwhile in the other workers.
 *
 * The budget counts the CPU time the worker's thread spends on the picture (read from
 * /proc/self/task/<thread>/stat on Linux), not the time on the clock: on a machine busy with
 * other work an honest photo waits for the CPU without being refused for it, while a picture
 * that makes the decoder work too long is refused however idle the machine is. The clock still
 * ends a job at WALL_FACTOR times the budget; where there is no /proc, the budget is clock time.
 */
import { readFileSync } from "node:fs";
import { Refusal } from "../domain/refusal";
import { Limiter } from "./limiter";
import type { ImageExtension } from "./names";
import type { PictureAnswer, PictureJob } from "./picture-worker";
import type { PictureShape } from "./reencode";

/** The refusal of a picture that took longer than the budget to decode. */
export const PICTURE_TOO_SLOW_MESSAGE =
  "This picture takes too long to process, so it was refused. Please upload an ordinary JPEG or PNG photo.";

/** The refusal of a picture whose worker failed while decoding it (a codec's abort, out of memory). */
export const PICTURE_FAILED_MESSAGE = "This picture could not be processed. Please upload an ordinary JPEG or PNG photo.";

/** Waiting for a new worker to compile its codecs; far above the ~0.2 s it takes. */
const START_LIMIT_MS = 30_000;
/** A job measured by CPU time is still ended after this many times its budget on the clock. */
const WALL_FACTOR = 8;
/** Waiting for an ended worker to exit; it takes a few ms. */
const EXIT_LIMIT_MS = 2_000;
/** How often a job's CPU time is read, at most. */
const CPU_CHECK_MS = 250;

/** The CPU time (user and system, ms) the thread `threadId` of this process has used; undefined without /proc. */
export function threadCpuMs(threadId: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${threadId}/stat`, "utf8");
    // After the command name in parentheses: state is field 3, utime 14 and stime 15, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux build Bun runs on. */
const CLOCK_TICKS = 100;

/**
 * Where the worker's code is. Run from source, the .ts file beside this one; inside the single
 * binary, the entry point binary.ts adds, which Bun resolves by the same relative path from the
 * binary's root (src/), so "./storage/picture-worker.ts" is tried there.
 */
function workerUrl(): string | URL {
  const here = new URL("./picture-worker.ts", import.meta.url);
  return import.meta.url.includes("$bunfs") ? "./storage/picture-worker.ts" : here;
}

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: unknown) => void; stop: () => void; retire: boolean };

/** One worker thread, restarted when it is ended or dies. */
class PictureWorker {
  private worker!: Worker;
  private ready!: Promise<void>;
  private pending: Pending | undefined;
  /** The worker's thread id, when it could tell (Linux): its CPU time measures the budget. */
  private threadId: number | undefined;
  /** How many times a worker was started here (for tests). */
  starts = 0;
  /** Settles once the last worker ended here has exited (its memory returned to the system). */
  gone: Promise<void> = Promise.resolve();

  constructor(private readonly niceness?: number) {
    this.start();
  }

  private start() {
    this.starts++;
    this.threadId = undefined;
    // A niceness of its own (tests) goes in the worker's environment (./picture-worker.ts).
    const env = this.niceness === undefined ? undefined : { env: { ...process.env, PICTURE_WORKER_NICENESS: String(this.niceness) } };
    const worker = new Worker(workerUrl(), env);
    // A CLI that re-encoded its pictures may exit while the idle worker waits.
    (worker as Worker & { unref(): void }).unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the picture worker did not start")), START_LIMIT_MS);
      worker.addEventListener("message", (event: MessageEvent<PictureAnswer>) => {
        if (this.worker !== worker) return;
        const answer = event.data;
        if ("ready" in answer) {
          clearTimeout(timer);
          this.threadId = answer.threadId;
          resolve();
          return;
        }
        const pending = this.pending;
        if (!pending) return;
        this.pending = undefined;
        pending.stop();
        if (pending.retire) this.replace();
        if (answer.result.ok) pending.resolve(answer.result.bytes);
        else pending.reject(new Refusal(answer.result.kind, answer.result.message));
      });
      worker.addEventListener("error", (event) => {
        if (this.worker !== worker) return;
        clearTimeout(timer);
        reject(new Error(`the picture worker failed: ${event.message}`));
        // A crash (a codec's abort, out of memory) refuses the picture and replaces the worker.
        this.fail(new Refusal("unsupported", PICTURE_FAILED_MESSAGE));
      });
    });
    // A worker that failed to start is replaced at the next job.
    this.ready.catch(() => undefined);
  }

  /** Ends the worker (whatever it is doing) and starts a fresh one; `gone` waits for the old one's exit. */
  private replace() {
    const old = this.worker;
    this.gone = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, EXIT_LIMIT_MS);
      old.addEventListener("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    old.terminate();
    this.start();
  }

  /** Ends the worker (whatever it is doing), rejects its job and starts a fresh one. */
  private fail(error: unknown) {
    const pending = this.pending;
    this.pending = undefined;
    this.replace();
    if (pending) {
      pending.stop();
      pending.reject(error);
    }
  }

  /**
   * Re-encodes one picture within `budgetMs` of the worker's own time (its start not counted).
   * `retire` replaces the worker once it has answered (its memory with it).
   */
  async process(bytes: Uint8Array, type: ImageExtension, budgetMs: number, retire: boolean, transfer: boolean, shape: PictureShape = "square"): Promise<Uint8Array> {
    try {
      await this.ready;
    } catch {
      this.fail(undefined);
      await this.ready;
    }
    // The bytes move to the worker without a copy when the caller gives them up (and they own
    // their whole buffer); otherwise a copy moves, and the caller's bytes stay usable.
    const own = transfer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    const tooSlow = () => this.fail(new Refusal("unsupported", PICTURE_TOO_SLOW_MESSAGE));
    const threadId = this.threadId;
    const cpuAtStart = threadId === undefined ? undefined : threadCpuMs(threadId);
    return new Promise<Uint8Array>((resolve, reject) => {
      let stop: () => void;
      if (threadId === undefined || cpuAtStart === undefined) {
        const timer = setTimeout(tooSlow, budgetMs);
        stop = () => clearTimeout(timer);
      } else {
        const wall = setTimeout(tooSlow, budgetMs * WALL_FACTOR);
        const cpu = setInterval(() => {
          const used = threadCpuMs(threadId);
          if (used !== undefined && used - cpuAtStart > budgetMs) tooSlow();
        }, Math.min(CPU_CHECK_MS, Math.max(10, budgetMs / 2)));
        stop = () => {
          clearTimeout(wall);
          clearInterval(cpu);
        };
      }
      this.pending = { resolve, reject, stop, retire };
      this.worker.postMessage({ bytes: own, type, shape } satisfies PictureJob, [own.buffer as ArrayBuffer]);
    });
  }

  terminate() {
    this.worker.terminate();
  }
}

export class PicturePool {
  private readonly idle: PictureWorker[] = [];
  private readonly all: PictureWorker[] = [];
  private readonly line: Limiter;
  /** One large picture decoding at a time, its worker's exit included. */
  private readonly largeTurn: Limiter;

  constructor(
    /** Worker threads, started on first use. */
    readonly size: number,
    /** The most a picture may take to decode and re-encode. */
    readonly budgetMs: number,
    /** Pictures that may wait for a worker before the next is told to come back (503). */
    waiting = 16,
    /** The workers' niceness, when not the worker's own default (tests; see ./picture-worker.ts). */
    private readonly niceness?: number,
  ) {
    this.line = new Limiter(size, waiting);
    this.largeTurn = new Limiter(1, waiting);
  }

  /** How many run and wait now (for tests and benches). */
  get load() {
    return this.line.load;
  }

  /** Workers started so far, replacements included (for tests). */
  get starts() {
    return this.all.reduce((sum, w) => sum + w.starts, 0);
  }

  /**
   * The re-encoded bytes, or a Refusal (unsupported, too_large, busy, or too slow). `large`
   * marks a picture that decodes alone and retires its worker (see the top of this file);
   * `budgetMs` overrides the pool's budget for this one picture (tests); `transfer` gives the
   * bytes' buffer to the worker (it is detached here, saving a copy of up to MAX_UPLOAD_BYTES).
   */
  async run(bytes: Uint8Array, type: ImageExtension, options: { large?: boolean; budgetMs?: number; transfer?: boolean; shape?: PictureShape } = {}): Promise<Uint8Array> {
    const large = options.large ?? false;
    const turn = large ? await this.largeTurn.acquire() : undefined;
    let retired: PictureWorker | undefined;
    try {
      return await this.line.run(async () => {
        // The line lets at most `size` jobs in, so an idle worker exists or one may be started.
        let worker = this.idle.pop();
        if (!worker) {
          worker = new PictureWorker(this.niceness);
          this.all.push(worker);
        }
        if (large) retired = worker;
        try {
          return await worker.process(bytes, type, options.budgetMs ?? this.budgetMs, large, options.transfer ?? false, options.shape);
        } finally {
          this.idle.push(worker);
        }
      });
    } finally {
      // The answer goes back at once; the next large picture waits for the old worker's exit.
      if (turn) void (retired?.gone ?? Promise.resolve()).then(turn);
    }
  }

  /**
   * Starts every worker now (the server does at start), so that the first uploads do not wait
   * for a worker to load its code and compile the codecs, nor share the CPU with that.
   */
  warm(): void {
    while (this.all.length < this.size) {
      const worker = new PictureWorker(this.niceness);
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  /** Ends every worker (tests). */
  close() {
    for (const worker of this.all) worker.terminate();
    this.all.length = 0;
    this.idle.length = 0;
  }
}
