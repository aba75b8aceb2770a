/**
 * Issue 57: the overview's meetings not over yet are read through a range of
 * appointments_status_ends bounded by the longest confirmed meeting (appointments_confirmed_length),
 * not through every confirmed meeting to come. The bound loses none: meetings of every length,
 * one of three days begun two days ago among them, against the same rule applied to every row.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { notOverYet } from "./stats";

let h: Harness;
const now = new Date("2026-12-07T09:10:00Z");
const HOUR = 3_600_000;
/** [start, length] in hours from `now`, and attended (null: not marked). */
const MEETINGS: [number, number, boolean | null][] = [
  [-50, 72, null], // three days, begun two days ago: not over
  [-50, 1, null], // over long ago
  [-2, 1, null], // over
  [-0.25, 0.5, null], // under way
  [-0.25, 0.5, false], // under way, marked a no-show: left out
  [-0.25, 0.5, true], // under way, marked attended
  [3, 0.5, null], // later today
  [20, 0.5, null], // tomorrow
  [400, 0.5, null], // weeks ahead
];

beforeAll(async () => {
  h = await startHarness();
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  for (const [i, [start, length, attended]] of MEETINGS.entries()) {
    const at = now.getTime() + start * HOUR;
    await h.elsewhere(
      `insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, attended, confirmed_at)
       values (?, ?, ?, 'A cough', 'confirmed', ?, ?, ?, ?, ?)`,
      [`m${i}`, patient.id, doctor.id, at - 100 * HOUR, at, at + length * HOUR, attended === null ? null : Number(attended), at - 90 * HOUR],
    );
  }
  // A cancelled meeting longer than all: not a confirmed one's length.
  await h.elsewhere(
    `insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values ('c', ?, ?, 'A cough', 'cancelled', ?, ?, ?)`,
    [patient.id, doctor.id, now.getTime() - 900 * HOUR, now.getTime() - 800 * HOUR, now.getTime() + 800 * HOUR],
  );
});

afterAll(() => h.stop());

/** The rule applied to every meeting: confirmed, not over at `now`, begun before `before`, not a no-show. */
const expected = (before: Date) =>
  MEETINGS.filter(([start, length, attended]) => start + length > 0 && now.getTime() + start * HOUR < before.getTime() && attended !== false)
    .map(([start]) => now.getTime() + start * HOUR)
    .sort((a, b) => a - b);

test.each([
  ["the end of today", new Date("2026-12-08T00:00:00Z")],
  ["the end of tomorrow", new Date("2026-12-09T00:00:00Z")],
  ["a month ahead", new Date("2027-01-07T00:00:00Z")],
  ["now itself", now],
])("the meetings not over yet that begin before %s: every one the rule names, the three-day one too", async (_, before) => {
  const found = (await notOverYet(h.deps.database.db, now, before)).map((d) => d.getTime()).sort((a, b) => a - b);
  expect(found).toEqual(expected(before));
  expect(found.length).toBeGreaterThan(0);
});
