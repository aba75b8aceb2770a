/**
 * A doctor's hours, and what free slots are made of: the hours, the confirmed meetings and the
 * slots waitlist offers hold in a window, read together in one query (the doctor's primary key, then the
 * appointments_doctor_status_scheduled index over the window).
 */
import type { InValue } from "@libsql/client";
import { eq, sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Availability, Interval } from "../../domain/availability";
import type { DoctorStatus } from "../../domain/fields";
import { keptRowReader, type Reader, type Tx } from "../client";
import { doctorAvailability, doctors } from "../schema";

/**
 * Confirmed meetings are found by their start in [from - LOOKBACK, to): the index's range. A
 * meeting that began a day before the window and still runs into it would be missed; none lasts
 * that long (CONSULT_MINUTES is a consultation).
 */
const LOOKBACK_MS = 24 * 3_600_000;

/** A doctor's hours, or undefined before any are set ("by request"). */
export async function readAvailability(r: Reader, doctorId: string): Promise<Availability | undefined> {
  const row = await r.select().from(doctorAvailability).where(eq(doctorAvailability.doctorId, doctorId)).get();
  return row && { timeZone: row.timeZone, weekly: row.weekly, daysOff: row.daysOff, instantBooking: row.instantBooking };
}

/** Replaces a doctor's hours. */
export async function saveAvailability(tx: Tx, doctorId: string, a: Availability, now: Date): Promise<void> {
  const values = { timeZone: a.timeZone, weekly: a.weekly, daysOff: a.daysOff, instantBooking: a.instantBooking === true, updatedAt: now };
  await tx.insert(doctorAvailability).values({ doctorId, ...values }).onConflictDoUpdate({ target: doctorAvailability.doctorId, set: values });
}

/** A kept place (issue 54): what a slot names, and the full address a booking there answers with. */
export type KeptPlace = { id: string; name: string; address: string; locality: string; city: string; pinCode: string; phone: string | null; mapUrl: string | null };

/**
 * What the free slots of one doctor are computed from; `places` (issue 54): the doctor's kept
 * places, which the ranges' placeId name (a range at any other place offers no slot).
 */
export type SlotSource = { doctorId: string; status: DoctorStatus; availability: Availability | undefined; busy: Interval[]; places: KeptPlace[] };

/** The columns a slot source is read from (src/db/queries/public-directory.ts reads them beside a doctor's details). */
export type SourceRow = { id: string; status: DoctorStatus; time_zone: string | null; weekly: string | null; days_off: string | null; instant_booking: number | null; busy: string; held: string; places?: string | null };

/** A doctor `d`'s kept places (issue 54), as a JSON array of KeptPlace (the places_doctor_created index). */
export const placesOf = sql`(
  select json_group_array(json_object('id', p.id, 'name', p.name, 'address', p.address, 'locality', p.locality, 'city', p.city, 'pinCode', p.pin_code, 'phone', p.phone, 'mapUrl', p.map_url)) from places p
  where p.doctor_id = d.id and p.removed_at is null
)`;

/** A doctor `d`'s confirmed meetings overlapping [from, to), as a JSON array of [start, end]. */
export const busyOf = (from: Date, to: Date) => sql`(
  select json_group_array(json_array(a.scheduled_at, a.ends_at)) from appointments a
  where a.doctor_id = d.id and a.status = 'confirmed'
    and a.scheduled_at >= ${from.getTime() - LOOKBACK_MS} and a.scheduled_at < ${to.getTime()} and a.ends_at > ${from.getTime()}
)`;

/**
 * The slots waitlist offers hold in the window (issue 40): busy too while the offer has not run
 * out at `from` (the window starts now: src/actions/availability.ts). The waitlist_doctor_open index.
 */
export const heldOf = (from: Date, to: Date) => sql`(
  select json_group_array(json_array(w.offer_start, w.offer_end)) from waitlist w
  where w.doctor_id = d.id and w.ended_at is null and w.offer_expires_at > ${from.getTime()}
    and w.offer_start < ${to.getTime()} and w.offer_end > ${from.getTime()}
)`;

/** A slot source from its row. */
export function toSource(row: SourceRow): SlotSource {
  const availability =
    row.time_zone === null
      ? undefined
      : { timeZone: row.time_zone, weekly: JSON.parse(row.weekly ?? "[]"), daysOff: JSON.parse(row.days_off ?? "[]"), instantBooking: Number(row.instant_booking) === 1 };
  const busy = [...JSON.parse(row.busy), ...JSON.parse(row.held)].map(([start, end]: [number, number]) => ({ start, end }));
  return { doctorId: row.id, status: row.status, availability, busy, places: row.places ? JSON.parse(row.places) : [] };
}

/** One doctor's status, hours and confirmed meetings overlapping [from, to), in one query; undefined for an unknown doctor. */
export async function slotSource(r: Reader, doctorId: string, from: Date, to: Date): Promise<SlotSource | undefined> {
  const [row] = await readSources(r, slotSourceSql(doctorId, from, to));
  return row;
}

/**
 * The rows of a slot-source statement. Outside a transaction it runs as a statement kept on the
 * read-only connection (src/db/client.ts: @libsql/client would prepare it again every time).
 */
async function readSources(r: Reader, query: SQL): Promise<SlotSource[]> {
  const read = keptRowReader(r);
  if (read === undefined) return (await r.all<SourceRow>(query)).map(toSource);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return read(text, params as InValue[]).map((values) => toSource(Object.fromEntries(SOURCE_COLUMNS.map((name, i) => [name, values[i]])) as SourceRow));
}

const dialect = new SQLiteSyncDialect();
const SOURCE_COLUMNS = ["id", "status", "time_zone", "weekly", "days_off", "instant_booking", "busy", "held", "places"] as const;

/** The statement of slotSource, as text and arguments (its plan is tested). */
export const slotSourceQuery = (doctorId: string, from: Date, to: Date) => dialect.sqlToQuery(slotSourceSql(doctorId, from, to));

const slotSourceSql = (doctorId: string, from: Date, to: Date) => sql`
    select d.id, d.status, h.time_zone, h.weekly, h.days_off, h.instant_booking, ${busyOf(from, to)} as busy, ${heldOf(from, to)} as held, ${placesOf} as places
    from ${doctors} d left join ${doctorAvailability} h on h.doctor_id = d.id
    where d.id = ${doctorId}`;

/**
 * The same for the approved doctors among `ids` who have set hours (one query, the hours' and the
 * meetings' indexes per doctor): a patient's meetings page reads the free times of every doctor
 * it may move a meeting with at once.
 */
export function slotSourcesFor(r: Reader, ids: readonly string[], from: Date, to: Date): Promise<SlotSource[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return readSources(
    r,
    sql`
    select d.id, d.status, h.time_zone, h.weekly, h.days_off, h.instant_booking, ${busyOf(from, to)} as busy, ${heldOf(from, to)} as held, ${placesOf} as places
    from ${doctors} d join ${doctorAvailability} h on h.doctor_id = d.id
    where d.status = 'approved' and d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
}

