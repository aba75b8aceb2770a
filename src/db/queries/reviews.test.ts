/**
 * The doctors' list is JSON built by SQLite (approvedDoctorsJson), so its rating is ratingOf
 * written again in SQL: the two must give the same average for every count and total, ties included.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { ratingOf } from "../../domain/rating";
import { ratingJsonSql } from "./reviews";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("ratingJsonSql says what ratingOf says, for every count up to 200 and every total it can have", async () => {
  // A table named like the doctors' with every (count, total) pair: the expression reads its columns.
  const rows = await h.deps.database.db.all<{ rating_count: number; rating_total: number; rating: string }>(sql`
    with recursive counts(n) as (select 0 union all select n + 1 from counts where n < 1000),
    "doctors"("rating_count", "rating_total") as (select c.n, t.n from counts c join counts t on c.n <= 200 and t.n between c.n and 5 * c.n)
    select "rating_count", "rating_total", ${ratingJsonSql} as rating from "doctors"`);
  // SQLite writes 4.0 where JavaScript writes 4: the same number to every JSON reader.
  const differ = rows.filter((r) => !Bun.deepEquals(JSON.parse(r.rating), ratingOf({ ratingCount: r.rating_count, ratingTotal: r.rating_total })));
  expect(differ.slice(0, 5)).toEqual([]);
  expect(rows.length).toBeGreaterThan(80_000);
});
