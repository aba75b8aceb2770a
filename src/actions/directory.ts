/**
 * The public doctor directory (issue 41 item 4) and the specialization pages' cards (item 5): a
 * search of the doctors anyone may see, and one doctor's public profile with its reviews. Each
 * reads in one round trip: the doctors, their hours and their meetings of the window
 * (src/db/queries/public-directory.ts, a search's page by src/db/queries/directory-search.ts), and
 * a profile's reviews sent together with it; the free slots are worked out in memory.
 */
import type { Deps } from "../config/deps";
import { together } from "../db/together";
import { publicDoctors, publishedReviews, type PublicDoctorRow, type PublicFilter } from "../db/queries/public-directory";
import type { NextFree } from "../domain/availability";
import { byName, DIRECTORY_DAYS, DIRECTORY_PAGE_SIZE, directorySearch, needsEveryNextFree, pageOf, sortedEntries, type DirectoryQuery, type DirectorySearch } from "../domain/directory";
import { reviewAuthor } from "../domain/review";
import type { Specialization } from "../domain/fields";
import { notFound } from "../domain/refusal";
import {
  directoryPage,
  freeByHint,
  freeByHintCount,
  hintRangeCount,
  listedHints,
  hintedPage,
  idIn,
  nextFreeBatch,
  pageStatements,
  type HintedDoctor,
  searchConditions,
  specializationPage,
  unknownHintRows,
  withHours,
} from "../db/queries/directory-search";
import { readPublicRows } from "../db/queries/public-directory";
import { nextFreeOf, windowOf } from "./availability";
import { earliestStart } from "./next-free-hints";

/** How many published reviews a profile shows: the newest. */
export const PROFILE_REVIEWS = 20;

/** A doctor as the directory shows them, with their next free time (undefined: none in the window). */
export type DirectoryDoctor = Omit<PublicDoctorRow, "source"> & { next: NextFree | undefined; hours: PublicDoctorRow["source"]["availability"]; places: PublicDoctorRow["source"]["places"] };

/** The rows as the directory shows them, with their next free times (worked out here unless `known`, in the same order). */
function withNext(deps: Deps, rows: PublicDoctorRow[], now: Date, known?: (NextFree | undefined)[]): DirectoryDoctor[] {
  return rows.map(({ source, ...d }, i) => ({ ...d, next: known ? known[i] : nextFreeOf(deps, source, now, DIRECTORY_DAYS), hours: source.availability, places: source.places }));
}

/** The doctors `filter` finds with their next free times (any approved doctor when `verified` is false). */
export async function directoryDoctors(deps: Deps, filter: PublicFilter & { verified?: boolean }): Promise<DirectoryDoctor[]> {
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  return withNext(deps, await publicDoctors(deps.database.db, filter, from, to), now);
}

/**
 * Page `page` of the approved doctors of `specialization`, verified or not (the signed-in
 * specialization page), by name, DIRECTORY_PAGE_SIZE to a page, with their next free times
 * worked out for that page's doctors only.
 */
export async function specializationDoctors(deps: Deps, specialization: Specialization, page: number) {
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const { rows, total } = await specializationPage(deps.database.db, specialization, (page - 1) * DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE, from, to);
  return { doctors: withNext(deps, rows, now), page, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), total };
}

/**
 * One page of the public directory for `query`. `label` names a specialization in the other
 * language the search also understands (Hindi), so "त्वचा" and "Dermatologist" find the same.
 * By rating or fee the page is found, ordered and cut in SQL (src/db/queries/directory-search.ts)
 * and only its doctors' free slots are worked out; by next free time, or free within some days,
 * through the kept hints (`byHints`); when too many of those cannot say, every doctor the search
 * finds is worked out as before the hints (by next free time in the order of the hints, `byNextFree`).
 */
export async function searchDirectory(deps: Deps, query: DirectoryQuery, label: (s: Specialization) => string, unknownLimit = UNKNOWN_HINTS_LIMIT) {
  const { specialization, language, maxFee } = query;
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const search = directorySearch(query, label);
  if (!needsEveryNextFree(query) && query.sort !== "next") {
    const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
    const { rows, total } = await directoryPage(deps.database.db, { specialization, language, maxFee }, search, query.sort, offset, DIRECTORY_PAGE_SIZE, from, to);
    return { doctors: withNext(deps, rows, now), page: query.page, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), total };
  }
  const hinted = await byHints(deps, query, search, now, unknownLimit);
  if (hinted !== undefined) return hinted;
  if (query.availableDays === undefined) return byNextFree(deps, query, search, now);
  const rows = await publicDoctors(deps.database.db, { specialization, language, maxFee }, from, to, false, searchConditions(search));
  const entries = rows.map((row) => ({ row, ...row, next: nextFreeOf(deps, row.source, now, DIRECTORY_DAYS) }));
  const sorted = sortedEntries(entries, query, now);
  const { items, page, pages } = pageOf(sorted, query.page);
  const doctors = withNext(deps, items.map((e) => e.row), now, items.map((e) => e.next));
  return { doctors, page, pages, total: sorted.length };
}

/**
 * Issue 57, when the hints cannot say for too many doctors: a page by next free time without
 * working out every doctor's. Doctors are read in the order of their kept hints (lower bounds of
 * their next free start, unknown first) in growing batches, and their real next free times worked
 * out; a doctor whose time is before the last hint read is in their final place (every doctor not
 * read yet is free no sooner than that hint), so the reading stops once the page's doctors all are.
 */
async function byNextFree(deps: Deps, query: DirectoryQuery, search: DirectorySearch, now: Date) {
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const filter = { specialization: query.specialization, language: query.language, maxFee: query.maxFee };
  const wanted = query.page * DIRECTORY_PAGE_SIZE;
  const entries: (PublicDoctorRow & { row: PublicDoctorRow; next: NextFree | undefined })[] = [];
  let total = 0;
  let read = 0;
  for (let size = Math.max(2 * DIRECTORY_PAGE_SIZE, wanted + DIRECTORY_PAGE_SIZE); ; size = Math.min(size * 2, 2_000)) {
    const batch = await nextFreeBatch(deps.database.db, filter, search, read, size, from, to, read === 0);
    read += batch.rows.length;
    total = batch.total ?? total;
    // A hint set to null between two batches moves its doctor: read twice, kept once.
    for (const row of batch.rows) if (!entries.some((e) => e.id === row.id)) entries.push({ row, ...row, next: nextFreeOf(deps, row.source, now, DIRECTORY_DAYS) });
    if (batch.rows.length < size) break;
    // Read in the order (hint, name, id): a doctor not read yet is free no sooner than the last
    // hint, and at that very time comes after the last doctor read by name.
    const bound = batch.hints[batch.hints.length - 1] ?? -Infinity;
    const last = batch.rows[batch.rows.length - 1]!;
    const placed = (e: (typeof entries)[number]) =>
      e.next !== undefined && (e.next.start < bound || (e.next.start === bound && (byName(e.name, last.name) || (e.id <= last.id ? -1 : 1)) < 0));
    if (entries.filter(placed).length >= wanted) break;
  }
  const sorted = sortedEntries(entries, query, now);
  const items = sorted.slice(wanted - DIRECTORY_PAGE_SIZE, wanted);
  return { doctors: withNext(deps, items.map((e) => e.row), now, items.map((e) => e.next)), page: query.page, pages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)), total };
}

/** Doctors whose hint cannot say that a request works out itself; with more, it works out every doctor's. */
export const UNKNOWN_HINTS_LIMIT = 500;

/**
 * Issue 57: a page by next free time, or of the doctors free within `availableDays`, through the
 * kept hints. A fresh exact hint is a doctor's next free start; the few doctors whose hint cannot
 * say (unknown, reached by the notice, "none before" a time within the window asked, holding an
 * offer) are worked out here. By rating or fee (free soon only), one page in SQL over "free by hint
 * or one of those": two round trips. By next free time, the exact ones in hint order merged with
 * those, then those with none (`mergedPage`): one round trip for page 1, two for a later one (its
 * cards are read once it is known whose). Undefined when too many hints cannot say (a server just
 * started with other settings). `limit`: how many may not (UNKNOWN_HINTS_LIMIT; tests take fewer).
 */
async function byHints(deps: Deps, query: DirectoryQuery, search: DirectorySearch, now: Date, limit: number) {
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const r = deps.database.db;
  const filter = { specialization: query.specialization, language: query.language, maxFee: query.maxFee };
  const days = query.availableDays;
  const soon = days === undefined ? Number.MAX_SAFE_INTEGER : now.getTime() + days * 86_400_000;
  // Without a bound every "none before" hint may hide a free time in the window: all are worked out.
  const stale = { fresh: earliestStart(deps, now), noneUntil: Math.min(soon, to.getTime()) };
  const window = { stale, soon, now: now.getTime(), from, to };
  const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
  const pages = (total: number) => Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
  const worked = (unknown: PublicDoctorRow[]) => unknown.map((row) => ({ row, ...row, next: nextFreeOf(deps, row.source, now, DIRECTORY_DAYS) }));
  if (query.sort !== "next") {
    const unknown = await unknownHintRows(r, filter, search, stale, window.now, from, to, limit + 1);
    if (unknown.rows.length > limit) return undefined;
    const found = sortedEntries(worked(unknown.rows), query, now);
    const either = freeByHint(stale, soon, window.now, found.map((e) => e.id));
    const { page } = pageStatements(filter, search, query.sort, offset, DIRECTORY_PAGE_SIZE, from, to, [either]);
    const [rows, inRange] = await together(() => Promise.all([readPublicRows(r, page), hintRangeCount(r, filter, search, stale, soon)]));
    const total = freeByHintCount(inRange, unknown.hints, stale, soon) + found.length;
    return { doctors: withNext(deps, rows, now), page: query.page, pages: pages(total), total };
  }
  // The exact ones before `skip` come before the page whatever the others' times (at most
  // `limit` of those can come before any of them).
  const skip = Math.max(0, offset - limit);
  const size = offset + DIRECTORY_PAGE_SIZE - skip;
  const { unknown, count, exact } = await hintedPage(r, filter, search, window, skip, size, query.page === 1, limit + 1);
  if (unknown.length > limit) return undefined;
  const entries = worked(unknown);
  const free = sortedEntries(entries, { ...query, availableDays: days ?? DIRECTORY_DAYS + 1 }, now);
  const none = days === undefined ? sortedEntries(entries.filter((e) => e.next === undefined), query, now) : [];
  const items = mergedPage(exact, free, none, { skip, offset, count });
  const missing = items.flatMap((e) => (e.row === undefined ? [e.id] : []));
  const read = missing.length === 0 ? [] : await publicDoctors(r, {}, from, to, false, [idIn(missing)]);
  const rows = items.map((e) => e.row ?? read.find((row) => row.id === e.id)).filter((row) => row !== undefined);
  const total = count + free.length + none.length;
  return { doctors: withNext(deps, rows, now), page: query.page, pages: pages(total), total };
}

type Placed = { id: string; name: string; key: number; row: PublicDoctorRow | undefined };

/**
 * The page `[offset, offset + 20)` of: the doctors free by exact hints (`exact`, read in (hint,
 * name, id) order from `skip`, `count` of them in all) merged with those worked out (`free`, by
 * time, name and id), then those with none (`none`, by name). Each exact one before `skip` comes
 * before the page: at most `offset - skip` of the others precede it.
 */
function mergedPage(exact: HintedDoctor[], free: { row: PublicDoctorRow; next: NextFree | undefined }[], none: { row: PublicDoctorRow }[], at: { skip: number; offset: number; count: number }) {
  const workedOut = new Set([...free, ...none].map((e) => e.row.id));
  // A doctor in both (a hint written between two reads) is kept once, as worked out.
  const hinted: Placed[] = exact.filter((e) => !workedOut.has(e.id)).map((e) => ({ id: e.id, name: e.name, key: e.hint, row: e.row }));
  const others: Placed[] = free.map((e) => ({ id: e.row.id, name: e.row.name, key: e.next!.start, row: e.row }));
  const before = (a: Placed, b: Placed) => a.key - b.key || byName(a.name, b.name) || (a.id < b.id ? -1 : 1);
  const first = hinted[0];
  // Those worked out that come before the first exact one read come before it in the whole list.
  const ahead = at.skip === 0 || first === undefined ? 0 : others.filter((e) => before(e, first) < 0).length;
  const merged = [...hinted, ...(at.skip === 0 || first === undefined ? others : others.filter((e) => before(e, first) >= 0))].sort(before);
  const last: Placed[] = none.map((e) => ({ id: e.row.id, name: e.row.name, key: Infinity, row: e.row }));
  const freeTotal = at.count + others.length;
  const items: Placed[] = [];
  for (let i = at.offset; i < at.offset + DIRECTORY_PAGE_SIZE; i++) {
    const item = i < freeTotal ? merged[i - at.skip - ahead] : last[i - freeTotal];
    if (item !== undefined) items.push(item);
  }
  return items;
}

/**
 * Every listed doctor with hours, with their next free start (undefined: none in the window), for
 * the admin's medians (issue 58): from the kept hints where exact, the doctors whose hint cannot
 * say worked out here; two statements sent together. With too many of those (a server just started
 * with other settings), every doctor is worked out.
 */
export async function listedNextFree(deps: Deps): Promise<{ specialization: Specialization; next: number | undefined }[]> {
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const r = deps.database.db;
  const stale = { fresh: earliestStart(deps, now), noneUntil: to.getTime() };
  const [hinted, unknown] = await together(() =>
    Promise.all([listedHints(r, stale, now.getTime()), unknownHintRows(r, {}, {}, stale, now.getTime(), from, to, UNKNOWN_HINTS_LIMIT + 1, [withHours])]),
  );
  if (unknown.rows.length > UNKNOWN_HINTS_LIMIT) {
    return (await directoryDoctors(deps, {})).filter((d) => d.hours !== undefined && d.hours !== null).map((d) => ({ specialization: d.specialization, next: d.next?.start }));
  }
  const worked = new Map(unknown.rows.map((row) => [row.id, nextFreeOf(deps, row.source, now, DIRECTORY_DAYS)?.start]));
  return hinted.flatMap(({ specialization, hints, others }) => [
    ...hints.map((next) => ({ specialization, next })),
    ...others.map((id) => ({ specialization, next: worked.get(id) })),
  ]);
}

/** A public review: its author as "Pat P.", the rating, the message and the doctor's reply. */
export type PublicReview = { author: string; rating: number | null; message: string; createdAt: Date; reply: { text: string; at: Date } | null };

/** A public doctor's profile and their newest published reviews; not found for a doctor the directory does not show. */
export async function directoryProfile(deps: Deps, doctorId: string): Promise<{ doctor: DirectoryDoctor; reviews: PublicReview[] }> {
  const now = deps.now();
  const { from, to } = windowOf(now, DIRECTORY_DAYS);
  const r = deps.database.db;
  const [rows, reviews] = await together(() => Promise.all([publicDoctors(r, { doctorId }, from, to, true), publishedReviews(r, doctorId, PROFILE_REVIEWS)]));
  const [doctor] = withNext(deps, rows, now);
  if (doctor === undefined) throw notFound("Doctor");
  return {
    doctor,
    reviews: reviews.map((v) => ({
      author: reviewAuthor(v.author),
      rating: v.rating,
      message: v.message,
      createdAt: v.createdAt,
      reply: v.replyText === null || v.repliedAt === null ? null : { text: v.replyText, at: v.repliedAt },
    })),
  };
}
