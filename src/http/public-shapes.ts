/**
 * The public directory's JSON (issue 41), built from what src/actions/directory.ts reads: the
 * fields of PublicDoctor, PublicProfile and PublicReview (./answers/directory.ts) and nothing else, so no
 * email, status or unverified registration can slip out with a new column.
 */
import type { z } from "zod";
import type { DirectoryDoctor, PublicReview } from "../actions/directory";
import { languagesOf } from "../domain/doctor-details";
import { ratingOf } from "../domain/rating";
import type { PublicDoctor, PublicProfile, PublicReview as PublicReviewAnswer } from "./answers";
import { placeJson, placeNameJson } from "./shapes";

/** The weekdays with hours at place `id` (issue 54), in order. */
export const placeDays = (weekly: readonly { day: number; placeId?: string }[], id: string) => [...new Set(weekly.filter((r) => r.placeId === id).map((r) => r.day))].sort((a, b) => a - b);

const iso = (ms: number | Date) => new Date(ms).toISOString();

/** A card's JSON. */
export function publicDoctorJson(d: DirectoryDoctor): z.output<typeof PublicDoctor> {
  return {
    _id: d.id,
    name: d.name,
    specialization: d.specialization,
    profileImage: d.profileImage,
    languages: languagesOf(d.languages),
    fee: d.fee,
    experienceYears: d.experienceYears,
    rating: ratingOf(d),
    nextFree: d.next === undefined ? null : { start: iso(d.next.start), instant: d.next.instant },
    places: d.places.map(placeNameJson),
  };
}

/** A profile's JSON (the doctor was read with their profile's columns, so the registration is there). */
export function publicProfileJson(d: DirectoryDoctor): z.output<typeof PublicProfile> {
  return {
    ...publicDoctorJson(d),
    collegeName: d.collegeName,
    about: d.about,
    registration: { number: d.registrationNumber ?? "", council: d.registrationCouncil ?? "" },
    hours: d.hours === undefined ? null : { timeZone: d.hours.timeZone, weekly: d.hours.weekly, instantBooking: d.hours.instantBooking === true },
    places: d.places.map((p) => ({ ...placeJson(p), days: placeDays(d.hours?.weekly ?? [], p.id) })),
  };
}

export function publicReviewJson(v: PublicReview): z.output<typeof PublicReviewAnswer> {
  return { author: v.author, rating: v.rating, message: v.message, createdAt: iso(v.createdAt), reply: v.reply && { text: v.reply.text, at: iso(v.reply.at) } };
}
