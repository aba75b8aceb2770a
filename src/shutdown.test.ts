/**
 * Graceful shutdown (issue 5): on SIGTERM the server stops accepting, finishes the requests in
 * flight, closes the database and exits 0. Real process, real HTTP, loopback only.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { PASSWORD, startServer } from "../bench/server";

const dir = mkdtempSync(join(tmpdir(), "carebook-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("SIGTERM lets requests in flight finish, refuses new ones, and exits 0 with the data kept", async () => {
  const db = join(dir, "app.db");
  const server = await startServer({ DATABASE_URL: `file:${db}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "shutdown-secret-at-least-32-bytes-long" });
  // Signups hash a password with argon2 (tens of milliseconds): they are in flight when the signal comes.
  const signups = Array.from({ length: 8 }, (_, i) =>
    fetch(`${server.url}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Late ${i}`, email: `late${i}@example.com`, password: PASSWORD }),
    }),
  );
  // A request sent after them has been answered: the server has read the signups (it takes
  // requests in order), and they are still hashing. A fixed sleep here failed on a loaded machine,
  // where the signal could come before the signups had even been sent.
  expect((await fetch(`${server.url}/about`)).status).toBe(200);
  server.process.kill("SIGTERM");
  const answers = await Promise.all(signups);
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
  expect(await server.process.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM: finishing requests in flight");

  // Nothing listens any more.
  expect(await fetch(`${server.url}/about`).then(() => "answered", () => "refused")).toBe("refused");
  // Every acknowledged signup is in the database, which was closed cleanly.
  const client = createClient({ url: `file:${db}` });
  expect((await client.execute("select count(*) as n from patients where name like 'Late %'")).rows[0]!.n).toBe(8);
  expect((await client.execute("pragma integrity_check")).rows[0]![0]).toBe("ok");
  client.close();
}, 30_000);
