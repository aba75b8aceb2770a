/**
 * A picture worker (a Bun Worker, its own thread and heap): compiles the codecs once, says
 * "ready", then re-encodes one picture per message (./reencode.ts) and answers with the stored
 * bytes or the refusal. ./picture-pool.ts owns these workers and ends one that runs past its
 * time budget. src/build/binary.ts compiles this file as a second entry point of the binary.
 *
 * On Linux the worker lowers its own thread's priority (nice 10; setpriority on a thread id
 * changes that thread alone), so the thread that answers requests always goes first, and tells
 * the pool its thread id, so that the pool can read the CPU time it spends (/proc).
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { IMAGE_TYPE_MESSAGE } from "../domain/fields";
import { codecsReady } from "./codecs";
import { reencode, type PictureShape, type ReencodeResult } from "./reencode";
import type { ImageExtension } from "./names";

declare const self: Worker;

/** What the pool sends: one picture and its type (already checked from its header). */
export type PictureJob = { bytes: Uint8Array; type: ImageExtension; shape?: PictureShape };
/** What the worker answers: first `{ ready }` (with its thread id on Linux), then one result per job. */
export type PictureAnswer = { ready: true; threadId?: number } | { result: ReencodeResult };

/**
 * Below the request thread's priority: decoding waits, requests do not. PICTURE_WORKER_NICENESS
 * (0 to 19; the pool's `niceness`) sets another for tests that measure something else on a
 * machine shared with other test processes: at 10 a worker gets about a tenth of the CPU share
 * of each of them, and its pictures run into their wall-clock limits.
 */
const WORKER_NICENESS = workerNiceness(process.env.PICTURE_WORKER_NICENESS);

function workerNiceness(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n >= 0 && n <= 19 ? n : 10;
}

/** This thread's id (Linux), and its priority lowered; undefined where there is no /proc. */
function lowerOwnPriority(): number | undefined {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(threadId)) return undefined;
    try {
      setPriority(threadId, WORKER_NICENESS);
    } catch {
      // not permitted: the thread keeps the process's priority
    }
    return threadId;
  } catch {
    return undefined;
  }
}

self.onmessage = async (event: MessageEvent<PictureJob>) => {
  const { bytes, type, shape } = event.data;
  let result: ReencodeResult;
  try {
    result = await reencode(bytes, type, shape);
  } catch {
    result = { ok: false, kind: "unsupported", message: IMAGE_TYPE_MESSAGE };
  }
  const answer: PictureAnswer = { result };
  self.postMessage(answer, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
};

const threadId = lowerOwnPriority();
await codecsReady();
self.postMessage({ ready: true, threadId } satisfies PictureAnswer);
