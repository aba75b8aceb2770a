/**
 * The hand-built request line (issue 30's cost): byte for byte what pino writes for the same
 * fields, whatever the strings hold; written only at an enabled level; readable with
 * LOG_FORMAT=pretty as pino's own lines are.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pino from "pino";
import { startHarness, type Harness } from "../../tests/support/harness";
import { createLogger, flushLogger, onFlush, streamOf } from "./log";
import { laterWriter, requestLine, requestWriter, type RequestFields } from "./request-line";

const fields: RequestFields = {
  reqId: "0b7e2c1a-5f0e-4d8e-9a51-2f3b4c5d6e7f",
  method: "GET",
  route: "/api/auth/admin-dashboard/doctor-status/:id",
  status: 200,
  ms: 0.37,
  bytes: 1234,
  role: "patient",
};

/** What pino itself writes for `f` at `level`, configured as createLogger configures it, at time 42. */
function pinoLine(level: "info" | "debug", f: RequestFields): string {
  let out = "";
  const logger = pino(
    { level: "debug", base: undefined, formatters: { level: (label) => ({ level: label }) }, timestamp: () => ',"time":42' },
    { write: (line: string) => void (out += line) },
  );
  logger[level](f, "request");
  return out;
}

describe("requestLine", () => {
  test("is the line pino writes, fields in the same order", () => {
    for (const f of [fields, { ...fields, role: null, status: 404, route: "unmatched" }]) {
      expect(requestLine("info", 42, f)).toBe(pinoLine("info", f));
      expect(requestLine("debug", 42, f)).toBe(pinoLine("debug", f));
    }
  });

  test("escapes quotes, backslashes, control characters and lone surrogates as JSON does", () => {
    const odd = ['x" injected\\n{"level":"fatal"}', "line\nbreak\r\ttab", "nul\u0000bell\u0007esc\u001b", "del\u007f sep\u2028\u2029", "lone \ud800 high", "Grüße ✓ 医院 🙂"];
    for (const s of odd) {
      const f = { ...fields, reqId: s, method: s, route: s, role: s };
      const line = requestLine("info", 42, f);
      expect(line).toBe(pinoLine("info", f));
      // One line, whatever the strings held, and it reads back as what was given.
      expect(line.indexOf("\n")).toBe(line.length - 1);
      expect(JSON.parse(line)).toMatchObject({ reqId: s, method: s, route: s, role: s });
    }
  });

  test("writes a number that is not finite as null, as pino does", () => {
    const f = { ...fields, bytes: Number.NaN, ms: Number.POSITIVE_INFINITY };
    expect(requestLine("info", 42, f)).toBe(pinoLine("info", f));
    expect(JSON.parse(requestLine("info", 42, f))).toMatchObject({ bytes: null, ms: null });
  });
});

describe("requestWriter", () => {
  test("writes into the logger's own stream, in order with its other lines", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "info", format: "json" }, { write: (line: string) => void lines.push(line) });
    logger.info("before");
    requestWriter(logger)("info", fields);
    logger.warn("after");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["before", "request", "after"]);
    const line = JSON.parse(lines[1]!);
    expect(Object.keys(line)).toEqual(["level", "time", "reqId", "method", "route", "status", "ms", "bytes", "role", "msg"]);
    expect(Math.abs(line.time - Date.now())).toBeLessThan(60_000);
  });

  test("with LOG_FORMAT=pretty the line is made readable, as pino's are", () => {
    let text = "";
    const logger = createLogger({ level: "info", format: "pretty" }, { write: (line: string) => void (text += line) });
    requestWriter(logger)("info", fields);
    expect(text.startsWith("{")).toBe(false);
    expect(text).toContain("INFO");
    expect(text).toContain("request");
    for (const value of [fields.reqId, fields.route, "patient", "1234"]) expect(text).toContain(value);
  });
});

describe("the request log's levels", () => {
  const harnesses: Harness[] = [];
  afterAll(async () => {
    for (const h of harnesses) await h.stop();
  });
  /** The lines of one page and one probe, at `level`. */
  async function linesAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const h = await startHarness({ LOG_LEVEL: level }, { logTo: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    harnesses.push(h);
    await h.call("GET", "/about");
    await h.call("GET", "/healthz");
    return lines.filter((l) => l.msg === "request").map((l) => `${l.level} ${l.route}`);
  }
  let levels: Record<string, string[]>;
  beforeAll(async () => {
    levels = { debug: await linesAt("debug"), info: await linesAt("info"), warn: await linesAt("warn") };
  });

  test("info logs requests, not probes; debug adds the probes; warn logs neither", () => {
    expect(levels.info).toEqual(["info /about"]);
    expect(levels.debug).toEqual(["info /about", "debug /healthz"]);
    expect(levels.warn).toEqual([]);
  });
});

describe("laterWriter (the request lines on stdout)", () => {
  test("makes the lines 64 at a time, in order, as one string; flush hands on the rest", () => {
    const chunks: string[] = [];
    const write = laterWriter((text) => void chunks.push(text));
    for (let i = 0; i < 63; i++) write("info", { ...fields, status: 200 + i });
    expect(chunks).toEqual([]);
    write("debug", { ...fields, route: "/healthz" });
    expect(chunks.length).toBe(1);
    const lines = chunks[0]!.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.status)).toEqual([...Array.from({ length: 63 }, (_, i) => 200 + i), 200]);
    expect(lines.at(-1)).toMatchObject({ level: "debug", route: "/healthz", msg: "request" });
    write("info", fields);
    write.flush();
    write.flush(); // nothing left: nothing written
    expect(chunks.length).toBe(2);
    expect(JSON.parse(chunks[1]!)).toMatchObject({ reqId: fields.reqId, status: 200 });
    // Each line's time is its request's, not the batch's.
    expect(Math.abs(JSON.parse(chunks[1]!).time - Date.now())).toBeLessThan(60_000);
  });

  test("a batch through LOG_FORMAT=pretty is made readable line by line", () => {
    let text = "";
    const logger = createLogger({ level: "info", format: "pretty" }, { write: (line: string) => void (text += line) });
    const write = laterWriter((chunk) => streamOf(logger)!.write(chunk));
    write("info", { ...fields, route: "/first" });
    write("info", { ...fields, route: "/second" });
    write.flush();
    expect(text).not.toContain("{");
    expect(text.match(/INFO/g)?.length).toBe(2);
    expect(text.indexOf("/first")).toBeLessThan(text.indexOf("/second"));
  });

  test("the logger's flush (before exit) hands on what waits", () => {
    const logger = createLogger({ level: "info", format: "json" }, { write: () => undefined });
    const chunks: string[] = [];
    const write = laterWriter((text) => void chunks.push(text));
    onFlush(logger, write.flush);
    write("info", fields);
    expect(chunks).toEqual([]);
    flushLogger(logger);
    expect(chunks.length).toBe(1);
  });
});

test("laterWriter: a write that throws loses its batch only, and the next batch is written", () => {
  let fail = true;
  const chunks: string[] = [];
  const write = laterWriter((text) => {
    if (fail) throw new Error("EPIPE");
    chunks.push(text);
  });
  write("info", fields);
  expect(() => write.flush()).toThrow("EPIPE");
  fail = false;
  write("info", { ...fields, status: 201 });
  write.flush();
  expect(chunks.length).toBe(1);
  expect(chunks[0]!.split("\n").filter(Boolean).map((l) => JSON.parse(l).status)).toEqual([201]);
});
