/**
 * Passwords hash with OWASP's argon2id parameters everywhere but inside the test runner, whose
 * preload asks for argon2's least work (issue 50). A server started as a process, even with
 * NODE_ENV=test, never runs that preload: the hash it stores carries the production parameters.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { PASSWORD, startServer } from "../../bench/server";
import { checkPassword, hashPassword, PRODUCTION_HASH, useTestHashing } from "./passwords";

const PRODUCTION_PARAMETERS = `$argon2id$v=19$m=${PRODUCTION_HASH.memoryCost},t=${PRODUCTION_HASH.timeCost},p=${PRODUCTION_HASH.parallelism}$`;

const dir = mkdtempSync(join(tmpdir(), "carebook-passwords-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the production parameters are OWASP's argon2id: 19 MiB, two passes, one lane", () => {
  expect(PRODUCTION_PARAMETERS).toBe("$argon2id$v=19$m=19456,t=2,p=1$");
});

test("inside the test runner the preload lowers the cost; useTestHashing(false) puts the production cost back", async () => {
  const cheap = await hashPassword("a password");
  expect(cheap).toStartWith("$argon2id$v=19$m=8,t=1,p=1$");
  useTestHashing(false);
  try {
    const real = await hashPassword("a password");
    expect(real).toStartWith(PRODUCTION_PARAMETERS);
    expect(await checkPassword(real, "a password")).toBe(true);
    expect(await checkPassword(real, "another")).toBe(false);
  } finally {
    useTestHashing();
  }
  // A hash carries its parameters: one made cheap still verifies after the switch, and back.
  expect(await checkPassword(cheap, "a password")).toBe(true);
});

test("a server started as a process stores production hashes, even with NODE_ENV=test", async () => {
  const db = join(dir, "app.db");
  const server = await startServer({ DATABASE_URL: `file:${db}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "passwords-secret-at-least-32-bytes-long", NODE_ENV: "test" });
  try {
    const res = await fetch(`${server.url}/api/auth/signupPatient`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Hash Holder", email: "hash@example.com", password: PASSWORD }),
    });
    expect(res.status).toBe(201);
  } finally {
    server.process.kill("SIGTERM");
    await server.process.exited;
  }
  const client = createClient({ url: `file:${db}` });
  try {
    for (const table of ["patients", "admins"]) {
      const rows = (await client.execute(`select password_hash from ${table}`)).rows;
      expect(rows.length).toBe(1);
      expect(String(rows[0]!.password_hash)).toStartWith(PRODUCTION_PARAMETERS);
    }
  } finally {
    client.close();
  }
}, 30_000);
