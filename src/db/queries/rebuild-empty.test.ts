/**
 * Issue 57: the rebuild by SQL on a database with no counted time at all (a fresh one, or only
 * mails still waiting) writes no totals and notes its zone at once; the span of the rows' times
 * is then nothing, not from 1970 to the sentinel (31,000 years of days to walk for the zone's
 * offsets, which never ended).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { rebuildTotals } from "../../actions/stats";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ DEFAULT_TIME_ZONE: "America/New_York" });
});
afterAll(() => h.stop());

test("no rows: no totals, the zone noted", async () => {
  expect(await rebuildTotals(h.deps)).toBe(0);
  expect((await h.elsewhere("select zone from stats_state")).rows.map((r) => r.zone)).toEqual(["America/New_York"]);
});

test("only a mail still waiting (no time set but its creation): no totals", async () => {
  await h.elsewhere(`insert into mail_outbox (id, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html, state, next_attempt_at, created_at)
    values ('m1', 'mid1', 'scheduled', 'appointments', 'admin', 'a1', 'a@example.test', 's', 't', 'h', 'waiting', 0, 0)`);
  expect(await rebuildTotals(h.deps)).toBe(0);
  expect(Number((await h.elsewhere("select count(*) as n from daily_totals")).rows[0]!.n)).toBe(0);
});
