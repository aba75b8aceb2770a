/** A doctor's places of practice (issue 54: src/routes/api/places.ts, the doctor's places page). */
import { z } from "zod";
import { isHttpsUrl, MAP_URL_SHAPE, PHONE_SHAPE, PIN_CODE, PIN_CODE_SHAPE, phoneOf, PLACE_FORM, PLACE_LIMITS } from "../../domain/places";
import { meetingIdParam, text } from "./common";

/** An optional text: absent, null or "" reads as not given; otherwise trimmed, at most `max` characters. */
const optional = (field: string, max: number, message: string) =>
  z
    .union([z.string({ error: `${field} must be a string` }), z.null()], { error: `${field} must be a string` })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === "" ? undefined : v.trim()))
    .pipe(z.string().max(max, message).optional());

/** A place (issue 54), as POST and PUT /places take one. */
export const placeBody = z.object({
  name: text("name", PLACE_LIMITS.name).meta({ example: "Sunrise Clinic" }),
  address: text("address", PLACE_LIMITS.address).meta({ description: "The street line", example: "12 Karve Road, near the bus stand" }),
  locality: z
    .union([z.string({ error: "locality must be a string" }), z.null()])
    .optional()
    .transform((v) => v ?? "")
    .pipe(text("locality", PLACE_LIMITS.locality))
    .meta({ description: "The area of the city; may be empty", example: "Kothrud" }),
  city: text("city", PLACE_LIMITS.city).meta({ example: "Pune" }),
  pinCode: z
    .string({ error: "pinCode is required" })
    .trim()
    .min(1, "pinCode is required")
    .regex(PIN_CODE, PIN_CODE_SHAPE)
    .meta({ description: "6 digits, the first not 0", example: "411038" }),
  phone: optional("phone", 24, PHONE_SHAPE)
    .refine((v) => v === undefined || phoneOf(v) !== undefined, PHONE_SHAPE)
    .transform((v) => (v === undefined ? undefined : phoneOf(v)))
    .meta({ description: "Optional: E.164, or a 10-digit Indian number (kept as +91...)", example: "+912025501234" }),
  mapUrl: optional("mapUrl", PLACE_LIMITS.mapUrl.max, `mapUrl must be at most ${PLACE_LIMITS.mapUrl.max} characters`)
    .refine((v) => v === undefined || isHttpsUrl(v), MAP_URL_SHAPE)
    .meta({ description: "Optional: an https:// link to the place on a map", example: "https://maps.example.com/?q=18.50,73.80" }),
});

/** The doctor's places page's forms: the same fields, an empty one said in the page's words. */
export const placeForm = placeBody.extend({
  name: z.string().trim().min(1, PLACE_FORM.name).pipe(placeBody.shape.name),
  address: z.string().trim().min(1, PLACE_FORM.address).pipe(placeBody.shape.address),
  city: z.string().trim().min(1, PLACE_FORM.city).pipe(placeBody.shape.city),
});

/** A place's id in the path: the same rule as a meeting's. */
export const placeIdParam = meetingIdParam;
