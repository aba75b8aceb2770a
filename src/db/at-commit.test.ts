/**
 * Writes kept for the COMMIT (src/db/at-commit.ts): they go with it in one round trip, in order,
 * and a kept write that fails rolls the whole transaction back. On an embedded file, counting
 * round trips as a server would see them (src/db/round-trips.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../config/assets";
import { atCommit } from "./at-commit";
import { migrateDatabase, openDatabase, type Database } from "./client";
import { auditEvents, directoryVersion } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "carebook-at-commit-"));
let database: Database;
let trips = 0;

beforeAll(async () => {
  database = await openDatabase(`file:${join(dir, "app.db")}`, undefined, undefined, (_, alongside) => void (alongside || trips++));
  await migrateDatabase(database, MIGRATIONS_DIR);
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const event = (subjectId: string) => ({ at: new Date(0), actorRole: "admin" as const, actorId: "a", subject: "doctor" as const, subjectId, action: "test" });
const countOf = async (subjectId: string) => (await database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId)).all()).length;

describe("writes kept for the COMMIT", () => {
  test("a transaction of kept writes only is one round trip (BEGIN, the writes and COMMIT in one batch)", async () => {
    const before = trips;
    await database.write(async (tx) => {
      atCommit(tx, tx.insert(auditEvents).values(event("one")));
      atCommit(tx, tx.insert(auditEvents).values(event("one")));
    });
    expect(trips - before).toBe(1);
    expect(await countOf("one")).toBe(2);
  });

  test("after a read, the kept writes and the COMMIT are one more round trip; the read does not see them", async () => {
    const before = trips;
    const seen = await database.write(async (tx) => {
      atCommit(tx, tx.insert(auditEvents).values(event("two")));
      return (await tx.select().from(auditEvents).where(eq(auditEvents.subjectId, "two")).all()).length;
    });
    expect({ trips: trips - before, seen }).toEqual({ trips: 2, seen: 0 });
    expect(await countOf("two")).toBe(1);
  });

  test("a kept write that fails rolls back the transaction, its other writes too", async () => {
    const failing = database.write(async (tx) => {
      await tx.insert(auditEvents).values(event("three"));
      atCommit(tx, tx.insert(auditEvents).values(event("three")));
      // The directory's version row exists once (id 1): a second one breaks the primary key.
      atCommit(tx, tx.insert(directoryVersion).values({ id: 1, version: 0 }));
    });
    await expect(failing).rejects.toThrow();
    expect(await countOf("three")).toBe(0);
    // The database still takes writes (the failed transaction let go of its connection).
    await database.write(async (tx) => atCommit(tx, tx.insert(auditEvents).values(event("four"))));
    expect(await countOf("four")).toBe(1);
  });

  test("a use case that throws sends none of its kept writes", async () => {
    const refused = database.write(async (tx) => {
      atCommit(tx, tx.insert(auditEvents).values(event("five")));
      throw new Error("refused");
    });
    await expect(refused).rejects.toThrow("refused");
    expect(await countOf("five")).toBe(0);
  });
});
