/**
 * The public directory's reads (issue 41): the doctors anyone may see (approved, with a verified
 * registration) with what their cards show and what their free slots are made of, in one
 * statement however many doctors it finds; and one doctor's published reviews.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Specialization } from "../../domain/fields";
import type { LanguageCode } from "../../domain/doctor-details";
import type { InValue } from "@libsql/client";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { keptRowReader, type Reader } from "../client";
import { doctorAvailability, doctors, feedback, patients } from "../schema";
import { busyOf, heldOf, placesOf, toSource, type SlotSource, type SourceRow } from "./availability";

/** The SQL side of a search: what an index or a column test can decide. */
export type PublicFilter = {
  doctorId?: string;
  specialization?: Specialization;
  language?: LanguageCode;
  maxFee?: number;
  /** false: every approved doctor, verified or not (the signed-in specialization pages show them all). */
  verified?: boolean;
};

/** A public doctor: the card's columns (and the profile's, when asked), with their slot source. */
export type PublicDoctorRow = {
  id: string;
  name: string;
  specialization: Specialization;
  collegeName: string;
  profileImage: string | null;
  languages: string | null;
  fee: number | null;
  experienceYears: number | null;
  ratingCount: number;
  ratingTotal: number;
  /** Whether the doctor has a verified registration (always true unless `verified: false` was asked). */
  verified: boolean;
  /** The profile's columns: null in a list. */
  about: string | null;
  registrationNumber: string | null;
  registrationCouncil: string | null;
  source: SlotSource;
};

type Row = SourceRow & {
  name: string;
  specialization: Specialization;
  college_name: string;
  profile_image: string | null;
  languages: string | null;
  fee: number | null;
  experience_years: number | null;
  rating_count: number;
  rating_total: number;
  verified: number;
  about: string | null;
  registration_number: string | null;
  registration_council: string | null;
  /** A statement's column after the card's (readHintedRows). */
  hint?: number | null;
};

/**
 * The public doctors `filter` keeps, each with the confirmed meetings and held offers of [from,
 * to) for their free slots: one statement (the directory's status index, the hours' primary key,
 * the meetings' and offers' indexes per doctor with hours). `profile`: with the about text and
 * the registration (one doctor's page), which a list leaves out.
 */
export async function publicDoctors(r: Reader, filter: PublicFilter, from: Date, to: Date, profile = false, conditions: SQL[] = []): Promise<PublicDoctorRow[]> {
  return readPublicRows(r, sql`
    ${cardColumns(from, to, profile)}
    from ${doctors} d left join ${doctorAvailability} h on h.doctor_id = d.id
    where ${sql.join([...publicWhere(filter), ...conditions], sql` and `)}`);
}

/** The conditions of `filter` over doctors `d` (the public ones: approved, verified unless asked otherwise). */
export function publicWhere(filter: PublicFilter): SQL[] {
  const where: SQL[] = [sql`d.status = 'approved'`];
  // The last verified pair is what the public sees; a doctor without one is not public yet.
  if (filter.verified !== false) where.push(sql`d.registration_number is not null and d.registration_council is not null`);
  if (filter.doctorId !== undefined) where.push(sql`d.id = ${filter.doctorId}`);
  if (filter.specialization !== undefined) where.push(sql`d.specialization = ${filter.specialization}`);
  if (filter.maxFee !== undefined) where.push(sql`d.fee <= ${filter.maxFee}`);
  // Codes are stored comma-separated ("en,hi"): a code is found between commas.
  if (filter.language !== undefined) where.push(sql`(',' || d.languages || ',') like ${`%,${filter.language},%`}`);
  return where;
}

/**
 * The select list of a card read over doctors `d` and their hours `h`: the card's columns, the
 * confirmed meetings and held offers of [from, to) and the places (a doctor without hours is "by
 * request": no meetings to read for them). `profile`: with the about text and the registration.
 */
export function cardColumns(from: Date, to: Date, profile: boolean): SQL {
  const extra = profile ? sql`d.about, d.registration_number, d.registration_council` : sql`null as about, null as registration_number, null as registration_council`;
  return sql`select d.id, d.status, d.name, d.specialization, d.college_name, d.profile_image, d.languages, d.fee, d.experience_years,
      d.rating_count, d.rating_total, (d.registration_number is not null and d.registration_council is not null) as verified, ${extra},
      h.time_zone, h.weekly, h.days_off, h.instant_booking,
      case when h.doctor_id is null then '[]' else ${busyOf(from, to)} end as busy,
      case when h.doctor_id is null then '[]' else ${heldOf(from, to)} end as held,
      ${placesOf} as places`;
}

/** The rows of a statement that selects `cardColumns`, as the directory takes them. */
export async function readPublicRows(r: Reader, query: SQL): Promise<PublicDoctorRow[]> {
  return (await readRows(r, query)).map(toPublicRow);
}

/** The rows of a statement that selects `cardColumns` and then `hint` (a doctor's kept next-free hint), with their hints. */
export async function readHintedRows(r: Reader, query: SQL): Promise<{ rows: PublicDoctorRow[]; hints: (number | null)[] }> {
  const rows = await readRows(r, query);
  return { rows: rows.map(toPublicRow), hints: rows.map((row) => (row.hint === null || row.hint === undefined ? null : Number(row.hint))) };
}

const toPublicRow = (row: Row): PublicDoctorRow => ({
  id: row.id,
  name: row.name,
  specialization: row.specialization,
  collegeName: row.college_name,
  profileImage: row.profile_image,
  languages: row.languages,
  fee: row.fee === null ? null : Number(row.fee),
  experienceYears: row.experience_years === null ? null : Number(row.experience_years),
  ratingCount: Number(row.rating_count),
  ratingTotal: Number(row.rating_total),
  verified: Number(row.verified) === 1,
  about: row.about,
  registrationNumber: row.registration_number,
  registrationCouncil: row.registration_council,
  source: toSource(row),
});

const dialect = new SQLiteSyncDialect();
/** cardColumns' names in order, then the one a statement may add after them. */
const COLUMNS = ["id", "status", "name", "specialization", "college_name", "profile_image", "languages", "fee", "experience_years", "rating_count", "rating_total", "verified", "about", "registration_number", "registration_council", "time_zone", "weekly", "days_off", "instant_booking", "busy", "held", "places", "hint"] as const;

/**
 * The rows of publicDoctors' statement: outside a transaction through a statement kept on the
 * read-only connection (src/db/client.ts), which a list read on every signed-in specialization
 * page needs (a statement prepared afresh each time cost most of its 1.8 ms for 125 doctors).
 */
async function readRows(r: Reader, query: SQL): Promise<Row[]> {
  const read = keptRowReader(r);
  if (read === undefined) return r.all<Row>(query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return read(text, params as InValue[]).map((values) => Object.fromEntries(COLUMNS.map((name, i) => [name, values[i]])) as Row);
}

/** A published, visible review with its author's full name (the caller shortens it) and the doctor's reply. */
export type PublishedReview = { author: string; rating: number | null; message: string; createdAt: Date; replyText: string | null; repliedAt: Date | null };

/** A doctor's published reviews no admin hid, newest first, at most `limit` (the feedback_doctor_published_created index). */
export async function publishedReviews(r: Reader, doctorId: string, limit: number): Promise<PublishedReview[]> {
  const rows = await r.all<{ author: string; rating: number | null; message: string; created_at: number; reply_text: string | null; replied_at: number | null }>(sql`
    select p.name as author, f.rating, f.message, f.created_at, f.reply_text, f.replied_at
    from ${feedback} f join ${patients} p on p.id = f.patient_id
    where f.doctor_id = ${doctorId} and f.published = 1 and f.hidden_at is null
    order by f.created_at desc
    limit ${limit}`);
  return rows.map((row) => ({
    author: row.author,
    rating: row.rating === null ? null : Number(row.rating),
    message: row.message,
    createdAt: new Date(Number(row.created_at)),
    replyText: row.reply_text,
    repliedAt: row.replied_at === null ? null : new Date(Number(row.replied_at)),
  }));
}
