/**
 * Issue 57: the directory's search in SQL (src/db/queries/directory-search.ts) answers as the
 * in-memory rules it replaced: on one database of doctors whose names differ in case, in a
 * leading "Dr.", in Devanagari's nukta and candrabindu, with and without fees, ratings, hours and
 * places, every query below is answered both ways (the old way: every candidate read, then
 * `textMatcher`, `placeWordsMatch`, `placeFilter`, `sortedEntries` and `pageOf` in memory) and the
 * pages, their order and the totals must be the same. The clock is fixed at the next Monday.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { searchDirectory } from "../../actions/directory";
import { nextFreeOf, windowOf } from "../../actions/availability";
import { DIRECTORY_DAYS, pageOf, sortedEntries, textMatcher, type DirectoryQuery } from "../../domain/directory";
import { placeFilter, placeWordsMatch } from "../../domain/places";
import { SPECIALIZATIONS } from "../../domain/fields";
import { hindiSpecialization } from "../../i18n/catalog";
import { publicDoctors } from "./public-directory";
import { pageStatements } from "./directory-search";
import { directorySearch } from "../../domain/directory";
import { bigStatistics } from "../../../tests/support/query-plans";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { InValue } from "@libsql/client";

const monday = nextMonday(new Date());
let h: Harness;

/** The answer as the directory worked it out before issue 57: every candidate read, the rest in memory. */
async function inMemory(query: DirectoryQuery) {
  const now = h.deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const text = textMatcher(query.q, hindiSpecialization);
  const near = placeFilter(query);
  const rows = (await publicDoctors(h.deps.database.db, { specialization: query.specialization, language: query.language, maxFee: query.maxFee }, from, to)).filter(
    (row) => (text(row) || placeWordsMatch(query.q, row.source.places)) && near({ places: row.source.places, weekly: row.source.availability?.weekly ?? [] }),
  );
  const sorted = sortedEntries(rows.map((row) => ({ ...row, next: nextFreeOf(h.deps, row.source, now, DIRECTORY_DAYS) })), query, now);
  const { items, pages } = pageOf(sorted, query.page);
  return { ids: items.map((d) => d.id), pages, total: sorted.length };
}

const NAMES = [
  "Dr. Neha Sharma", "dr. neha verma", "Dr.Nikhil Rao", "Drew Neha", "Dr Amit Mehta", "amit mehta", "AMIT MEHTA", "Dr. Zoya Ali", "Dr. zara Khan",
  "Dr. Ülrich Weiß", "Dr. Émile Roy", "Dr. मोहन क़ुरैशी", "डॉ. सोहन कुरैशी", "Dr. अमित शर्मा", "Dr. हँसा देवी", "Dr. हंसा राय", "Dr. O'Brien",
  "Dr. Anna-Maria Das", "Dr. Anna Maria Das", "Dr. 100% Care", "Dr. a_b Kumar", "Dr. Mehta", "Dr. Mehtab Singh", "Dr. Raj Mehta-Shah", "Dr. ÀÁÂÃÄÅÇÈÉÊËÌÍÎ Ñ",
];
const CITIES = ["Pune", "pune ", "Mumbai", "नागपुर", "New Delhi"];
const LOCALITIES = ["Kothrud", "Baner", "Andheri West", "", "सदर"];

beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => new Date(monday);
  // Doctors written as the app keeps them, many at once: public ones of every kind, and some that never show.
  for (let i = 0; i < 72; i++) {
    const name = NAMES[i % NAMES.length]!;
    const id = `dir-${String(i).padStart(3, "0")}`;
    const status = i % 23 === 5 ? "pending" : "approved";
    const verified = i % 19 !== 7;
    const fee = i % 6 === 0 ? null : [0, 300, 500, 500, 800][i % 5]!;
    const [count, total] = i % 4 === 0 ? [2, 10] : [3 + (i % 3), (3 + (i % 3)) * (1 + (i % 5))];
    await h.elsewhere(
      `insert into doctors (id, name, email, password_hash, specialization, college_name, status, registration_number, registration_council, languages, fee, rating_count, rating_total, created_at)
       values (?, ?, ?, 'x', ?, 'City Medical College', ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, name, `${id}@example.com`, SPECIALIZATIONS[i % 5]!, status, verified ? `R/${i}` : null, verified ? "Council" : null, ["en", "hi", "en,hi", "ta,en", null][i % 5] ?? null, fee, count, total, monday.getTime() - i],
    );
    const places = i % 3 === 0 ? [] : [0, 1].slice(0, 1 + (i % 2)).map((k) => ({ id: `${id}-p${k}`, k }));
    for (const p of places) {
      await h.elsewhere("insert into places (id, doctor_id, name, address, locality, city, pin_code, created_at, removed_at) values (?, ?, 'Clinic', '1 Road', ?, ?, ?, ?, ?)", [
        p.id, id, LOCALITIES[(i + p.k) % LOCALITIES.length]!, CITIES[(i + p.k) % CITIES.length]!, ["411038", "400058", "110001"][(i + p.k) % 3]!, monday.getTime(), i % 7 === 2 && p.k === 0 ? monday.getTime() : null,
      ]);
    }
    if (i % 5 !== 4) {
      // Video hours, hours at a place, both, or at a removed place; some days differ so the next free times do.
      const day = 1 + (i % 3);
      const weekly = [
        ...(i % 4 !== 1 ? [{ day, start: "09:00", end: "10:00" }] : []),
        ...places.slice(0, i % 4 === 3 ? 0 : 1).map((p) => ({ day: day + 1, start: "11:00", end: "12:00", placeId: p.id })),
      ];
      await h.elsewhere("insert into doctor_availability (doctor_id, time_zone, weekly, days_off, instant_booking, updated_at) values (?, 'UTC', ?, '[]', ?, ?)", [
        id, JSON.stringify(weekly), i % 2, monday.getTime(),
      ]);
    }
  }
}, 30_000);
afterAll(() => h.stop());

const QUERIES: Omit<DirectoryQuery, "sort" | "page">[] = [
  {}, { specialization: "Cardiologist" }, { language: "hi" }, { language: "ta" }, { maxFee: 500 }, { maxFee: 0 },
  { q: "neha" }, { q: "NEHA" }, { q: "dr. neha" }, { q: "Dr Neha" }, { q: "drneha" }, { q: "ew" }, { q: "mehta" }, { q: "amit mehta" }, { q: "n" },
  { q: "सोहन" }, { q: "कुरैशी" }, { q: "क़ुरैशी" }, { q: "हँसा" }, { q: "हंसा" }, { q: "ülrich" }, { q: "émile" }, { q: "àáâãäåçèéêëìíî" }, { q: "ÀÁÂÃÄÅÇÈÉÊËÌÍÎ ñ" }, { q: "o'b" }, { q: "anna-m" }, { q: "100%" }, { q: "a_b" }, { q: "_b" },
  { q: "skin" }, { q: "त्वचा" }, { q: "heart mehta" }, { q: "pune" }, { q: "kothrud" }, { q: "andheri" }, { q: "सदर" }, { q: "नागपुर" }, { q: "zz" },
  { city: "pune" }, { city: " PUNE " }, { city: "New Delhi" }, { city: "नागपुर" }, { pinCode: "411038" }, { pinCode: "999999" }, { visit: "video" }, { visit: "clinic" },
  { q: "mehta", visit: "clinic", maxFee: 800 }, { specialization: "Dermatologist", city: "Mumbai", language: "en" },
];

test("every query answers the same pages, in the same order, with the same totals, by SQL as in memory", async () => {
  let compared = 0;
  for (const [i, q] of QUERIES.entries()) {
    for (const sort of ["rating", "fee", "next"] as const) {
      // Page 3 (offset 40) for the searches that find that many.
      for (const page of i < 6 ? [1, 3] : [1]) {
        const query: DirectoryQuery = { ...q, sort, page };
        const want = await inMemory(query);
        const got = await searchDirectory(h.deps, query, hindiSpecialization);
        expect({ query, ids: got.doctors.map((d) => d.id), pages: got.pages, total: got.total }).toEqual({ query, ...want });
        compared += want.ids.length;
      }
    }
  }
  // The queries find doctors (a comparison of empty pages would prove nothing), a name's Latin-1 capitals too (folded in two nested selects).
  expect((await searchDirectory(h.deps, { q: "àáâãäåçèéêëìíî ñ", sort: "fee", page: 1 }, hindiSpecialization)).total).toBeGreaterThan(0);
  expect(compared).toBeGreaterThan(800);
}, 30_000);

test("a page walks the sort's index and stops, however many doctors there are", async () => {
  const dialect = new SQLiteSyncDialect();
  const { client, done } = await bigStatistics();
  try {
    const { from, to } = windowOf(monday, DIRECTORY_DAYS);
    for (const sort of ["rating", "fee"] as const) {
      const { page } = pageStatements({}, directorySearch({}, hindiSpecialization), sort, 980, 20, from, to);
      const { sql, params } = dialect.sqlToQuery(page);
      const plan = (await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as InValue[] })).rows.map((r) => String(r.detail));
      // The inner select reads the doctors in the index's order (no sort of them all), the outer sorts its 20.
      expect(plan).toContain(`SCAN d USING INDEX doctors_directory_${sort}`);
      expect(plan.filter((line) => line.startsWith("USE TEMP B-TREE"))).toHaveLength(1);
    }
  } finally {
    done();
  }
});

test("the video filter follows the hours as they change: a video range added, all moved to a place, the hours deleted, moved to another doctor", async () => {
  const video = async () => {
    const query: DirectoryQuery = { visit: "video", sort: "fee", page: 1 };
    const want = await inMemory(query);
    const got = await searchDirectory(h.deps, query, hindiSpecialization);
    expect({ ids: got.doctors.map((d) => d.id), total: got.total }).toEqual({ ids: want.ids, total: want.total });
    return got.total;
  };
  const before = await video();
  const place = (await h.elsewhere("select id, doctor_id from places where removed_at is null limit 1")).rows[0]!;
  const doctor = String(place.doctor_id);
  const weekly = (ranges: object[]) => h.elsewhere("update doctor_availability set weekly = ? where doctor_id = ?", [JSON.stringify(ranges), doctor]);
  const kept = (await h.elsewhere("select weekly from doctor_availability where doctor_id = ?", [doctor])).rows[0]!.weekly as string;
  await weekly([{ day: 1, start: "11:00", end: "12:00", placeId: place.id }]);
  const clinicOnly = await video();
  await weekly([{ day: 1, start: "11:00", end: "12:00", placeId: place.id }, { day: 2, start: "09:00", end: "10:00" }]);
  expect(await video()).toBe(clinicOnly + 1);
  await h.elsewhere("delete from doctor_availability where doctor_id = ?", [doctor]);
  expect(await video()).toBe(clinicOnly);
  await h.elsewhere("insert into doctor_availability (doctor_id, time_zone, weekly, days_off, instant_booking, updated_at) values (?, 'UTC', ?, '[]', 0, ?)", [doctor, kept, monday.getTime()]);
  expect(await video()).toBe(before);
  // The hours moved to another doctor (no route does; the column follows the row all the same).
  const other = String((await h.elsewhere("select id from doctors where id <> ? and id not in (select doctor_id from doctor_availability) limit 1", [doctor])).rows[0]?.id);
  expect(other).not.toBe("undefined");
  await h.elsewhere("update doctor_availability set doctor_id = ? where doctor_id = ?", [other, doctor]);
  await video();
  expect((await h.elsewhere("select video_hours from doctors where id = ?", [doctor])).rows[0]!.video_hours).toBe(0);
  await h.elsewhere("update doctor_availability set doctor_id = ? where doctor_id = ?", [doctor, other]);
  expect(await video()).toBe(before);
});
