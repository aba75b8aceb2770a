/**
 * Issue 58 item 5: the per-day totals kept in each change's transaction equal the totals rebuilt
 * from the rows (`bun run stats:rebuild`) after a mixed run: bookings, a move across days, a
 * cancel of a moved meeting, an undo, a no-show marked then unmarked, a family member's visit, an
 * instant booking, the admin's cancel. And the rebuild puts back totals that were lost.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { nextMonday } from "../../tests/support/monday";
import { keptTotals, mixedRun, RUN_ENV } from "../../tests/support/stats-run";
import { rebuildTotals, totalsFromRows } from "./stats";

let h: Harness;
const monday = nextMonday(new Date());
let clock = monday;

beforeAll(async () => {
  h = await startHarness(RUN_ENV);
  h.deps.now = () => new Date(clock);
  await mixedRun(h, monday, (at) => (clock = at));
});
afterAll(() => h.stop());

const sorted = <T extends { doctorId: string; day: string; metric: string }>(list: T[]) =>
  [...list].sort((x, y) => x.doctorId.localeCompare(y.doctorId) || x.day.localeCompare(y.day) || x.metric.localeCompare(y.metric));

test("kept == rebuilt after the mixed run", async () => {
  const kept = await keptTotals(h);
  const rebuilt = sorted(await totalsFromRows(h.deps.database.db, "Asia/Kolkata"));
  expect(kept.length).toBeGreaterThan(10);
  expect(kept).toEqual(rebuilt);
  // Everyone's totals of the run: Saturday (Kolkata) for what was done then, Monday and Tuesday for the meetings' days.
  const everyone = Object.fromEntries(kept.filter((t) => t.doctorId === "").map((t) => [`${t.day} ${t.metric}`, t.n]));
  const sat = new Date(monday.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const mon = monday.toISOString().slice(0, 10);
  expect(everyone).toEqual({
    [`${sat} newDoctors`]: 3,
    [`${sat} newPatients`]: 3,
    [`${sat} requested`]: 5,
    [`${sat} instant`]: 1,
    [`${sat} scheduled`]: 2,
    [`${sat} cancelledByPatient`]: 1,
    [`${sat} cancelledByAdmin`]: 1,
    [`${mon} meetings`]: 2,
  });
});

test("a lost total comes back with the rebuild, and a rebuild of a rebuild changes nothing", async () => {
  const kept = await keptTotals(h);
  await h.elsewhere("delete from daily_totals where metric = 'requested'");
  await h.elsewhere("update daily_totals set n = n + 7 where metric = 'meetings'");
  expect(await keptTotals(h)).not.toEqual(kept);
  await rebuildTotals(h.deps);
  expect(await keptTotals(h)).toEqual(kept);
  await rebuildTotals(h.deps);
  expect(await keptTotals(h)).toEqual(kept);
  expect((await h.elsewhere("select zone from stats_state")).rows.map((r) => r.zone)).toEqual(["Asia/Kolkata"]);
});
