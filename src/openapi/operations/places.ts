/** A doctor's places of practice (issue 54; src/routes/api/places.ts). */
import { answers } from "../../http/answers";
import { placeBody, placeIdParam } from "../../http/schemas";
import { MAX_PLACES } from "../../domain/places";
import type { Operation } from "../operation";
import { DOCTOR } from "./common";

const placeBodyExample = {
  name: "Sunrise Clinic",
  address: "12 Karve Road, near the bus stand",
  locality: "Kothrud",
  city: "Pune",
  pinCode: "411038",
  phone: "9822012345",
  mapUrl: "https://maps.example.com/?q=18.5074,73.8077",
};
const place = { _id: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c", ...placeBodyExample, phone: "+919822012345" };

export const places = {
  list: {
    method: "get", path: `${DOCTOR}/places`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's places of practice (issue 54)",
    ok: { status: 200, schema: answers.places, description: "The places, in the order they were added", example: { places: [place] } },
  },
  add: {
    method: "post", path: `${DOCTOR}/places`, tag: "Doctor", who: "approved doctor",
    summary: "Add a place of practice",
    description: `At most ${MAX_PLACES} places: a sixth is 409. \`name\` 1-80, \`address\` (the street line) 1-200, \`locality\` 0-60, \`city\` 1-60, \`pinCode\` 6 digits (the first not 0), \`phone\` optional (E.164, or 10 Indian digits kept as +91...), \`mapUrl\` optional (https only). A bad field is 400 naming it.`,
    body: { kind: "json", schema: placeBody, example: placeBodyExample },
    ok: { status: 201, schema: answers.place, description: "Added", example: { message: "Place added", place } },
    errors: [409],
  },
  change: {
    method: "put", path: `${DOCTOR}/places/{id}`, tag: "Doctor", who: "approved doctor",
    summary: "Change a place of practice",
    description: "The whole place, as added. Appointments there read the new address. Another doctor's place is 404.",
    params: placeIdParam,
    body: { kind: "json", schema: placeBody, example: placeBodyExample },
    ok: { status: 200, schema: answers.place, description: "Changed", example: { message: "Place updated", place } },
    errors: [404],
  },
  remove: {
    method: "delete", path: `${DOCTOR}/places/{id}`, tag: "Doctor", who: "approved doctor",
    summary: "Remove a place of practice",
    description: "409 while a confirmed appointment there is not over (the message says how many); past appointments keep saying where they were. Weekly hours at the place offer no more times. Another doctor's place is 404.",
    params: placeIdParam,
    ok: { status: 200, schema: answers.message, description: "Removed", example: { message: "Place removed" } },
    errors: [404, 409],
  },
} satisfies Record<string, Operation>;
