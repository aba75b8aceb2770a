/**
 * The request log's line, written without pino's general machinery: pino builds a line by walking
 * the object it is given (and, under Bun, through a diagnostics channel on every line), some 2 to
 * 3 µs, a tenth of a light request. The line has the same fields every time, so it is put
 * together here as one template, byte for byte what pino would write (level name, epoch time,
 * the fields, msg), and handed to the same stream pino writes into: the same batches, and with
 * LOG_FORMAT=pretty the same formatter. Every other line (start-up, failures with their stack)
 * still goes through pino.
 */
import type { Logger } from "pino";
import { streamOf } from "./log";

/** What one answered request's line says (src/middleware/observe.ts): nothing personal. */
export type RequestFields = {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  bytes: number;
  role: string | null;
};

/** A request is logged at info, a probe at debug (a failure goes through pino, with its error). */
export type RequestLevel = "info" | "debug";

/** Anything JSON must escape in a string: quotes, backslashes, control characters, lone surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON: as it is between quotes when nothing needs escaping (almost always), else JSON.stringify's. */
const str = (s: string) => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);
/** A number as pino writes it: null when it is not finite. */
const num = (n: number) => (Number.isFinite(n) ? String(n) : "null");

/** One request's line, ending in a newline: what `logger[level](fields, "request")` would write. */
export function requestLine(level: RequestLevel, time: number, f: RequestFields): string {
  return (
    `{"level":"${level}","time":${time},"reqId":${str(f.reqId)},"method":${str(f.method)},"route":${str(f.route)},` +
    `"status":${num(f.status)},"ms":${num(f.ms)},"bytes":${num(f.bytes)},"role":${f.role === null ? "null" : str(f.role)},"msg":"request"}\n`
  );
}

/**
 * Writes request lines into `logger`'s own stream, for a level the caller has found enabled
 * (log.isLevelEnabled). A logger not made by createLogger (none in this app) gets them through pino.
 */
export function requestWriter(logger: Logger): (level: RequestLevel, fields: RequestFields) => void {
  const stream = streamOf(logger);
  if (stream === undefined) return (level, fields) => logger[level](fields, "request");
  return (level, fields) => stream.write(requestLine(level, Date.now(), fields));
}
