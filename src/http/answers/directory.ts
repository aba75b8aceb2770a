/** The doctor directory: the patients' list and the public one (issue 41). */
import { z } from "zod";
import { LANGUAGE_CODES } from "../../domain/doctor-details";
import { id, time, picture, specialization } from "./common";
import { Rating } from "./profile";
import { Availability } from "./hours";
import { Place, PlaceName } from "./places";

/** A doctor in the patients' directory: no email, no status. */
export const DirectoryDoctor = z
  .object({ _id: id, name: z.string(), specialization, collegeName: z.string(), profileImage: picture, rating: Rating })
  .meta({ id: "DirectoryDoctor" });

/** The public rating (issue 41): the average of the visible ratings, null below three. */
const PublicRating = z.object({
  average: z.number().nullable().meta({ description: "To one decimal; null below 3 visible ratings", example: 4.6 }),
  count: z.number().int().meta({ description: "How many visible ratings", example: 12 }),
});
const NextFree = z
  .object({ start: time, instant: z.boolean().meta({ description: "A tap books this time at once (the doctor has instant booking)" }) })
  .nullable()
  .meta({ description: "The doctor's next free slot within 14 days; null for a doctor by request or without free time" });

/** A doctor in the public directory (issue 41): what a card shows; never an email, a status or anything private. */
export const PublicDoctor = z
  .object({
    _id: id,
    name: z.string(),
    specialization,
    profileImage: picture,
    languages: z.array(z.enum(LANGUAGE_CODES)).meta({ example: ["en", "hi"] }),
    fee: z.number().int().nullable().meta({ description: "Whole rupees (0: free); null when the doctor has not said", example: 500 }),
    experienceYears: z.number().int().nullable().meta({ example: 12 }),
    rating: PublicRating,
    nextFree: NextFree,
    places: z.array(PlaceName).meta({ description: "Issue 54: where the doctor sees patients in person, in the order added; empty for video calls only" }),
  })
  .meta({ id: "PublicDoctor" });

/** A place on a public profile (issue 54): its address, map link and the weekdays it has hours. */
const PublicPlace = Place.extend({
  days: z.array(z.number().int().min(1).max(7)).meta({ description: "The weekdays (1 Monday … 7 Sunday) with hours there, in the doctor's zone", example: [1, 3] }),
}).meta({ id: "PublicPlace" });

/** A public doctor's profile: the card's fields and the verified registration, the about text and the hours. */
export const PublicProfile = PublicDoctor.extend({
  collegeName: z.string(),
  about: z.string().nullable(),
  registration: z.object({ number: z.string(), council: z.string() }).meta({ description: "The last registration the admin verified" }),
  hours: z
    .object({ timeZone: z.string(), weekly: Availability.shape.weekly, instantBooking: z.boolean() })
    .nullable()
    .meta({ description: "The doctor's weekly hours in their zone; null for a doctor by request" }),
  places: z.array(PublicPlace).meta({ description: "Issue 54: where the doctor sees patients in person, with the address and the days open" }),
}).meta({ id: "PublicProfile" });

/** A published review no admin hid (issue 41). */
export const PublicReview = z
  .object({
    author: z.string().meta({ description: "First name and last initial", example: "Pat P." }),
    rating: z.number().int().nullable().meta({ example: 5 }),
    message: z.string(),
    createdAt: time,
    reply: z.object({ text: z.string(), at: time }).nullable().meta({ description: "The doctor's answer, if any" }),
  })
  .meta({ id: "PublicReview" });
