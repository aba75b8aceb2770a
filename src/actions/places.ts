/**
 * A doctor's places of practice (issue 54): at most MAX_PLACES kept at once. The JSON API and the
 * places page's forms both call these; each write runs in one transaction, which the database runs
 * one at a time, so two adds can never make a sixth.
 */
import type { Deps } from "../config/deps";
import { countPlaces, countUpcomingAt, findPlace, insertPlace, listPlaces, removePlace, updatePlace, type PlaceFields, type PlaceRow } from "../db/queries/places";
import { together } from "../db/together";
import { readAvailability, saveAvailability } from "../db/queries/availability";
import { MAX_PLACES, PLACES_FULL, placeInUse, type PlaceInput } from "../domain/places";
import { conflict, notFound } from "../domain/refusal";

const PLACE = "Place";

const fieldsOf = (input: PlaceInput): PlaceFields => ({
  name: input.name,
  address: input.address,
  locality: input.locality,
  city: input.city,
  pinCode: input.pinCode,
  phone: input.phone ?? null,
  mapUrl: input.mapUrl ?? null,
});

/** The doctor's places, in the order they were added. */
export function placesOf(deps: Deps, doctorId: string): Promise<PlaceRow[]> {
  return listPlaces(deps.database.db, doctorId);
}

/** Adds a place; a sixth is refused (409). */
export function addPlace(deps: Deps, doctorId: string, input: PlaceInput): Promise<PlaceRow> {
  return deps.database.write(async (tx) => {
    if ((await countPlaces(tx, doctorId)) >= MAX_PLACES) throw conflict(PLACES_FULL);
    return insertPlace(tx, { id: crypto.randomUUID(), doctorId, ...fieldsOf(input), createdAt: deps.now() });
  });
}

/** Changes a place of the doctor's; another doctor's is not found. Appointments there read the new address. */
export function editPlace(deps: Deps, doctorId: string, id: string, input: PlaceInput): Promise<PlaceRow> {
  return deps.database.write(async (tx) => {
    const updated = await updatePlace(tx, doctorId, id, fieldsOf(input));
    if (updated === undefined) throw notFound(PLACE);
    return updated;
  });
}

/**
 * Removes a place of the doctor's, refused (409, saying how many) while a confirmed appointment
 * there is not over. Its weekly ranges there go too
 * (and src/actions/availability.ts offers no slot of a range at a place not kept).
 */
export function deletePlace(deps: Deps, doctorId: string, id: string): Promise<void> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const [place, upcoming, hours] = await together(() => Promise.all([findPlace(tx, doctorId, id), countUpcomingAt(tx, id, now), readAvailability(tx, doctorId)]));
    if (place === undefined) throw notFound(PLACE);
    if (upcoming > 0) throw conflict(placeInUse(upcoming));
    await removePlace(tx, doctorId, id, now);
    // Its weekly ranges go with it: the hours the doctor reads are the hours patients are offered.
    if (hours !== undefined && hours.weekly.some((r) => r.placeId === id)) {
      await saveAvailability(tx, doctorId, { ...hours, weekly: hours.weekly.filter((r) => r.placeId !== id) }, now);
    }
  });
}
