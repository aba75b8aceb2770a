/**
 * The server's logger (pino): one JSON object a line on stdout, or, with LOG_FORMAT=pretty, the
 * same records made readable by pino-pretty's formatter in this thread (no transport, so no
 * worker thread: it works the same in `bun src/index.ts` and in the single binary). `time` is
 * pino's epoch milliseconds (cheaper than an ISO string per line; every collector reads it).
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";
import type { Config } from "../config/env";

export type { DestinationStream, Logger };

/** Lines are written out once this many characters wait (some 40 lines), or after FLUSH_MS. */
const BATCH_CHARS = 8192;
const FLUSH_MS = 1000;

/**
 * stdout, in batches: a system call per line cost a busy server a large share of a request's
 * CPU, and sonic-boom's own batching (minLength) measures its whole buffer again at every line.
 * Lines are collected here and handed to pino's destination (sonic-boom, synchronous as pino's
 * own stdout is: nothing piles up behind a slow reader, EAGAIN is retried) as one write. A line
 * reaches stdout within a second; flushLogger() writes the rest at exit.
 */
function stdout(): DestinationStream & { flushSync(): void } {
  const destination = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join("");
    lines = [];
    chars = 0;
    destination.write(text);
  };
  setInterval(flush, FLUSH_MS).unref();
  return {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) flush();
    },
    flushSync() {
      flush();
      destination.flushSync();
    },
  };
}

/** A terminal's view of the records: each line formatted by pino-pretty, synchronously (a batch of request lines line by line). */
function pretty(into: DestinationStream): DestinationStream {
  const format = prettyFactory({ colorize: process.stdout.isTTY === true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  return {
    write(text: string) {
      let start = 0;
      for (let end = text.indexOf("\n"); end >= 0; start = end + 1, end = text.indexOf("\n", start)) into.write(format(text.slice(start, end + 1)));
      if (start < text.length) into.write(format(text.slice(start)));
    },
  };
}

/**
 * The logger `config.log` asks for. `into` replaces stdout (tests capture the lines there). The
 * level is a name ("info"); pid and hostname are left to the collector.
 */
export function createLogger(config: Config["log"], into?: DestinationStream): Logger {
  const sink = into ?? stdout();
  const stream = config.format === "pretty" ? pretty(sink) : sink;
  const logger = pino(
    {
      level: config.level,
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: safeError },
    },
    stream,
  );
  streams.set(logger, stream);
  if ("flushSync" in sink) sinks.set(logger, sink as { flushSync(): void });
  return logger;
}

/** An error as a log line carries it: what went wrong and where, never the values it was given. */
export type LoggedError = { type: string; message: string; code?: string | number; query?: string; stack: string; cause?: LoggedError };

/** How deep a chain of causes is followed (drizzle's error, libSQL's, the driver's: three). */
const CAUSE_DEPTH = 4;

/**
 * The `err` serializer (issue 44, finding 5). pino's own copies every property of an error, and
 * a failing statement's error holds the values it was run with: drizzle's `params` (and its
 * message's "params:" line), libSQL's `args`, a driver's `value`, each cause's the same; that is
 * a reason for a visit, an email, a password hash in the log. Only what helps find the fault is
 * kept: the type, the message without drizzle's parameter line, a code, the statement's SQL
 * (placeholders only: drizzle sends every value as a parameter), the stack's frames (not its first
 * line, which repeats the message), and the causes, the same way. Every error logged goes
 * through it: `log.error({ err }, ...)`, never console.error.
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "(not an Error: its value is not logged)", stack: "" };
  const fields = error as Error & { code?: unknown; query?: unknown };
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: scrubbed(error.message),
    stack: (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).join("\n"),
  };
  if (typeof fields.code === "string" || typeof fields.code === "number") logged.code = fields.code;
  if (typeof fields.query === "string") logged.query = fields.query;
  if (error.cause !== undefined && depth < CAUSE_DEPTH) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}

/**
 * A message without drizzle's "\nparams: ..." line (the values a failed query was run with), and
 * without email addresses (an SMTP server's refusal may quote the recipient's).
 */
const scrubbed = (message: string) => message.replace(/\nparams:[\s\S]*$/, "").replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, "<email>");

const sinks = new WeakMap<Logger, { flushSync(): void }>();
const streams = new WeakMap<Logger, DestinationStream>();

/** The stream a logger made here writes its lines into (through the pretty formatter with LOG_FORMAT=pretty). */
export function streamOf(logger: Logger): DestinationStream | undefined {
  return streams.get(logger);
}

/** Whether the logger writes to stdout (not into a stream given to createLogger). */
export function writesToStdout(logger: Logger): boolean {
  return sinks.has(logger);
}

const flushers = new WeakMap<Logger, (() => void)[]>();

/** `flush` runs first when the logger is flushed: it hands on what a writer still keeps (src/observe/request-line.ts). */
export function onFlush(logger: Logger, flush: () => void): void {
  flushers.set(logger, [...(flushers.get(logger) ?? []), flush]);
}

/** Writes out what the logger still holds (before process.exit). */
export function flushLogger(logger: Logger): void {
  try {
    for (const flush of flushers.get(logger) ?? []) flush();
    sinks.get(logger)?.flushSync();
  } catch {
    // a closed stdout: nothing more can be written
  }
}
