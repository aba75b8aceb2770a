/**
 * A picture worker (a Bun Worker, its own thread and heap): compiles the codecs once, says
 * "ready", then re-encodes one picture per message (./reencode.ts) and answers with the stored
 * bytes or the refusal. ./picture-pool.ts owns these workers and ends one that runs past its
 * time budget. src/build/binary.ts compiles this file as a second entry point of the binary.
 */
import { IMAGE_TYPE_MESSAGE } from "../domain/fields";
import { codecsReady } from "./codecs";
import { reencode, type ReencodeResult } from "./reencode";
import type { ImageExtension } from "./names";

declare const self: Worker;

/** What the pool sends: one picture and its type (already checked from its header). */
export type PictureJob = { bytes: Uint8Array; type: ImageExtension; collect: boolean };
/** What the worker answers: first `{ ready }`, then one result per job. */
export type PictureAnswer = { ready: true } | { result: ReencodeResult };

self.onmessage = async (event: MessageEvent<PictureJob>) => {
  const { bytes, type, collect } = event.data;
  let result: ReencodeResult;
  try {
    result = await reencode(bytes, type);
  } catch {
    result = { ok: false, kind: "unsupported", message: IMAGE_TYPE_MESSAGE };
  }
  const answer: PictureAnswer = { result };
  self.postMessage(answer, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
  // A camera photo leaves some 100 MB of pixel copies behind: collect them before the next one.
  if (collect) Bun.gc(true);
};

await codecsReady();
self.postMessage({ ready: true } satisfies PictureAnswer);
