/**
 * Issue 57: the admin's counts in a zone other than the kept totals' (countsInZone, one SQL
 * statement) equal those the rebuild works out row by row in memory (totalsFromRows), in zones
 * with and without clock changes, whole hours or not, over a year and over a change's days. The
 * rows: issue 58's mixed run, then copies of its appointments, and mails and waitlist offers
 * with their times spread over 400 days (deterministic, every millisecond of a day alike).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { keptTotals, mixedRun, RUN_ENV } from "../../../tests/support/stats-run";
import { sortedTotals as sorted, totalsFromRows } from "../../../tests/support/totals-from-rows";
import { METRICS } from "../../domain/stats";
import { addDays, dayStart } from "../../domain/time";
import { countsInZone, rebuildTotalsInZone } from "./stats-zone";

let h: Harness;
/** A fixed Monday (the app's clock is moved to it): the clock changes below are around it, whatever the day the test runs. */
const monday = new Date("2026-12-07T00:00:00Z");
let clock = monday;

/** A spread of ±200 days, the same for the same row, copy and column (`k`). */
const SPREAD = 400 * 86_400_000;
const shift = (k: number, row = "rowid") => `((n * 2654435761 + ${row} * 40503 + ${k} * 97) % ${SPREAD} - ${SPREAD / 2})`;
const COPIES = 60;
/** Clock changes (UTC): New York's spring, London's, Santiago's end and start (at midnight there). */
const CHANGES = ["2027-03-14T07:00Z", "2027-03-28T01:00Z", "2027-04-04T03:00Z", "2026-09-06T04:00Z"];

beforeAll(async () => {
  h = await startHarness(RUN_ENV);
  h.deps.now = () => new Date(clock);
  await mixedRun(h, monday, (at) => (clock = at));
  const copies = `with recursive c(n) as (select 1 union all select n + 1 from c where n < ${COPIES})`;
  await h.elsewhere(`${copies}
    insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, cancelled_by, cancelled_at, attended, booked_instantly, confirmed_at, visit_type)
    select lower(hex(randomblob(12))), patient_id, doctor_id, reason,
      case n % 3 when 0 then 'pending' when 1 then 'confirmed' else 'cancelled' end,
      created_at + ${shift(1)},
      coalesce(scheduled_at, created_at) + ${shift(2)},
      coalesce(scheduled_at, created_at) + ${shift(2)} + 1800000,
      case n % 4 when 0 then null when 1 then 'patient' when 2 then 'doctor' else 'admin' end,
      case when n % 5 = 0 then null else created_at + ${shift(3)} end,
      case n % 3 when 0 then null when 1 then 0 else 1 end,
      n % 4 = 0,
      case when n % 7 = 0 then null else created_at + ${shift(4)} end,
      visit_type
    from appointments, c`);
  // Mail is off in this run: a mail for each copy of a few appointments.
  await h.elsewhere(`${copies}
    insert into mail_outbox (id, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html, state, next_attempt_at, created_at, sent_at, given_up_at)
    select lower(hex(randomblob(12))), lower(hex(randomblob(12))), 'scheduled', 'appointments', 'patient', a.patient_id, 'p@example.test', 's', 't', 'h',
      case n % 3 when 0 then 'sent' when 1 then 'given_up' else 'waiting' end, a.created_at, a.created_at,
      a.created_at + ${shift(5, "a.rid")}, case when n % 4 = 0 then null else a.created_at + ${shift(6, "a.rid")} end
    from (select rowid as rid, * from appointments limit 5) a, c`);
  await h.elsewhere(`${copies}
    insert into waitlist (id, patient_id, doctor_id, reason, until, ends_by, created_at, offer_start, offered_at, ended_at, ended_why)
    select lower(hex(randomblob(12))), a.patient_id, a.doctor_id, 'A rash', '2027-12-31', a.created_at, a.created_at,
      case when n % 3 = 0 then null else a.created_at end, a.created_at + ${shift(7, "a.rid")}, a.created_at + ${shift(8, "a.rid")},
      case n % 4 when 0 then 'accepted' when 1 then 'expired' when 2 then 'accepted' else 'left' end
    from (select rowid as rid, * from appointments limit 5) a, c`);
  // Every quarter hour of four days around clock changes, two of them at midnight (Santiago's).
  for (const change of CHANGES) {
    const first = Date.parse(change) - 2 * 86_400_000;
    await h.elsewhere(`with recursive q(i) as (select 0 union all select i + 1 from q where i < 383)
      insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, cancelled_by, cancelled_at, attended, booked_instantly, confirmed_at)
      select lower(hex(randomblob(12))), a.patient_id, a.doctor_id, a.reason, case i % 3 when 0 then 'pending' when 1 then 'confirmed' else 'cancelled' end,
        ${first} + i * 900000 + 60000, ${first} + i * 900000 - 60000, ${first} + i * 900000 + 1740000, 'doctor', ${first} + i * 900000 + 1000, i % 2, 0, ${first} + i * 900000 - 1000
      from (select * from appointments limit 1) a, q`);
  }
  await h.elsewhere(`update patients set created_at = created_at + ((rowid * 2654435761) % ${SPREAD} - ${SPREAD / 2})`);
  await h.elsewhere(`update doctors set created_at = created_at + ((rowid * 2654435761 + 40503) % ${SPREAD} - ${SPREAD / 2})`);
});
afterAll(() => h.stop());

/** What the rebuild counts for everyone and each specialization from `from` to `to` in `zone`, and what countsInZone does. */
async function both(zone: string, from: string, to: string) {
  const inMemory = (await totalsFromRows(h.deps.database.db, zone)).filter((c) => !/^[0-9a-f-]{36}$/.test(c.doctorId) && c.day >= from && c.day <= to);
  const bySql = await countsInZone(h.deps.database.db, zone, dayStart(from, zone)!, dayStart(addDays(to, 1), zone)!);
  return { bySql: sorted(bySql), inMemory: sorted(inMemory) };
}

const ZONES = ["Asia/Kolkata", "UTC", "America/Santiago", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns", "Asia/Kathmandu"];

test("over a year, in zones with and without clock changes: the same counts, every metric present", async () => {
  const rows = Number((await h.elsewhere("select count(*) as n from appointments")).rows[0]!.n);
  expect(rows).toBeGreaterThan(300);
  const from = addDays(monday.toISOString().slice(0, 10), -190);
  const to = addDays(from, 365);
  for (const zone of ZONES) {
    const { bySql, inMemory } = await both(zone, from, to);
    expect({ zone, counts: bySql }).toEqual({ zone, counts: inMemory });
  }
  const { bySql } = await both("America/New_York", from, to);
  expect([...new Set(bySql.map((c) => c.metric))].sort()).toEqual([...METRICS].sort());
  expect(bySql.some((c) => c.doctorId.startsWith("spec:"))).toBe(true);
});

test("the days around a clock change, and a single day: the same counts", async () => {
  for (const [zone, day] of [
    ["America/New_York", "2027-03-14"],
    ["America/New_York", "2026-11-01"],
    ["Europe/London", "2027-03-28"],
    ["Australia/Lord_Howe", "2027-04-04"],
    ["Pacific/Chatham", "2026-09-27"],
    ["America/Santiago", "2027-04-03"],
    ["America/Santiago", "2026-09-06"],
  ] as const) {
    for (const [from, to] of [[addDays(day, -2), addDays(day, 2)], [day, day]] as const) {
      const { bySql, inMemory } = await both(zone, from, to);
      expect({ zone, from, counts: bySql }).toEqual({ zone, from, counts: inMemory });
    }
  }
});

test("the rebuild by SQL writes every total the rows stand for (each doctor's too), in every zone, the span's clock changes included", async () => {
  for (const zone of ZONES) {
    const written = await h.deps.database.write((tx) => rebuildTotalsInZone(tx, zone));
    const totals = await keptTotals(h);
    expect({ zone, totals }).toEqual({ zone, totals: sorted(await totalsFromRows(h.deps.database.db, zone)) });
    expect(written).toBe(totals.length);
    expect(totals.some((t) => /^[0-9a-f-]{24,36}$/.test(t.doctorId))).toBe(true);
  }
});
