/**
 * An edge node: the app on an embedded replica (DATABASE_SYNC_URL) of a real libSQL server
 * (tests/support/sqld.ts), started on an empty folder. It migrates the primary through the
 * replica, answers reads from its local copy and writes through to the primary.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startSqld, type Sqld } from "../../tests/support/sqld";

let primary: Sqld;
let edge: Harness;
const dir = mkdtempSync(join(tmpdir(), "carebook-edge-"));
const local = join(dir, "edge", "app.db"); // the folder does not exist yet

beforeAll(async () => {
  primary = await startSqld();
  edge = await startHarness({ DATABASE_URL: `file:${local}`, DATABASE_SYNC_URL: primary.url, DATABASE_SYNC_INTERVAL: "1" });
});
afterAll(async () => {
  await edge?.stop();
  await primary?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("on an empty folder the edge node starts, migrated through to the primary", async () => {
  const server = createClient({ url: primary.url });
  try {
    const applied = await server.execute("select count(*) as n from __drizzle_migrations");
    expect(Number(applied.rows[0]!.n)).toBeGreaterThan(0);
  } finally {
    server.close();
  }
});

test("a write through the edge node lands on the primary, and the node reads it back at once", async () => {
  const patient = await edge.signupPatient("Edna Edge");
  const profile = await edge.call("GET", "/api/auth/patient-profile", { token: patient.token });
  expect(profile.status).toBe(200);
  expect(profile.body.patient.name).toBe("Edna Edge");
  const server = createClient({ url: primary.url });
  try {
    const rows = await server.execute({ sql: "select name from patients where id = ?", args: [patient.id] });
    expect(rows.rows.map((r) => r.name)).toEqual(["Edna Edge"]);
  } finally {
    server.close();
  }
});

test("a write made on the primary reaches the edge node's reads with a sync", async () => {
  const patient = await edge.signupPatient("Before Rename");
  const server = createClient({ url: primary.url });
  try {
    await server.execute({ sql: "update patients set name = 'Renamed On Primary' where id = ?", args: [patient.id] });
  } finally {
    server.close();
  }
  await edge.deps.database.client.sync();
  const local = await edge.deps.database.client.execute({ sql: "select name from patients where id = ?", args: [patient.id] });
  expect(local.rows[0]!.name).toBe("Renamed On Primary");
});

test("the local copy and every file beside it are readable by their owner only", () => {
  const files = readdirSync(join(dir, "edge")).filter((f) => f.startsWith("app.db"));
  expect(files).toContain("app.db");
  for (const file of files) expect({ file, mode: (statSync(join(dir, "edge", file)).mode & 0o777).toString(8) }).toEqual({ file, mode: "600" });
});

test("the sync URLs refused at start are those libSQL cannot sync from; http:// can", async () => {
  const port = new URL(primary.url).port;
  const attempt = async (syncUrl: string) => {
    try {
      // libSQL connects as it opens the file: the client itself may throw.
      const client = createClient({ url: `file:${join(dir, `try-${Bun.hash(syncUrl)}.db`)}`, syncUrl });
      await client.sync();
      client.close();
      return "synced";
    } catch (error) {
      return String(error);
    }
  };
  expect(await attempt(`ws://127.0.0.1:${port}`)).toContain("unsupported scheme ws");
  expect(await attempt(`libsql://127.0.0.1:${port}?tls=0`)).toContain("error trying to connect"); // TLS spoken to a plain server
  expect(await attempt(`http://127.0.0.1:${port}`)).toBe("synced");
});
