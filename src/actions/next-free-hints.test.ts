/**
 * Issue 57: the directory's sort=next through kept hints (src/actions/next-free-hints.ts). Sixty
 * public doctors with hours at different times (more than a first batch reads), some with a
 * confirmed appointment on their first slot, and thirty free at the same time (ties by name). The answers by hint must equal the in-memory answer
 * (every doctor's free time worked out) when the hints are fresh, after time passes without a
 * refresh, and after a cancel frees an earlier time (a trigger forgets the hint at once); two
 * instances refreshing in turns share the work and write true bounds; a server with a shorter
 * booking notice clears the hints the other computed, and the other then computes none. The clock is the next Monday 00:00 UTC, moved.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { nextMonday } from "../../tests/support/monday";
import { startHarness, type Harness } from "../../tests/support/harness";
import { listedNextFree, searchDirectory } from "./directory";
import { nextFreeOf, windowOf } from "./availability";
import { ensureHintSettings, refreshNextFreeHints } from "./next-free-hints";
import { DIRECTORY_DAYS, pageOf, sortedEntries, type DirectoryQuery } from "../domain/directory";
import { hindiSpecialization } from "../i18n/catalog";
import { publicDoctors } from "../db/queries/public-directory";

const monday = nextMonday(new Date());
const HOUR = 3_600_000;
let clock = monday.getTime();
let h: Harness;

/** Every public doctor with their next free time worked out: what the hints must agree with. */
async function everyone(deps = h.deps) {
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  return (await publicDoctors(deps.database.db, {}, from, to)).map((row) => ({ ...row, next: nextFreeOf(deps, row.source, now, DIRECTORY_DAYS) }));
}
type Worked = Awaited<ReturnType<typeof everyone>>;
/** Every doctor's next free time worked out, then sorted and cut: the answer the hints must give. */
async function inMemory(query: DirectoryQuery, deps = h.deps, all?: Worked) {
  const rows = (all ?? (await everyone(deps))).filter((d) => query.specialization === undefined || d.specialization === query.specialization);
  const sorted = sortedEntries(rows, query, deps.now());
  const { items, pages } = pageOf(sorted, query.page);
  return { ids: items.map((d) => d.id), pages, total: sorted.length };
}
const byHints = async (query: DirectoryQuery, deps = h.deps, unknownLimit?: number) => {
  const got = await searchDirectory(deps, query, hindiSpecialization, unknownLimit);
  return { ids: got.doctors.map((d) => d.id), pages: got.pages, total: got.total };
};
/** Every sort=next page, and "free within 3 and 14 days" in every sort: as every doctor worked out answers them. */
async function sameBothWays(deps = h.deps) {
  const queries: DirectoryQuery[] = [{ page: 1 }, { page: 2 }, { page: 3 }, { page: 4 }, { page: 5 }, { page: 1, specialization: "Cardiologist" as const }].map((q) => ({ sort: "next", ...q }));
  for (const sort of ["next", "rating", "fee"] as const) {
    queries.push({ sort, availableDays: 3, page: 1 }, { sort, availableDays: 3, page: 2 }, { sort, availableDays: 14, page: 2 }, { sort, availableDays: 3, page: 1, specialization: "Cardiologist" });
  }
  const all = await everyone(deps);
  for (const q of queries) {
    const want = { q, ...(await inMemory(q, deps, all)) };
    expect({ q, ...(await byHints(q, deps)) }).toEqual(want);
    // With few doctors worked out allowed, a later page starts its walk of the exact hints past the
    // first ones (the merge's skip), or too many cannot say and every doctor is worked out.
    if (q.sort === "next" && q.page > 1) expect({ q, ...(await byHints(q, deps, 12)) }).toEqual(want);
  }
  // The admin's medians (issue 58) read the same hints: every listed doctor with hours and their next free start.
  const listed = all.filter((d) => d.source.availability !== undefined).map((d) => `${d.specialization} ${d.next?.start}`);
  expect((await listedNextFree(deps)).map((d) => `${d.specialization} ${d.next}`).sort()).toEqual(listed.sort());
}
const refreshAll = async (deps = h.deps) => {
  while ((await refreshNextFreeHints(deps)) > 0);
};
const hints = async () =>
  new Map((await h.elsewhere("select id, next_free_hint from doctors")).rows.map((r) => [String(r.id), r.next_free_hint === null ? null : Number(r.next_free_hint)] as const));

beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => new Date(clock);
  await h.elsewhere("insert into patients (id, name, email, password_hash, created_at) values ('p-1', 'Pat Patel', 'pat@example.com', 'x', ?)", [clock]);
  for (let i = 0; i < 60; i++) {
    const id = `next-${String(i).padStart(2, "0")}`;
    await h.elsewhere(
      `insert into doctors (id, name, email, password_hash, specialization, college_name, status, registration_number, registration_council, created_at)
       values (?, ?, ?, 'x', ?, 'City Medical College', 'approved', ?, 'Council', ?)`,
      [id, `Dr. Name ${String(59 - i).padStart(2, "0")}`, `${id}@example.com`, i % 3 === 0 ? "Cardiologist" : "Dermatologist", `R/${i}`, clock],
    );
    if (i % 10 === 9) continue; // by request: never free, last
    // Hours on a weekday at an hour of their own; every fourth has a confirmed appointment on the first slot.
    const day = 1 + (i % 5);
    const start = `${String(6 + (i % 12)).padStart(2, "0")}:00`;
    await h.elsewhere("insert into doctor_availability (doctor_id, time_zone, weekly, days_off, instant_booking, updated_at) values (?, 'UTC', ?, '[]', 0, ?)", [
      id, JSON.stringify([{ day, start, end: `${String(7 + (i % 12)).padStart(2, "0")}:00` }]), clock,
    ]);
    if (i % 4 === 0) {
      const at = monday.getTime() + ((day - 1) * 24 + 6 + (i % 12)) * HOUR;
      await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values (?, 'p-1', ?, 'A check', 'confirmed', ?, ?, ?)", [
        `busy-${i}`, id, clock, at, at + HOUR,
      ]);
    }
  }
  // Thirty more free at the same first time (Monday 10:00): equal times are ordered by name, then id, across batches.
  for (let i = 0; i < 30; i++) {
    const id = `tie-${String(i).padStart(2, "0")}`;
    await h.elsewhere(
      `insert into doctors (id, name, email, password_hash, specialization, college_name, status, registration_number, registration_council, created_at)
       values (?, ?, ?, 'x', 'Dermatologist', 'City Medical College', 'approved', ?, 'Council', ?)`,
      [id, i % 2 === 0 ? `Dr. Name ${String(i).padStart(2, "0")}` : `dr. tie ${String(29 - i).padStart(2, "0")}`, `${id}@example.com`, `T/${i}`, clock],
    );
    await h.elsewhere("insert into doctor_availability (doctor_id, time_zone, weekly, days_off, instant_booking, updated_at) values (?, 'UTC', ?, '[]', 0, ?)", [
      id, JSON.stringify([{ day: 1, start: "10:00", end: "10:30" }]), clock,
    ]);
  }
}, 60_000);
afterAll(() => h.stop());

test("fresh hints, then time passing without a refresh: the same pages, order and totals as every doctor worked out", async () => {
  await sameBothWays(); // no hints yet: every doctor read
  await refreshAll();
  expect([...(await hints()).values()].every((v) => v !== null)).toBe(true);
  await sameBothWays();
  // A day and a half later the hints are past, lower than the truth: the answers stay the same.
  clock += 36 * HOUR;
  await sameBothWays();
  await refreshAll();
  await sameBothWays();
  // Back to Monday: a clock moved back is not time passing, the hints are forgotten.
  clock = monday.getTime();
  await h.elsewhere("update doctors set next_free_hint = null");
  await refreshAll();
}, 60_000);

test("a cancel frees an earlier time: the trigger forgets the hint and the doctor moves up at once", async () => {
  await refreshAll();
  // next-00 (Monday 06:00-07:00, its slots taken): next free a week later, not on page 1.
  const before = await byHints({ sort: "next", page: 1 });
  expect(before.ids).not.toContain("next-00");
  const hint = (await hints()).get("next-00") ?? null;
  expect(hint!).toBeGreaterThan(monday.getTime() + 24 * HOUR);
  await h.elsewhere("update appointments set status = 'cancelled' where id = 'busy-0'");
  expect((await hints()).get("next-00")).toBeNull();
  const after = await byHints({ sort: "next", page: 1 });
  expect(after.ids).toContain("next-00");
  expect(after).toEqual(await inMemory({ sort: "next", page: 1 }));
  // Without the trigger a stale hint would keep its place: one set by hand after every other hides the doctor again (the reading stopped early).
  await h.elsewhere("update doctors set next_free_hint = ? where id = 'next-00'", [monday.getTime() + 30 * 24 * HOUR]);
  expect((await byHints({ sort: "next", page: 1 })).ids).not.toContain("next-00");
  await h.elsewhere("update appointments set status = 'confirmed' where id = 'busy-0'");
  await refreshAll();
}, 60_000);

test("new hours forget the hint; two instances refreshing in turns write true lower bounds", async () => {
  const other = await startHarness({ DATABASE_URL: h.deps.config.databaseUrl });
  try {
    other.deps.now = () => new Date(clock);
    await h.elsewhere("update doctor_availability set weekly = ? where doctor_id = 'next-01'", [JSON.stringify([{ day: 1, start: "03:00", end: "05:00" }])]);
    expect((await hints()).get("next-01")).toBeNull();
    await h.elsewhere("update doctors set next_free_hint = null");
    // Each instance's batches take turns (on one file their write transactions wait for each other): neither redoes nor undoes the other's.
    let written = 0;
    for (let done = false; !done; ) {
      const a = await refreshNextFreeHints(h.deps, 7);
      const b = await refreshNextFreeHints(other.deps, 7);
      written += a + b;
      done = a === 0 && b === 0;
    }
    expect(written).toBe(90);
    const { from, to } = windowOf(new Date(clock), DIRECTORY_DAYS);
    const kept = await hints();
    for (const row of await publicDoctors(h.deps.database.db, {}, from, to)) {
      const next = nextFreeOf(h.deps, row.source, new Date(clock), DIRECTORY_DAYS);
      expect(kept.get(row.id)!).toBeLessThanOrEqual(next?.start ?? to.getTime());
    }
    await sameBothWays();
    expect((await byHints({ sort: "next", page: 1 })).ids[0]).toBe("next-01");
  } finally {
    other.stop();
  }
}, 60_000);

test("a server with a shorter booking notice clears the hints at boot; the other computes none while its settings are not the recorded ones", async () => {
  await refreshAll();
  const kept = () => hints().then((m) => [...m.values()]);
  expect((await kept()).every((v) => v !== null)).toBe(true);
  const sooner = await startHarness({ DATABASE_URL: h.deps.config.databaseUrl, BOOKING_NOTICE_MINUTES: "0" });
  try {
    sooner.deps.now = () => new Date(clock);
    expect(await ensureHintSettings(h.deps)).toBe(false);
    // The hints are the first server's: with no notice, some doctors are free sooner than them.
    expect(await ensureHintSettings(sooner.deps)).toBe(true);
    expect((await kept()).every((v) => v === null)).toBe(true);
    expect(await refreshNextFreeHints(h.deps)).toBe(0);
    await refreshAll(sooner.deps);
    expect((await kept()).every((v) => v !== null)).toBe(true);
    await sameBothWays(sooner.deps);
    // Back to the first server's settings: cleared once more, computed again.
    expect(await ensureHintSettings(h.deps)).toBe(true);
    await refreshAll();
    await sameBothWays();
  } finally {
    sooner.stop();
  }
}, 60_000);

test("free soon by exact hints: a meeting on the hint's slot, a held offer and a removed place each change the answer at once", async () => {
  await refreshAll();
  const soonest: DirectoryQuery = { sort: "next", availableDays: 1, page: 1 };
  const mondayTen = monday.getTime() + 10 * HOUR;
  expect((await hints()).get("tie-00")).toBe(mondayTen);
  expect((await byHints(soonest)).ids).toContain("tie-00");
  // A confirmed meeting on that slot (its only one this week): the trigger forgets the hint, and tie-00 is not free within a day.
  await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values ('took-tie', 'p-1', 'tie-00', 'A check', 'confirmed', ?, ?, ?)", [
    clock, mondayTen, mondayTen + HOUR / 2,
  ]);
  expect((await hints()).get("tie-00")).toBeNull();
  expect((await byHints(soonest)).ids).not.toContain("tie-00");
  await sameBothWays();
  // Kept by hand as it was (no trigger), the hint would still say "free": the answer is wrong, so the comparison can fail.
  await h.elsewhere("update doctors set next_free_hint = ? where id = 'tie-00'", [mondayTen]);
  expect(await byHints(soonest)).not.toEqual(await inMemory(soonest));
  await h.elsewhere("delete from appointments where id = 'took-tie'");
  await refreshAll();

  // A waitlist offer holding tie-02's slot: not free while it holds (no write when it runs out, so the hint stays).
  await h.elsewhere(
    `insert into waitlist (id, patient_id, doctor_id, reason, until, ends_by, created_at, offer_start, offer_end, offer_expires_at, offered_at)
     values ('held-tie', 'p-1', 'tie-02', 'Any time', '2099-01-01', ?, ?, ?, ?, ?, ?)`,
    [mondayTen + 30 * 24 * HOUR, clock, mondayTen, mondayTen + HOUR / 2, clock + HOUR, clock],
  );
  expect((await hints()).get("tie-02")).toBe(mondayTen);
  expect((await byHints(soonest)).ids).not.toContain("tie-02");
  await sameBothWays();
  clock += 2 * HOUR; // the offer ran out: free again
  expect((await byHints(soonest)).ids).toContain("tie-02");
  await sameBothWays();
  clock -= 2 * HOUR;
  await h.elsewhere("delete from waitlist where id = 'held-tie'");

  // Hours at a clinic: removing the clinic takes its hours' slots, and the hint with them.
  await h.elsewhere("insert into places (id, doctor_id, name, address, city, pin_code, created_at) values ('clinic-tie', 'tie-04', 'Clinic', '1 Road', 'Pune', '411001', ?)", [clock]);
  await h.elsewhere("update doctor_availability set weekly = ? where doctor_id = 'tie-04'", [JSON.stringify([{ day: 1, start: "10:00", end: "10:30", placeId: "clinic-tie" }])]);
  await refreshAll();
  expect((await byHints(soonest)).ids).toContain("tie-04");
  await h.elsewhere("update places set removed_at = ? where id = 'clinic-tie'", [clock]);
  expect((await hints()).get("tie-04")).toBeNull();
  expect((await byHints(soonest)).ids).not.toContain("tie-04");
  await sameBothWays();
  await h.elsewhere("update doctor_availability set weekly = ? where doctor_id = 'tie-04'", [JSON.stringify([{ day: 1, start: "10:00", end: "10:30" }])]);
  await h.elsewhere("delete from places where id = 'clinic-tie'");
  await refreshAll();
  await sameBothWays();
}, 60_000);

test("a doctor with nothing free in the window keeps a hint of none before two days short of its end, worked out again within the directory's free soon", async () => {
  await refreshAll();
  // next-09 has no hours: none free, a hint that is not a whole minute.
  const none = (await hints()).get("next-09")!;
  expect(none % 60_000).toBe(1);
  expect(none).toBe(Math.floor((clock + (DIRECTORY_DAYS - 2) * 24 * HOUR) / 60_000) * 60_000 + 1);
  clock += (DIRECTORY_DAYS - 4) * 24 * HOUR; // 2 days before it, within the 3 of "free soon": stale again
  await refreshAll();
  expect((await hints()).get("next-09")!).toBe(Math.floor((clock + (DIRECTORY_DAYS - 2) * 24 * HOUR) / 60_000) * 60_000 + 1);
  await sameBothWays();
  clock = monday.getTime();
  await h.elsewhere("update doctors set next_free_hint = null");
  await refreshAll();
}, 60_000);
