/** Reads made together go in one round trip, each with its own answer (src/db/together.ts, issue 43). */
import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { together } from "./together";

async function counted() {
  let trips = 0;
  // In memory: no kept-statement reader, so every read goes through the client as on a server.
  const database = await openDatabase("file::memory:", undefined, undefined, (_, alongside) => void (alongside || trips++));
  return { database, trips: () => trips };
}

describe("together", () => {
  test("the reads of one Promise.all are one round trip, each answered with its own rows", async () => {
    const { database, trips } = await counted();
    const db = database.db;
    const before = trips();
    const [a, b, c] = await together(() => Promise.all([db.all(sql`select 1 as n`), db.all(sql`select 2 as n`), db.get(sql`select 'x' as s`)]));
    expect({ a, b, c, trips: trips() - before }).toEqual({ a: [{ n: 1 }], b: [{ n: 2 }], c: { s: "x" }, trips: 1 });
    // Outside `together`, each read is its own round trip.
    await Promise.all([db.all(sql`select 1`), db.all(sql`select 2`)]);
    expect(trips() - before).toBe(3);
    database.close();
  });

  test("a read that fails fails its batch's reads, and the next reads go on", async () => {
    const { database } = await counted();
    const db = database.db;
    const failed = together(() => Promise.all([db.all(sql`select 1`), db.all(sql`select * from no_such_table`)]));
    expect(failed).rejects.toThrow();
    await failed.catch(() => undefined);
    expect(await together(() => db.all(sql`select 3 as n`))).toEqual([{ n: 3 }]);
    database.close();
  });
});
