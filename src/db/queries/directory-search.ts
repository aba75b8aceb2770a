/**
 * The public directory's search in SQL (issue 57): the words and places of a search
 * (src/domain/directory.ts `directorySearch`) as conditions over doctors `d`,
 * and one page of the directory by rating or fee, ordered and cut in SQL through the
 * doctors_directory_* indexes, with the meetings, offers and places read for its rows only.
 *
 * The conditions answer as the in-memory rules do (`textMatcher`, `placeWordsMatch`, `placeFilter`;
 * src/db/queries/directory-search.test.ts compares both on one database), with one difference
 * written in docs/decisions.md: SQL lowers only A to Z (and here Latin-1's capitals in a name),
 * so a name, locality or city is matched with its other capitals as written.
 */
import type { InValue } from "@libsql/client";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { DirectorySearch } from "../../domain/directory";
import type { Specialization } from "../../domain/fields";
import { keptRowReader, type Reader } from "../client";
import { doctorAvailability, doctors } from "../schema";
import { byName, directoryKeys } from "../schema/accounts";
import { visitKeys } from "../schema/availability";
import { together } from "../together";
import { isExact, staleIds, type Staleness } from "./next-free-hints";
import { cardColumns, publicWhere, readHintedRows, readPublicRows, type PublicDoctorRow, type PublicFilter } from "./public-directory";

/** The doctor `d`'s columns the sort keys are made of, written as the statement names them. */
const H = { weekly: sql.raw("h.weekly") };
const D = { ratingCount: sql.raw("d.rating_count"), ratingTotal: sql.raw("d.rating_total"), fee: sql.raw("d.fee"), name: sql.raw("d.name") };

/** A page's order: the sort's key (the index's expression), then the name without case, then the id. */
const orderOf = (sort: "rating" | "fee"): SQL => sql`${directoryKeys[sort](D)}, ${byName(D)}, d.id`;

/**
 * What searchForm (src/domain/everyday-words.ts) folds in Devanagari: the letters with a nukta as
 * their plain letter, the nukta dropped, candrabindu as anusvara.
 */
const FOLDS: [string, string][] = [
  ["\u0958", "\u0915"], ["\u0959", "\u0916"], ["\u095A", "\u0917"], ["\u095B", "\u091C"], ["\u095C", "\u0921"], ["\u095D", "\u0922"],
  ["\u095E", "\u092B"], ["\u095F", "\u092F"], ["\u0929", "\u0928"], ["\u0931", "\u0930"], ["\u0934", "\u0933"], ["\u093C", ""], ["\u0901", "\u0902"],
];
/** Latin-1's capitals (À to Þ but ×) as their small letters: lower() folds only A to Z. */
const LATIN_CAPITALS: [string, string][] = [...Array(31).keys()]
  .map((i) => 0xc0 + i)
  .filter((c) => c !== 0xd7)
  .map((c) => [String.fromCharCode(c), String.fromCharCode(c + 0x20)]);

/**
 * The doctor's name as searchForm folds it for a search for `q` (but for capitals outside A to Z
 * and Latin-1). A letter folded into one `q` does not hold cannot change whether the name answers,
 * so only the others are folded; a dozen at a time, each dozen a nested select (SQLite's parser
 * takes about 25 nested calls).
 */
function foldedName(q: string): SQL {
  const folds = [...FOLDS, ...LATIN_CAPITALS].filter(([, to]) => to === "" || q.includes(to));
  const chain = (part: [string, string][], of: string) => part.reduce((text, [from, to]) => `replace(${text}, '${from}', '${to}')`, of);
  let text = "lower(d.name)";
  for (let i = 0; i < folds.length; i += 12) {
    const part = folds.slice(i, i + 12);
    text = i === 0 ? chain(part, text) : `(select ${chain(part, "n")} from (select ${text} as n))`;
  }
  return sql.raw(text);
}

const ASCII = /^[\x20-\x7e]*$/;
/** `text` as a LIKE pattern matches it literally (with `escape '\'`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a word of the doctor's name begins with `q` (nameMatches: a leading "dr." of the name
 * does not count). A name's space before `q` is a word's beginning; else the name begins with
 * `q` after its "dr", "dr." or nothing. A search in A to Z compares with LIKE (which ignores the
 * case of A to Z) over the name as it is; another folds the name, and only names with a letter
 * outside A to Z can answer it.
 */
function nameBegins(q: string): SQL {
  if (ASCII.test(q)) {
    const like = (prefix: string) => sql`d.name like ${`${prefix}${literal(q)}%`} escape '\\'`;
    return sql`(d.name like ${`% ${literal(q)}%`} escape '\\'
      or case when d.name like 'dr.%' then ${like("dr.")} when d.name like 'dr%' then ${like("dr")} else ${like("")} end)`;
  }
  const folded = foldedName(q);
  const at = (prefix: string) => sql`instr(${folded}, ${prefix + q}) = 1`;
  return sql`(d.name glob '*[^ -~]*' and (instr(${folded}, ${` ${q}`}) > 0
      or case when d.name like 'dr.%' then ${at("dr.")} when d.name like 'dr%' then ${at("dr")} else ${at("")} end))`;
}

/** The doctors with a kept place where `condition` (over places `p`) holds: one set for the statement, not a read per doctor. */
const withPlace = (condition: SQL): SQL => sql`d.id in (select p.doctor_id from places p where p.removed_at is null and ${condition})`;

/** The conditions of a search's words and places over doctors `d`. */
export function searchConditions(search: DirectorySearch): SQL[] {
  const where: SQL[] = [];
  const { text } = search;
  if (text !== undefined) {
    const either: SQL[] = [];
    if (text.specializations.length > 0) either.push(sql`d.specialization in (${sql.join(text.specializations.map((s) => sql`${s}`), sql`, `)})`);
    if (text.name !== undefined) either.push(nameBegins(text.name));
    if (text.placeWords.length > 0) {
      either.push(withPlace(sql`(${sql.join(text.placeWords.map((w) => sql`instr(lower(p.locality), ${w}) > 0 or instr(lower(p.city), ${w}) > 0`), sql` or `)})`));
    }
    where.push(either.length === 0 ? sql`0` : sql`(${sql.join(either, sql` or `)})`);
  }
  if (search.city !== undefined) where.push(withPlace(sql`lower(trim(p.city)) = ${search.city}`));
  if (search.pinCode !== undefined) where.push(withPlace(sql`p.pin_code = ${search.pinCode}`));
  // The ranges without "placeId" are by video: whether a doctor has one is kept beside them
  // (doctors.video_hours, in the directory's indexes), so the filter reads no hours.
  if (search.visit === "video") where.push(sql`d.video_hours = 1`);
  // Clinic hours must name a place the doctor still keeps: the doctor_availability_visits index
  // finds the hours that name one, and only those are read as JSON.
  const places = visitKeys.places(H);
  if (search.visit === "clinic") {
    where.push(sql`d.id in (select h.doctor_id from ${doctorAvailability} h where ${places} = 1 and exists (
      select 1 from json_each(h.weekly) r join places p on p.id = json_extract(r.value, '$.placeId') where p.doctor_id = h.doctor_id and p.removed_at is null))`);
  }
  return where;
}

/**
 * One page (`size` rows from `offset`) of the public doctors `filter` and `search` find, by
 * `sort`, and how many they find: two statements sent together (one round trip). The page walks
 * the sort's index in order and stops after `offset + size` doctors found; only those 20 read
 * their meetings, offers and places.
 */
export async function directoryPage(
  r: Reader,
  filter: PublicFilter,
  search: DirectorySearch,
  sort: "rating" | "fee",
  offset: number,
  size: number,
  from: Date,
  to: Date,
): Promise<{ rows: PublicDoctorRow[]; total: number }> {
  const { page, count } = pageStatements(filter, search, sort, offset, size, from, to);
  const [rows, total] = await together(() => Promise.all([readPublicRows(r, page), countOf(r, count)]));
  return { rows, total };
}

/**
 * directoryPage's two statements (their plans are tested: src/db/queries/directory-search.test.ts);
 * `extra`: more conditions over doctors `d`.
 */
export function pageStatements(filter: PublicFilter, search: DirectorySearch, sort: "rating" | "fee", offset: number, size: number, from: Date, to: Date, extra: SQL[] = []): { page: SQL; count: SQL } {
  const conditions = [...publicWhere(filter), ...searchConditions(search), ...extra];
  // The key's range lets the fee index stop at the highest fee asked for.
  if (filter.maxFee !== undefined) conditions.push(sql`${directoryKeys.fee(D)} <= ${filter.maxFee}`);
  const where = sql.join(conditions, sql` and `);
  // Named, not left to the planner: with a real ANALYZE it sorted every approved doctor read from
  // the table instead (80-120 ms at 20,000 doctors, against 2-4 ms through the index).
  const index = sql.raw(`doctors_directory_${filter.specialization === undefined ? "" : "specialization_"}${sort}`);
  return {
    page: sql`${cardColumns(from, to, false)}
        from (select d.id as hit from ${doctors} d indexed by ${index} where ${where} order by ${orderOf(sort)} limit ${size} offset ${offset}) page
        join ${doctors} d on d.id = page.hit left join ${doctorAvailability} h on h.doctor_id = d.id
        order by ${orderOf(sort)}`,
    count: sql`select count(*) from ${doctors} d indexed by ${index} where ${where}`,
  };
}

/**
 * One page (`size` rows from `offset`) of the approved doctors of `specialization`, verified or not
 * (the signed-in specialization page), by name as the directory orders names, and how many there
 * are: two statements sent together, the page a walk of doctors_approved_specialization_name that
 * stops after `offset + size`.
 */
export async function specializationPage(r: Reader, specialization: Specialization, offset: number, size: number, from: Date, to: Date): Promise<{ rows: PublicDoctorRow[]; total: number }> {
  const where = sql.join(publicWhere({ specialization, verified: false }), sql` and `);
  const order = sql`${byName(D)}, d.id`;
  const [rows, total] = await together(() =>
    Promise.all([
      readPublicRows(r, sql`${cardColumns(from, to, false)}
        from (select d.id as hit from ${doctors} d indexed by doctors_approved_specialization_name where ${where} order by ${order} limit ${size} offset ${offset}) page
        join ${doctors} d on d.id = page.hit left join ${doctorAvailability} h on h.doctor_id = d.id
        order by ${order}`),
      countOf(r, sql`select count(*) from ${doctors} d indexed by doctors_approved_specialization_name where ${where}`),
    ]),
  );
  return { rows, total };
}

/**
 * Issue 57: the doctors `filter` and `search` find from `offset`, `size` of them, in the order of
 * their kept next-free hints (unknown first), with their cards and their hints: one walk of
 * doctors_directory_next, and its count beside it when asked (sent together).
 */
export async function nextFreeBatch(
  r: Reader,
  filter: PublicFilter,
  search: DirectorySearch,
  offset: number,
  size: number,
  from: Date,
  to: Date,
  withCount: boolean,
  extra: SQL[] = [],
): Promise<{ rows: PublicDoctorRow[]; hints: (number | null)[]; total: number | undefined }> {
  const where = sql.join([...publicWhere(filter), ...searchConditions(search), ...extra], sql` and `);
  const [{ rows, hints }, total] = await together(() =>
    Promise.all([
      readHintedRows(r, sql`${cardColumns(from, to, false)}, page.hint
        from (select d.id as hit, d.next_free_hint as hint from ${doctors} d indexed by doctors_directory_next where ${where}
          order by d.next_free_hint, ${byName(D)}, d.id limit ${size} offset ${offset}) page
        join ${doctors} d on d.id = page.hit left join ${doctorAvailability} h on h.doctor_id = d.id
        order by page.hint, ${byName(D)}, d.id`),
      withCount ? countOf(r, sql`select count(*) from ${doctors} d indexed by doctors_directory_next where ${where}`) : Promise.resolve(undefined),
    ]),
  );
  return { rows, hints, total };
}

/** The doctors `d` holding a waitlist offer at `now`: its slot is busy until the offer runs out, which frees it without a write (the waitlist_offers_expiring index). */
const holdingOffer = (now: number): SQL => sql`d.id in (select w.doctor_id from waitlist w where w.ended_at is null and w.offer_expires_at > ${now})`;

/**
 * "Free before `soon`" as kept hints say it: an exact hint the notice has not reached (`fresh`), of
 * a doctor holding no offer; or one of the doctors `also` (worked out apart).
 */
export function freeByHint(stale: Staleness, soon: number, now: number, also: string[] = []): SQL {
  const byHint = sql`d.next_free_hint >= ${stale.fresh} and d.next_free_hint < ${soon} and ${isExact} and not ${holdingOffer(now)}`;
  return also.length === 0 ? byHint : sql`((${byHint}) or ${idIn(also)})`;
}

/** Doctors `d` among `ids` (none when empty). */
export const idIn = (ids: string[]): SQL => (ids.length === 0 ? sql`0` : sql`d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);

/**
 * The public doctors `filter` and `search` find whose kept hint cannot say whether they are free
 * before `stale.noneUntil` (unknown, reached by the notice, "none before" a time by then, or
 * holding an offer), with their cards and their hints; at most `limit`.
 */
export async function unknownHintRows(
  r: Reader,
  filter: PublicFilter,
  search: DirectorySearch,
  stale: Staleness,
  now: number,
  from: Date,
  to: Date,
  limit: number,
  extra: SQL[] = [],
): Promise<{ rows: PublicDoctorRow[]; hints: (number | null)[] }> {
  const where = sql.join([...publicWhere(filter), ...searchConditions(search), ...extra], sql` and `);
  return readHintedRows(r, sql`${cardColumns(from, to, false)}, d.next_free_hint as hint
    from (select id from (${staleIds(stale, where)} union select d.id from ${doctors} d where ${where} and ${holdingOffer(now)}) limit ${limit}) u
    join ${doctors} d on d.id = u.id left join ${doctorAvailability} h on h.doctor_id = d.id`);
}

/**
 * How many of the public doctors `filter` and `search` find have a hint in [fresh, soon): a range
 * of doctors_directory_next, its entries only. Those free by hint are these but the ones
 * `unknownHintRows` answered with a hint in that range ("none before" ones, those holding an offer):
 * `freeByHintCount`.
 */
export async function hintRangeCount(r: Reader, filter: PublicFilter, search: DirectorySearch, stale: Staleness, soon: number): Promise<number> {
  const where = sql.join([...publicWhere(filter), ...searchConditions(search), sql`d.next_free_hint >= ${stale.fresh} and d.next_free_hint < ${soon}`], sql` and `);
  return countOf(r, sql`select count(*) from ${doctors} d indexed by doctors_directory_next where ${where}`);
}

/** How many are free by an exact hint before `soon`: `hintRangeCount`'s less the doctors that cannot say with a hint in the range (every "none before" one in it is among them). */
export const freeByHintCount = (inRange: number, unknownHints: (number | null)[], stale: Staleness, soon: number): number =>
  inRange - unknownHints.filter((hint) => hint !== null && hint >= stale.fresh && hint < soon).length;

/** A doctor free by an exact hint, as `hintedPage` reads them: with their card when asked. */
export type HintedDoctor = { id: string; name: string; hint: number; row: PublicDoctorRow | undefined };

/**
 * One round trip for a page by next free time through exact hints: the doctors whose hint cannot
 * say (`unknownHintRows`, at most `limit`), how many are free before `soon` by their exact hints
 * (`freeByHintCount`),
 * and `size` of those from `offset` in (hint, name, id) order (a walk of doctors_directory_next),
 * with their cards when `cards`, else their ids, names and hints only (the page's cards are read
 * once it is known which they are).
 */
export async function hintedPage(
  r: Reader,
  filter: PublicFilter,
  search: DirectorySearch,
  window: { stale: Staleness; soon: number; now: number; from: Date; to: Date },
  offset: number,
  size: number,
  cards: boolean,
  limit: number,
): Promise<{ unknown: PublicDoctorRow[]; count: number; exact: HintedDoctor[] }> {
  const { stale, soon, now, from, to } = window;
  const byHint = freeByHint(stale, soon, now);
  const where = sql.join([...publicWhere(filter), ...searchConditions(search), byHint], sql` and `);
  const order = sql`d.next_free_hint, ${byName(D)}, d.id`;
  const walk = () => cards
    ? nextFreeBatch(r, filter, search, offset, size, from, to, false, [byHint]).then(({ rows, hints }) => rows.map((row, i) => ({ id: row.id, name: row.name, hint: hints[i]!, row })))
    : r
        .all<{ id: string; name: string; hint: number }>(sql`select d.id, d.name, d.next_free_hint as hint from ${doctors} d indexed by doctors_directory_next where ${where} order by ${order} limit ${size} offset ${offset}`)
        .then((rows) => rows.map((row) => ({ id: row.id, name: row.name, hint: Number(row.hint), row: undefined })));
  const [unknown, inRange, exact] = await together(() => Promise.all([unknownHintRows(r, filter, search, stale, now, from, to, limit), hintRangeCount(r, filter, search, stale, soon), walk()]));
  return { unknown: unknown.rows, count: freeByHintCount(inRange, unknown.hints, stale, soon), exact };
}

/** Doctors `d` with hours (`unknownHintRows`' extra condition for the admin's medians). */
export const withHours = sql`d.id in (select h.doctor_id from ${doctorAvailability} h)`;

/**
 * Every public doctor with hours, by specialization: the hints that are exact and not reached by
 * the notice (of doctors holding no offer), and the ids of the others, as two JSON arrays a
 * specialization: one walk of doctors_directory_next, 16 rows (20,000 rows, one a doctor, took
 * 35 ms at 100x against 20).
 */
export async function listedHints(r: Reader, stale: Staleness, now: number): Promise<{ specialization: Specialization; hints: number[]; others: string[] }[]> {
  const exact = freeByHint(stale, Number.MAX_SAFE_INTEGER, now);
  const rows = await r.all<{ specialization: Specialization; hints: string; others: string }>(sql`
    select d.specialization, json_group_array(d.next_free_hint) filter (where ${exact}) as hints,
      json_group_array(d.id) filter (where (${exact}) is not true) as others
    from ${doctors} d indexed by doctors_directory_next join ${doctorAvailability} h on h.doctor_id = d.id
    where ${sql.join(publicWhere({}), sql` and `)}
    group by d.specialization`);
  return rows.map((row) => ({ specialization: row.specialization, hints: (JSON.parse(row.hints) as number[]).map(Number), others: JSON.parse(row.others) as string[] }));
}

const dialect = new SQLiteSyncDialect();

/** The number a count statement answers, through a kept statement outside a transaction (src/db/client.ts). */
async function countOf(r: Reader, query: SQL): Promise<number> {
  const read = keptRowReader(r);
  if (read === undefined) return Number((await r.all<Record<string, unknown>>(query)).map((row) => Object.values(row)[0])[0] ?? 0);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return Number(read(text, params as InValue[])[0]?.[0] ?? 0);
}
