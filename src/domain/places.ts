/**
 * A doctor's places of practice (issue 54): clinics with an address. The field rules and the
 * words shared by the API's schemas, the use cases and the pages. Pure: no I/O.
 */

/** How many places a doctor keeps at once. */
export const MAX_PLACES = 5;

export const PLACE_LIMITS = {
  name: { min: 1, max: 80 },
  address: { min: 1, max: 200 },
  locality: { min: 0, max: 60 },
  city: { min: 1, max: 60 },
  mapUrl: { max: 500 },
} as const;

/** A place's day field of the hours form (issue 54): `p.<placeId>.d<day>` (1 Monday to 7 Sunday). */
export const placeDayField = (placeId: string, day: number) => `p.${placeId}.d${day}`;
export const PLACE_DAY = /^p\.(.{1,64})\.d([1-7])$/;

/** Six digits, the first not 0 (India Post's PIN). */
export const PIN_CODE = /^[1-9][0-9]{5}$/;
/** E.164: a plus, then up to 15 digits, the first not 0. */
const E164 = /^\+[1-9][0-9]{6,14}$/;

/**
 * A phone as kept: E.164 as given, or a 10-digit Indian number (an optional leading 0 for the
 * trunk) as +91 and its ten digits; spaces, hyphens and brackets between digits are ignored.
 * Undefined when it is neither.
 */
export function phoneOf(raw: string): string | undefined {
  const compact = raw.replace(/[\s\-()]/g, "");
  if (E164.test(compact)) return compact;
  const m = /^0?([1-9][0-9]{9})$/.exec(compact);
  return m ? `+91${m[1]}` : undefined;
}

/** Whether a map link is an https URL (nothing else is linked from a page). */
export function isHttpsUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

export const PLACES_FULL = `You can keep at most ${MAX_PLACES} places`;
export const PLACE_ADDED = "Place added";
export const PLACE_UPDATED = "Place updated";
export const PLACE_REMOVED = "Place removed";
export const PLACE_NOT_FOUND = "Place not found";
export const PIN_CODE_SHAPE = "pinCode must be 6 digits, the first not 0";
export const PHONE_SHAPE = "phone must be an E.164 number such as +912025501234, or a 10-digit Indian number";
export const MAP_URL_SHAPE = "mapUrl must be an https:// link";

/** The places page's own words for an empty field (the API's "name is required" would read as the doctor's name). */
export const PLACE_FORM = {
  name: "Please enter the name of the place.",
  address: "Please enter the street address.",
  city: "Please enter the city.",
} as const;

/** Refusing to remove a place with `count` upcoming confirmed appointments there. */
export const placeInUse = (count: number) =>
  `This place has ${count} upcoming confirmed ${count === 1 ? "appointment" : "appointments"}: move or cancel ${count === 1 ? "it" : "them"} first`;
/** The hours' refusal of a range at a place that is not the doctor's (src/actions/availability.ts). */
export const HOURS_PLACE_GONE = /^weekly\[\d+\]\.placeId is not one of your places$/;
export const PLACE_IN_USE = /^This place has (\d+) upcoming confirmed appointments?: move or cancel (?:it|them) first$/;

/** Where an appointment is (issue 54): by video, or in person at a place (null while a clinic request waits for the doctor to choose one). */
export type Visit = { type: "video" } | { type: "clinic"; place: Place | null };
export const VIDEO: Visit = { type: "video" };

/**
 * What the meetings islands say of a clinic visit (issue 54), written by the server in the page's
 * language so that the islands' own catalogs stay small. Sent only with a list that has one.
 */
export type VisitWords = { at: string; early: string; map: string; later: string };

/**
 * The place selector of the doctor's schedule and reschedule forms (issue 54), its words written by
 * the server: the first option (value "") lets the time's hours decide, then "video" and each place
 * ("Sunrise Clinic, Kothrud"). Sent only when the doctor keeps a place.
 */
export type PlaceChoice = { label: string; hint: string; options: { value: string; label: string }[] };

/** The selector's words and options in the page's language (`t`), or undefined for a doctor without places. */
export function placeChoice(places: readonly Pick<Place, "id" | "name" | "locality">[], t: (key: "places.choose" | "places.chooseHint" | "places.byHours" | "places.video") => string): PlaceChoice | undefined {
  if (places.length === 0) return undefined;
  const named = places.map((p) => ({ value: p.id, label: [p.name, p.locality].filter((s) => s !== "").join(", ") }));
  return { label: t("places.choose"), hint: t("places.chooseHint"), options: [{ value: "", label: t("places.byHours") }, { value: "video", label: t("places.video") }, ...named] };
}

/** A place's address on one line: "Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038". */
export const addressLine = (p: Pick<Place, "name" | "address" | "locality" | "city" | "pinCode">) =>
  [p.name, p.address, p.locality, `${p.city} ${p.pinCode}`].filter((part) => part.trim() !== "").join(", ");

/**
 * Issue 54's filters of the directory: `city` (any case, the whole name) and `pinCode` match one of
 * the doctor's kept places; `visit` clinic: hours at one of them, video: hours without a place.
 */
export function placeFilter(query: { city?: string; pinCode?: string; visit?: "clinic" | "video" }) {
  const city = query.city?.trim().toLocaleLowerCase("en");
  return (d: { places: readonly { id: string; city: string; pinCode: string }[]; weekly: readonly { placeId?: string }[] }): boolean => {
    if (city !== undefined && city !== "" && !d.places.some((p) => p.city.trim().toLocaleLowerCase("en") === city)) return false;
    if (query.pinCode !== undefined && !d.places.some((p) => p.pinCode === query.pinCode)) return false;
    if (query.visit === "clinic" && !d.weekly.some((r) => r.placeId !== undefined && d.places.some((p) => p.id === r.placeId))) return false;
    if (query.visit === "video" && !d.weekly.some((r) => r.placeId === undefined)) return false;
    return true;
  };
}

/** Whether a search's words name one of the doctor's places' locality or city ("kothrud", "pune"). */
export function placeWordsMatch(q: string | undefined, places: readonly { locality: string; city: string }[]): boolean {
  const words = placeWordsOf(q);
  if (words.length === 0) return false;
  return places.some((p) => words.some((w) => p.locality.toLocaleLowerCase("en").includes(w) || p.city.toLocaleLowerCase("en").includes(w)));
}

/** The words of a search that may name a place: lower case, three letters or more. */
export const placeWordsOf = (q: string | undefined): string[] => (q ?? "").toLocaleLowerCase("en").split(/[\s,]+/).filter((w) => w.length >= 3);

/** A place as the API and the pages show one. */
export type Place = { id: string; name: string; address: string; locality: string; city: string; pinCode: string; phone: string | null; mapUrl: string | null };
/** The fields a doctor gives for a place. */
export type PlaceInput = { name: string; address: string; locality: string; city: string; pinCode: string; phone?: string; mapUrl?: string };

/**
 * The API's place messages as a page says them (src/domain/messages.ts): the catalog's key, and
 * the English, which src/i18n/en/places.ts says word for word.
 */
export const PLACE_WORDS: Readonly<Record<string, { key: string; plain: string }>> = {
  [PLACES_FULL]: { key: "msg.places.full", plain: `You can keep at most ${MAX_PLACES} places.` },
  [PLACE_NOT_FOUND]: { key: "msg.places.notFound", plain: "This place is not one of yours." },
  [PIN_CODE_SHAPE]: { key: "msg.places.pinCode", plain: "Please enter a 6-digit PIN code, such as 411038." },
  "pinCode is required": { key: "msg.places.pinCode", plain: "Please enter a 6-digit PIN code, such as 411038." },
  [PHONE_SHAPE]: { key: "msg.places.phone", plain: "Please enter a phone number such as 9822012345 or +912025501234." },
  [MAP_URL_SHAPE]: { key: "msg.places.mapUrl", plain: "The map link must start with https://." },
  [PLACE_FORM.name]: { key: "msg.places.name", plain: PLACE_FORM.name },
  [PLACE_FORM.address]: { key: "msg.places.address", plain: PLACE_FORM.address },
  [PLACE_FORM.city]: { key: "msg.places.city", plain: PLACE_FORM.city },
};
