/**
 * The public doctor directory (issue 41 item 4): which doctors a search finds, in which order,
 * and which page of them. Pure: the candidates come from one query (src/db/queries/public-directory.ts)
 * with their next free time already worked out; this decides the rest in memory.
 */
import type { NextFree } from "./availability";
import { findSpecializations, nameMatches, nameQuery } from "./everyday-words";
import { placeWordsOf } from "./places";
import { SPECIALIZATIONS, type Specialization } from "./fields";
import type { LanguageCode } from "./doctor-details";
import { MIN_RATINGS } from "./rating";

/** Doctors per page of the directory. */
export const DIRECTORY_PAGE_SIZE = 20;
/** How far ahead a card's next free time is looked for (days), and the most "available within" may ask. */
export const DIRECTORY_DAYS = 14;
/** The page's "available in the next 3 days" filter. */
export const SOON_DAYS = 3;
export const DIRECTORY_SORTS = ["next", "rating", "fee"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** What a search asks for; every field optional but the sort and the page. */
export type DirectoryQuery = {
  q?: string;
  specialization?: Specialization;
  language?: LanguageCode;
  maxFee?: number;
  availableDays?: number;
  /** Issue 54: a city of one of the doctor's places (any case), a PIN code of one, and whether they see patients at a clinic or by video. */
  city?: string;
  pinCode?: string;
  visit?: "clinic" | "video";
  sort: DirectorySort;
  page: number;
};

/** A doctor as the directory sorts and shows them. */
export type DirectoryEntry = {
  id: string;
  name: string;
  specialization: Specialization;
  fee: number | null;
  ratingCount: number;
  ratingTotal: number;
  next: NextFree | undefined;
};

/** What a doctor's card shows (the directory, the specialization pages): the entry and its pictures and details. */
export type DirectoryCard = DirectoryEntry & {
  profileImage: string | null;
  languages: string | null;
  experienceYears: number | null;
  verified: boolean;
  /** Issue 54: the hours' ranges and the kept places, for "In clinic: Kothrud, Pune" and "Video". */
  hours?: { weekly: { placeId?: string }[] } | undefined;
  places?: { id: string; locality: string; city: string }[];
};

/** Where a card's doctor sees patients (issue 54): each place with hours ("Kothrud, Pune"), and whether by video. */
export function visitsOf(d: Pick<DirectoryCard, "hours" | "places">): { clinics: string[]; video: boolean } {
  const weekly = d.hours?.weekly ?? [];
  const clinics = (d.places ?? []).filter((p) => weekly.some((r) => r.placeId === p.id)).map((p) => [p.locality, p.city].filter((s) => s.trim() !== "").join(", "));
  return { clinics, video: weekly.some((r) => r.placeId === undefined) };
}

/**
 * Where a card's "Book" leads (issue 52): the patient's login with the doctor's booking page as
 * `next`. A signed-in patient is sent straight on to the booking page (src/routes/pages/auth.tsx),
 * a visitor signs in (or up) and comes back to it: one address for everyone, so a public page
 * needs no session read.
 */
export const bookHref = (doctorId: string): string => `/loginPatient?next=${encodeURIComponent(`/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}`)}`;

/**
 * The filter `q` becomes: a doctor answers when a word of their name begins with it, or their
 * specialization is one the search finds (its name in English or in `label`'s language, or an
 * everyday word of either language, src/domain/everyday-words.ts).
 */
export function textMatcher(q: string | undefined, label: (s: Specialization) => string): (d: { name: string; specialization: Specialization }) => boolean {
  if (q === undefined || q.trim() === "") return () => true;
  const found = new Set<string>(findSpecializations(SPECIALIZATIONS, q, label));
  return (d) => found.has(d.specialization) || nameMatches(d.name, q);
}

/**
 * A search as SQL answers it (src/db/queries/directory-search.ts): the same rules as `textMatcher`,
 * `placeWordsMatch` and `placeFilter`, with what they compute from the query worked out here.
 * `text` is undefined when `q` keeps everyone; else a doctor answers when their specialization is
 * one of `specializations`, a word of their name begins with `name`, or one of their places'
 * locality or city contains one of `placeWords`.
 */
export type DirectorySearch = {
  text?: { specializations: Specialization[]; name: string | undefined; placeWords: string[] };
  city?: string;
  pinCode?: string;
  visit?: "clinic" | "video";
};

/** The SQL side of `query`'s words and places. */
export function directorySearch(query: Pick<DirectoryQuery, "q" | "city" | "pinCode" | "visit">, label: (s: Specialization) => string): DirectorySearch {
  const { q } = query;
  const city = query.city?.trim().toLocaleLowerCase("en");
  const text = q === undefined || q.trim() === "" ? undefined : { specializations: findSpecializations(SPECIALIZATIONS, q, label), name: nameQuery(q), placeWords: placeWordsOf(q) };
  return { text, city: city === "" ? undefined : city, pinCode: query.pinCode, visit: query.visit };
}

/** The value a sort orders by, undefined when the doctor has none (they come last). */
function sortValue(d: DirectoryEntry, sort: DirectorySort): number | undefined {
  if (sort === "next") return d.next?.start;
  if (sort === "fee") return d.fee ?? undefined;
  // Highest first: the average negated; below MIN_RATINGS a doctor has no average to sort by.
  return d.ratingCount >= MIN_RATINGS ? -(d.ratingTotal / d.ratingCount) : undefined;
}

/** Whether a query needs every candidate's next free time (to sort or filter by it), not only the shown page's. */
export const needsEveryNextFree = (query: DirectoryQuery): boolean => query.sort === "next" || query.availableDays !== undefined;

/**
 * The entries a query keeps (those `q` found, free within `availableDays` when asked), sorted:
 * doctors without the sort's value last, then by name (`byName`), then by id.
 */
export function sortedEntries<E extends DirectoryEntry>(entries: E[], query: DirectoryQuery, now: Date): E[] {
  const soon = query.availableDays === undefined ? undefined : now.getTime() + query.availableDays * 24 * 3_600_000;
  const kept = soon === undefined ? entries : entries.filter((d) => d.next !== undefined && d.next.start < soon);
  const keyed = kept.map((d) => ({ d, v: sortValue(d, query.sort) }));
  keyed.sort((a, b) => {
    if (a.v !== b.v) {
      if (a.v === undefined) return 1;
      if (b.v === undefined) return -1;
      return a.v - b.v;
    }
    return byName(a.d.name, b.d.name) || (a.d.id < b.d.id ? -1 : 1);
  });
  return keyed.map(({ d }) => d);
}

/**
 * The directory's order of names, as SQLite's NOCASE orders them (the SQL pages sort by it,
 * src/db/queries/directory-search.ts): A to Z without case, then every character by its code
 * point (UTF-8's byte order).
 */
export function byName(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = unit(a.charCodeAt(i));
    const y = unit(b.charCodeAt(i));
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}
/** A UTF-16 unit ranked as its code point ranks (surrogates after U+FFFF), A to Z as a to z. */
const unit = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c >= 0xd800 ? (c >= 0xe000 ? c - 0x800 : c + 0x2000) : c);

/** One page of `all`: its entries, the page number and how many pages there are (at least one). */
export function pageOf<E>(all: E[], page: number): { items: E[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(all.length / DIRECTORY_PAGE_SIZE));
  return { items: all.slice((page - 1) * DIRECTORY_PAGE_SIZE, page * DIRECTORY_PAGE_SIZE), page, pages };
}

/**
 * How much review text a profile page shows (characters of messages and replies): a message may
 * be 2,000 characters, and twenty of them would not fit the page's 12 KB (issue 41). The JSON
 * answer carries the newest twenty in full.
 */
export const PAGE_REVIEW_CHARS = 4_000;

/** The newest reviews whose text fits `chars` together; the newest one always. */
export function reviewsWithin<R extends { message: string; reply: { text: string } | null }>(reviews: R[], chars = PAGE_REVIEW_CHARS): R[] {
  const shown: R[] = [];
  let used = 0;
  for (const r of reviews) {
    const n = r.message.length + (r.reply?.text.length ?? 0);
    if (shown.length > 0 && used + n > chars) break;
    shown.push(r);
    used += n;
  }
  return shown;
}

/**
 * Where a patient goes after logging in or signing up from a doctor's "Book" (issue 41): only a
 * path inside the patient's own pages (or a text's short link to one), never another site; undefined for anything else.
 */
export function patientReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 200) return undefined;
  // No segment begins with a dot and none is escaped: "..", "%2e%2e" would climb out of the patient's pages.
  // Issue 55: a text's short link for a patient (/m/{8}p), which opens that appointment once signed in.
  if (/^\/m\/[A-Za-z0-9]{8}p$/.test(value)) return value;
  return /^\/patient-dashboard(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/.test(value) ? value : undefined;
}
