/**
 * One body limit for every method (issue 23), over real HTTP: a GET that declares a body over the
 * limit, or a chunked one, is refused with 413 (JSON under /api) and the connection closed, its
 * body unread; an ordinary GET, and one with a small body, are answered as usual.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import net from "node:net";
import { startHarness, type Harness } from "../../tests/support/harness";
import { BODY_LIMIT } from "../app";
import { socketBodyLimit } from "./upload-gate";

let h: Harness;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  h = await startHarness();
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: h.app.fetch, maxRequestBodySize: socketBodyLimit(h.deps.config.maxUploadBytes) });
});
afterAll(async () => {
  server.stop(true);
  await h.stop();
});

/** Sends a request by hand (head, then `body`) and resolves with the first answer's head and body. */
function raw(head: string, body: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port!, "127.0.0.1");
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(answer));
    socket.write(head);
    socket.write(body);
    setTimeout(() => socket.destroy(), 3_000); // an answered keep-alive connection stays open
  });
}

test("a GET declaring a body over the limit is refused with 413 and the connection closed", async () => {
  const api = await raw(`GET /api/auth/doctors HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`, "a".repeat(1000));
  expect(api).toStartWith("HTTP/1.1 413");
  expect(api.toLowerCase()).toContain("connection: close");
  expect(api).toContain(JSON.stringify({ message: "Request body is too large" }));
  const page = await raw(`GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${BODY_LIMIT + 1}\r\n\r\n`, "a".repeat(1000));
  expect(page).toStartWith("HTTP/1.1 413");
});

test("a GET with a chunked body is refused too; a GET with a small body or none is answered", async () => {
  const chunked = await raw(`GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`, `100\r\n${"a".repeat(256)}\r\n`);
  expect(chunked).toStartWith("HTTP/1.1 413");
  expect((await fetch(`http://127.0.0.1:${server.port}/about`)).status).toBe(200);
  const small = await raw(`GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\n`, "hello");
  expect(small).toStartWith("HTTP/1.1 200");
});
