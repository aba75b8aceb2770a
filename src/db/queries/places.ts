/** A doctor's places of practice (issue 54): the only SQL of places. */
import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Reader, Tx } from "../client";
import { appointments, places } from "../schema";

export type PlaceRow = typeof places.$inferSelect;
export type PlaceFields = Pick<PlaceRow, "name" | "address" | "locality" | "city" | "pinCode" | "phone" | "mapUrl">;

const kept = (doctorId: string) => and(eq(places.doctorId, doctorId), isNull(places.removedAt));

/** The doctor's kept places, in the order they were added (two in one millisecond: by rowid). */
export function listPlaces(r: Reader, doctorId: string): Promise<PlaceRow[]> {
  return r.select().from(places).where(kept(doctorId)).orderBy(asc(places.createdAt), sql`rowid`).all();
}

/** The kept places of several doctors (the directory's cards, the public profile), in the order they were added. */
export function listPlacesOf(r: Reader, doctorIds: readonly string[]): Promise<PlaceRow[]> {
  if (doctorIds.length === 0) return Promise.resolve([]);
  return r
    .select()
    .from(places)
    .where(and(inArray(places.doctorId, [...doctorIds]), isNull(places.removedAt)))
    .orderBy(asc(places.createdAt), sql`rowid`)
    .all();
}

/** One kept place, if it is this doctor's: another doctor's reads as not there. */
export function findPlace(r: Reader, doctorId: string, id: string): Promise<PlaceRow | undefined> {
  return r
    .select()
    .from(places)
    .where(and(eq(places.id, id), kept(doctorId)))
    .get();
}

/** Places by id, removed ones too (an appointment says where it was even after its place is removed). */
export function placesByIds(r: Reader, ids: readonly string[]): Promise<PlaceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return r.select().from(places).where(inArray(places.id, [...ids])).all();
}

export async function countPlaces(r: Reader, doctorId: string): Promise<number> {
  const row = await r.select({ n: count() }).from(places).where(kept(doctorId)).get();
  return row?.n ?? 0;
}

/** How many confirmed appointments at the place are not yet over at `now`. */
export async function countUpcomingAt(r: Reader, placeId: string, now: Date): Promise<number> {
  const row = await r
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.placeId, placeId), eq(appointments.status, "confirmed"), gt(appointments.endsAt, now)))
    .get();
  return row?.n ?? 0;
}

export async function insertPlace(tx: Tx, row: typeof places.$inferInsert): Promise<PlaceRow> {
  return (await tx.insert(places).values(row).returning().get())!;
}

/** Changes a kept place of this doctor's; undefined when there is none by that id. */
export function updatePlace(tx: Tx, doctorId: string, id: string, fields: PlaceFields): Promise<PlaceRow | undefined> {
  return tx
    .update(places)
    .set(fields)
    .where(and(eq(places.id, id), kept(doctorId)))
    .returning()
    .get();
}

/** Marks a place removed (its row stays for the appointments that were there). */
export async function removePlace(tx: Tx, doctorId: string, id: string, now: Date): Promise<void> {
  await tx
    .update(places)
    .set({ removedAt: now })
    .where(and(eq(places.id, id), kept(doctorId)));
}
