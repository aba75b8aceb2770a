/**
 * The SQL behind calendar files and subscription feeds (issue 13): the scheduled appointments a
 * calendar shows, and each account's feed secret (kept as a hash).
 */
import { and, asc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { appointments, auditEvents, calendarFeeds, doctors, patients, places } from "../schema";
import { addressLine } from "../../domain/places";
import { keptList } from "./kept-list";
import { atCommit } from "../at-commit";

export type CalendarRole = "patient" | "doctor";

/** One appointment as a calendar event needs it: its slot, its link, both names and its revisions. */
export type CalendarRow = {
  id: string;
  status: "pending" | "confirmed" | "cancelled";
  scheduledAt: Date | null;
  endsAt: Date | null;
  meetLink: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  doctorName: string;
  patientName: string;
  /** The family member the visit is for, as booked (issue 42); null for the account holder. */
  forName: string | null;
  /** Their relation to the holder and age as booked (issue 52: the doctor's calendar names them as every page does). */
  forRelation: string | null;
  forAge: number | null;
  /** Issue 54: the clinic's address on one line and its map link, for an appointment at a clinic; null for a video call. */
  placeLine?: string | null;
  placeMapUrl?: string | null;
  /** How many times the slot was set or withdrawn (audit events 'schedule' and 'cancel'). */
  revisions: number;
  /** When the latest of those happened, if the audit trail has it. */
  revisedAt: Date | null;
};

// Correlated subqueries on audit_events_subject_at (subject, subject_id, at): a few index rows
// per appointment, inside the one statement that lists them.
const revisionsOf = sql<number>`(select count(*) from ${auditEvents} where ${auditEvents.subject} = 'appointment' and ${auditEvents.subjectId} = ${appointments.id} and ${auditEvents.action} in ('schedule', 'cancel'))`;
const revisedAtOf = sql<number | null>`(select max(${auditEvents.at}) from ${auditEvents} where ${auditEvents.subject} = 'appointment' and ${auditEvents.subjectId} = ${appointments.id} and ${auditEvents.action} in ('schedule', 'cancel'))`;

function calendarQuery(r: Reader) {
  return r
    .select({
      id: appointments.id,
      status: appointments.status,
      scheduledAt: appointments.scheduledAt,
      endsAt: appointments.endsAt,
      meetLink: appointments.meetLink,
      createdAt: appointments.createdAt,
      cancelledAt: appointments.cancelledAt,
      doctorName: doctors.name,
      patientName: patients.name,
      forName: appointments.forName,
      forRelation: appointments.forRelation,
      forAge: appointments.forAge,
      placeName: places.name,
      placeAddress: places.address,
      placeLocality: places.locality,
      placeCity: places.city,
      placePinCode: places.pinCode,
      placeMapUrl: places.mapUrl,
      revisions: revisionsOf,
      revisedAt: revisedAtOf,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .leftJoin(places, eq(places.id, appointments.placeId));
}

type RawRow = Awaited<ReturnType<ReturnType<typeof calendarQuery>["all"]>>[number];

const toRow = ({ placeName, placeAddress, placeLocality, placeCity, placePinCode, ...row }: RawRow): CalendarRow => ({
  ...row,
  placeLine: placeName === null ? null : addressLine({ name: placeName, address: placeAddress ?? "", locality: placeLocality ?? "", city: placeCity ?? "", pinCode: placePinCode ?? "" }),
  status: row.status as CalendarRow["status"],
  revisions: Number(row.revisions),
  revisedAt: row.revisedAt === null ? null : new Date(Number(row.revisedAt)),
});

const ownerColumn = (role: CalendarRole) => (role === "patient" ? appointments.patientId : appointments.doctorId);

/** One appointment of `accountId` (as its patient or doctor), whatever its state; undefined if not theirs. */
export async function calendarEntry(r: Reader, id: string, role: CalendarRole, accountId: string): Promise<CalendarRow | undefined> {
  const row = await calendarQuery(r)
    .where(and(eq(appointments.id, id), eq(ownerColumn(role), accountId)))
    .get();
  return row && toRow(row);
}

/** A meeting's entry by its id alone: for the meeting's own mail, read with its people (issue 43). */
export async function meetingEntry(r: Reader, id: string): Promise<CalendarRow | undefined> {
  const row = await calendarQuery(r).where(eq(appointments.id, id)).get();
  return row && toRow(row);
}

/**
 * What an account's feed lists, by time: confirmed meetings that start at or after `since`
 * (upcoming and recent ones), and meetings cancelled at or after `since` whose slot did too.
 * Served by the (patient or doctor, status, scheduled_at) index: two status values, one range.
 */
export async function calendarFeedRows(r: Reader, role: CalendarRole, accountId: string, since: Date): Promise<CalendarRow[]> {
  return (await feedQuery(r, role, accountId, since).all()).map(toRow);
}

/** The feed's one statement, unrun (its query plan is checked by a test). */
export function feedQuery(r: Reader, role: CalendarRole, accountId: string, since: Date) {
  return calendarQuery(r)
    .where(
      and(
        eq(ownerColumn(role), accountId),
        inArray(appointments.status, ["confirmed", "cancelled"]),
        gte(appointments.scheduledAt, since),
        or(eq(appointments.status, "confirmed"), gte(appointments.cancelledAt, since)),
      ),
    )
    .orderBy(asc(appointments.scheduledAt), asc(appointments.id));
}

/** The feed a secret's hash opens: whose it is, (for a doctor) the doctor's status, and the account's language (issue 31). */
export async function feedByHash(r: Reader, tokenHash: string) {
  return r
    .select({
      role: calendarFeeds.role,
      accountId: calendarFeeds.accountId,
      doctorStatus: doctors.status,
      language: sql<string | null>`coalesce(${patients.language}, ${doctors.language})`,
    })
    .from(calendarFeeds)
    .leftJoin(doctors, and(eq(calendarFeeds.role, "doctor"), eq(doctors.id, calendarFeeds.accountId)))
    .leftJoin(patients, and(eq(calendarFeeds.role, "patient"), eq(patients.id, calendarFeeds.accountId)))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .get();
}

/** The language account `accountId` chose (issue 31), null if none: its calendar files are written in it. */
export async function accountLanguage(r: Reader, role: CalendarRole, accountId: string): Promise<string | null> {
  const t = role === "patient" ? patients : doctors;
  const row = await r.select({ language: t.language }).from(t).where(eq(t.id, accountId)).get();
  return row?.language ?? null;
}

const FEED_FIELDS = { tokenHash: calendarFeeds.tokenHash, createdAt: calendarFeeds.createdAt };
/** One kept read per role: every meetings page asks whether its account has a feed. */
const feedRead = (role: CalendarRole) =>
  keptList(FEED_FIELDS, (r, owner) =>
    r
      .select(FEED_FIELDS)
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.role, role), eq(calendarFeeds.accountId, owner as string))),
  );
const FEED_READS: Record<CalendarRole, ReturnType<typeof feedRead>> = { patient: feedRead("patient"), doctor: feedRead("doctor") };

/** The account's feed, if it has made one. */
export async function feedOf(r: Reader, role: CalendarRole, accountId: string) {
  return (await FEED_READS[role](r, accountId))[0];
}

/** Makes the account's feed, or replaces its secret: the old URL stops working with this write. */
export async function replaceFeed(tx: Tx, role: CalendarRole, accountId: string, tokenHash: string, at: Date): Promise<void> {
  await tx
    .insert(calendarFeeds)
    .values({ role, accountId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: [calendarFeeds.role, calendarFeeds.accountId], set: { tokenHash, createdAt: at } });
}

const feedOfAccount = (role: CalendarRole, accountId: string) => and(eq(calendarFeeds.role, role), eq(calendarFeeds.accountId, accountId));

/**
 * Ends the account's feed, if it has one: its URL is refused from this write (a logout
 * everywhere, a new password; issue 44). Sent with the COMMIT (src/db/at-commit.ts).
 */
export function deleteFeed(tx: Tx, role: CalendarRole, accountId: string): void {
  atCommit(tx, tx.delete(calendarFeeds).where(feedOfAccount(role, accountId)));
}

/** Ends the account's feed now; whether it had one (the devices list's "Log out" of it). */
export async function deleteFeedNow(tx: Tx, role: CalendarRole, accountId: string): Promise<boolean> {
  const gone = await tx.delete(calendarFeeds).where(feedOfAccount(role, accountId)).returning({ role: calendarFeeds.role });
  return gone.length > 0;
}
