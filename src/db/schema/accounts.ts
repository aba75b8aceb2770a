import { sql, type SQLWrapper } from "drizzle-orm";
import { index, integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DoctorStatus, Specialization } from "../../domain/fields";
import type { Lang } from "../../domain/i18n";
import type { Sex } from "../../domain/family";

const id = () => text("id").primaryKey();
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull();
// Raised on logout: a token carries the version it was issued under and dies when it moves on.
const tokenVersion = () => integer("token_version").notNull().default(0);
// Raised by triggers (drizzle/0006_lists_triggers.sql) whenever anything one of this account's
// lists shows changes: its appointments, their feedback, the other side's name. Read with the
// session's account on every request, it tells whether a list kept in memory is still current
// (src/db/queries/account-lists.ts). Never written by application code.
const listsVersion = () => integer("lists_version").notNull().default(0);
// The person's IANA time zone (e.g. "Asia/Kolkata"): pages without script, and mails, show times
// in it. Null until the browser reports one or the person picks one on the profile.
const timeZone = () => text("time_zone");
// The language the person chose to read Carebook in ("en", "hi"; issue 31): their mails follow it
// and a new device starts in it. Null until they choose one with the switcher.
const language = () => text("language").$type<Lang>();
// When the person erased their account (issue 44): the row stays, nameless, for the other side's
// records (src/actions/erasure.ts). Null: a live account.
const erasedAt = () => integer("erased_at", { mode: "timestamp_ms" });
// When two-factor sign-in was turned on (issue 44); null: off. On the account row so that a login
// and the admin's guard know it from the read they make anyway; the secret is in two_factor.
const twoFactorAt = () => integer("two_factor_at", { mode: "timestamp_ms" });
// The consent notice the person accepted (issue 44; src/domain/consent.ts) and when: both null
// while not given (a signup by a client that sends no consent), until they accept on a page or
// with POST /api/auth/consent.
const consentVersion = () => text("consent_version");
const consentAt = () => integer("consent_at", { mode: "timestamp_ms" });
// Issue 51: when the person last withdrew their consent (kept after they accept again: the record says when).
const consentWithdrawnAt = () => integer("consent_withdrawn_at", { mode: "timestamp_ms" });
// Issue 55: the person's mobile number (E.164) and when they proved it theirs with a code (null: not yet).
// Only a verified number receives anything but its code.
const phone = () => text("phone");
const phoneVerifiedAt = () => integer("phone_verified_at", { mode: "timestamp_ms" });

export const patients = sqliteTable("patients", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  profileImage: text("profile_image"),
  tokenVersion: tokenVersion(),
  listsVersion: listsVersion(),
  timeZone: timeZone(),
  language: language(),
  erasedAt: erasedAt(),
  twoFactorAt: twoFactorAt(),
  consentVersion: consentVersion(),
  consentAt: consentAt(),
  consentWithdrawnAt: consentWithdrawnAt(),
  // Issue 56: what a prescription carries (age, sex); optional. YYYY-MM-DD, in no zone.
  dateOfBirth: text("date_of_birth"),
  sex: text("sex").$type<Sex>(),
  phone: phone(),
  phoneVerifiedAt: phoneVerifiedAt(),
  createdAt: createdAt(),
}, (t) => [
  // sign-in by a code (issue 55): the patient whose verified number this is
  index("patients_phone").on(t.phone),
]);

/** 1 while a doctor's sent registration waits for the admin (not refused), else 0: the admin table's first key. */
export const registrationWaiting = (t: { pendingRegistrationNumber: AnySQLiteColumn; registrationReason: AnySQLiteColumn }) =>
  sql`(${t.pendingRegistrationNumber} is not null and ${t.registrationReason} is null)`;

/**
 * The public directory's sort keys (issue 57), written the same in its indexes and its statement
 * (src/db/queries/directory-search.ts) so that a page walks an index in order and stops. A doctor
 * without the sort's value gets one above every real value, so they come last (then by name, id).
 * Rating: the average negated (highest first), only from MIN_RATINGS (3, src/domain/rating.ts) on.
 */
export const directoryKeys = {
  rating: (t: { ratingCount: SQLWrapper; ratingTotal: SQLWrapper }) =>
    sql`(case when ${t.ratingCount} >= 3 then -(${t.ratingTotal} * 1.0 / ${t.ratingCount}) else 1 end)`,
  fee: (t: { fee: SQLWrapper }) => sql`(case when ${t.fee} is null then 1000000000000 else ${t.fee} end)`,
};
/** The doctors anyone may see: approved, with a verified registration (the directory's indexes are over them only). */
export const publicDoctor = (t: { status: SQLWrapper; registrationNumber: SQLWrapper; registrationCouncil: SQLWrapper }) =>
  sql`${t.status} = 'approved' and ${t.registrationNumber} is not null and ${t.registrationCouncil} is not null`;
export const byName = (t: { name: SQLWrapper }) => sql`${t.name} collate nocase`;
/** Exact next-free hints are slot starts, whole minutes; "none before" ones are not (src/db/queries/next-free-hints.ts). */
export const HINT_GRAIN_MS = 60_000;
/** A kept next-free hint that says "none before", written as the partial index is (a literal, so a statement's term matches it). */
export const noneHint = (t: { nextFreeHint: SQLWrapper }) => sql`${t.nextFreeHint} % ${sql.raw(String(HINT_GRAIN_MS))} <> 0`;

export const doctors = sqliteTable(
  "doctors",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    specialization: text("specialization").$type<Specialization>().notNull(),
    collegeName: text("college_name").notNull(),
    status: text("status").$type<DoctorStatus>().notNull().default("pending"),
    profileImage: text("profile_image"),
    // An approved doctor's change of specialization or college waits here for the admin's review;
    // the directory shows the columns above until it is approved (issue 27). Null: no change waiting.
    pendingSpecialization: text("pending_specialization").$type<Specialization>(),
    pendingCollegeName: text("pending_college_name"),
    // When the doctor first saved their profile (page or API): until then the dashboard's first
    // steps ask them to check it (issue 39). Null: never saved.
    profileCheckedAt: integer("profile_checked_at", { mode: "timestamp_ms" }),
    // The medical registration (issue 41): the last pair the admin verified, which a public
    // directory shows, and a new or changed pair waiting for the admin beside it, with the
    // admin's reason once refused (the doctor reads it). Null: none verified, none waiting.
    registrationNumber: text("registration_number"),
    registrationCouncil: text("registration_council"),
    pendingRegistrationNumber: text("pending_registration_number"),
    pendingRegistrationCouncil: text("pending_registration_council"),
    registrationReason: text("registration_reason"),
    // What patients choose by (issue 41); null until the doctor says. Languages: codes, comma-separated.
    experienceYears: integer("experience_years"),
    languages: text("languages"),
    fee: integer("fee"),
    about: text("about"),
    // Visible ratings (issue 41), kept beside the doctor in the transaction that gives, hides or
    // shows one, so the directory sorts by rating from one indexed table.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    // Issue 57: the doctor's next free start (ms), exact until the booking notice reaches it, or a
    // time none is free before (a whole minute plus 1 ms: `noneBefore`); kept by the server's tick
    // (src/actions/next-free-hints.ts) and set to null by triggers (drizzle/0045, 0048) whenever a
    // slot may free or the hint's own is taken. The directory reads doctors in its order.
    nextFreeHint: integer("next_free_hint"),
    // Issue 57: whether the doctor's weekly hours hold a range by video (one naming no place), for
    // the directory's "video" filter from its indexes; kept by triggers on doctor_availability
    // (drizzle/0051), as placeFilter (src/domain/places.ts) reads the hours.
    videoHours: integer("video_hours", { mode: "boolean" }).notNull().default(false),
    tokenVersion: tokenVersion(),
    listsVersion: listsVersion(),
    timeZone: timeZone(),
    language: language(),
    erasedAt: erasedAt(),
    twoFactorAt: twoFactorAt(),
    consentVersion: consentVersion(),
    consentAt: consentAt(),
    consentWithdrawnAt: consentWithdrawnAt(),
    phone: phone(),
    phoneVerifiedAt: phoneVerifiedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    // patients' directory: approved doctors, grouped by specialization, by name
    index("doctors_status_specialization_name").on(t.status, t.specialization, t.name),
    // the signed-in specialization page's pages (issue 57): approved doctors, verified or not, in the directory's name order
    index("doctors_approved_specialization_name").on(t.specialization, byName(t), t.id).where(sql`${t.status} = 'approved'`),
    // admin table: every doctor by signup time
    index("doctors_created_at").on(t.createdAt),
    // admin table's pages: registrations waiting for the admin's check first, then by signup time (issue 41)
    index("doctors_registration_waiting_created").on(registrationWaiting(t), t.createdAt, t.id),
    // the public directory's pages by rating and by fee, of everyone or of one specialization (issue 57);
    // with the filters' columns after the order, so a page and its count read the index only
    index("doctors_directory_rating").on(directoryKeys.rating(t), byName(t), t.id, t.specialization, t.fee, t.languages, t.videoHours).where(publicDoctor(t)),
    index("doctors_directory_fee").on(directoryKeys.fee(t), byName(t), t.id, t.specialization, t.languages, t.videoHours).where(publicDoctor(t)),
    index("doctors_directory_specialization_rating").on(t.specialization, directoryKeys.rating(t), byName(t), t.id, t.fee, t.languages, t.videoHours).where(publicDoctor(t)),
    index("doctors_directory_next").on(t.nextFreeHint, byName(t), t.id, t.specialization, t.fee, t.languages, t.videoHours).where(publicDoctor(t)),
    index("doctors_directory_specialization_fee").on(t.specialization, directoryKeys.fee(t), byName(t), t.id, t.languages, t.videoHours).where(publicDoctor(t)),
    // The "none before" hints alone (not whole minutes: src/db/queries/next-free-hints.ts), which
    // the directory works out itself when they fall in the days it asks about.
    index("doctors_directory_none").on(t.nextFreeHint).where(sql`${publicDoctor(t)} and ${noneHint(t)}`),
  ],
);

export const admins = sqliteTable("admins", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  tokenVersion: tokenVersion(),
  timeZone: timeZone(),
  language: language(),
  twoFactorAt: twoFactorAt(),
  createdAt: createdAt(),
});
