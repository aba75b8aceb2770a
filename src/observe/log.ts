/**
 * The server's logger (pino): one JSON object a line on stdout, or, with LOG_FORMAT=pretty, the
 * same records made readable by pino-pretty's formatter in this thread (no transport, so no
 * worker thread: it works the same in `bun src/index.ts` and in the single binary).
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";
import type { Config } from "../config/env";

export type { DestinationStream, Logger };

/**
 * stdout, written asynchronously: lines written while a write is under way go out together with
 * the next one (no per-line system call under load, no delay when idle). flushSync() at exit.
 */
function stdout(): DestinationStream & { flushSync(): void } {
  return pino.destination({ dest: 1, sync: false });
}

/** A terminal's view of the records: each line formatted by pino-pretty, synchronously. */
function pretty(into: DestinationStream): DestinationStream {
  const format = prettyFactory({ colorize: process.stdout.isTTY === true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  return { write: (line: string) => into.write(format(line)) };
}

/**
 * The logger `config.log` asks for. `into` replaces stdout (tests capture the lines there). The
 * level is a name ("info"), the time an ISO string; pid and hostname are left to the collector.
 */
export function createLogger(config: Config["log"], into?: DestinationStream): Logger {
  const sink = into ?? stdout();
  const logger = pino(
    {
      level: config.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    config.format === "pretty" ? pretty(sink) : sink,
  );
  if ("flushSync" in sink) sinks.set(logger, sink as { flushSync(): void });
  return logger;
}

const sinks = new WeakMap<Logger, { flushSync(): void }>();

/** Writes out what the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): void {
  try {
    sinks.get(logger)?.flushSync();
  } catch {
    // a closed stdout: nothing more can be written
  }
}
