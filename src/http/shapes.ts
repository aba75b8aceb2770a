/**
 * The JSON shapes of SERVER-RULES §2, built from database rows. Nothing else decides what an
 * answer contains, so no password hash or token version can leak through a spread.
 */
import { forPersonOf, type AppointmentRow, type AppointmentView, type StoryView } from "../db/queries/appointments";
import type { FamilyMemberRow } from "../db/queries/family";
import type { PlaceRow } from "../db/queries/places";
import type { Slot } from "../domain/availability";
import { VIDEO, type Place, type Visit } from "../domain/places";
import type { WaitlistRow } from "../db/queries/waitlist";
import type { ForPerson } from "../domain/family";
import type { AdminRow, DoctorRow, PatientRow } from "../db/queries/accounts";
import type { AuditRow } from "../db/queries/audit";
import { nextStatusChange } from "../domain/appointment";
import { FORMER, shownSides, type FormerWords } from "../domain/erasure";
import { languagesOf, registrationOf } from "../domain/doctor-details";
import type { KeptJson } from "./cached";
import { ratingOf } from "../domain/rating";
import type { ReviewRow } from "../db/queries/reviews";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Issue 55: an account's phone as its owner reads it, or null. */
export const phoneJson = (a: { phone: string | null; phoneVerifiedAt: Date | null }) => (a.phone === null ? null : { number: a.phone, verified: a.phoneVerifiedAt !== null });

export const patientJson = (p: PatientRow) => ({
  _id: p.id,
  name: p.name,
  email: p.email,
  profileImage: p.profileImage,
  phone: phoneJson(p),
  // Issue 56: only when given, so the original answer stays as it was for everyone else.
  ...(p.dateOfBirth !== null && { dateOfBirth: p.dateOfBirth }),
  ...(p.sex !== null && { sex: p.sex }),
});

export const doctorJson = (d: DoctorRow) => ({
  _id: d.id,
  name: d.name,
  email: d.email,
  specialization: d.specialization,
  collegeName: d.collegeName,
  status: d.status,
  profileImage: d.profileImage,
  createdAt: d.createdAt.toISOString(),
  pendingChange:
    d.pendingSpecialization === null && d.pendingCollegeName === null ? null : { specialization: d.pendingSpecialization, collegeName: d.pendingCollegeName },
  // Issue 41: what patients choose by, and the registration as it stands for the doctor and the admin.
  experienceYears: d.experienceYears,
  languages: languagesOf(d.languages),
  fee: d.fee,
  about: d.about,
  registration: registrationOf(d),
  rating: ratingOf(d),
  phone: phoneJson(d),
});

/** A doctor as the admin sees one: every field, and the status history from the audit trail. */
export const adminDoctorJson = (d: DoctorRow, history: AuditRow[]) => ({
  ...doctorJson(d),
  statusHistory: history.map((e) => ({
    action: e.action,
    from: e.fromStatus,
    to: e.toStatus,
    at: e.at.toISOString(),
    by: e.actorRole,
    reason: e.reason,
  })),
});
export type AdminDoctorJson = ReturnType<typeof adminDoctorJson>;

export const adminJson = (a: AdminRow) => ({ _id: a.id, name: a.name, email: a.email });

/** A family member (issue 42), as only its account holder sees one. */
/** A place of practice (issue 54), with its full address. */
export const placeJson = (p: Place) => ({ _id: p.id, name: p.name, address: p.address, locality: p.locality, city: p.city, pinCode: p.pinCode, phone: p.phone, mapUrl: p.mapUrl });
/** A place as a slot or a card names it. */
export const placeNameJson = (p: Pick<PlaceRow, "id" | "name" | "locality" | "city">) => ({ _id: p.id, name: p.name, locality: p.locality, city: p.city });

/** A free slot (issues 26, 54): by video, or in person at one of the doctor's `places`. */
export function freeSlotJson(s: Slot, places: readonly Pick<PlaceRow, "id" | "name" | "locality" | "city">[]) {
  const times = { start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() };
  const place = s.placeId === undefined ? undefined : places.find((p) => p.id === s.placeId);
  return place === undefined ? { ...times, visit: "video" as const } : { ...times, visit: "clinic" as const, place: placeNameJson(place) };
}

/** Where an appointment is (issue 54). */
export const visitJson = (v: Visit) => (v.type === "video" ? { type: "video" as const } : { type: "clinic" as const, place: v.place && placeJson(v.place) });

export const familyMemberJson = (m: FamilyMemberRow) => ({ _id: m.id, name: m.name, relation: m.relation, dateOfBirth: m.dateOfBirth, sex: m.sex });

/** Who an appointment is for (issue 42): its member as booked, or null for the account holder. */
export const forJson = (p: ForPerson | null) => p && { _id: p.id, name: p.name, relation: p.relation, age: p.age };

/** What every answer says of an appointment itself, whatever else it adds. */
const meetingCore = (a: Pick<AppointmentRow, "id" | "status" | "reason" | "createdAt" | "scheduledAt" | "meetLink">) => ({
  _id: a.id,
  status: a.status,
  reason: a.reason,
  createdAt: a.createdAt.toISOString(),
  scheduledAt: iso(a.scheduledAt),
  meetLink: a.meetLink,
});

/** An appointment in a list; the patient's own list adds `hasFeedback`. */
export function appointmentJson(shown: AppointmentView, view: "patient" | "doctor", words: FormerWords = FORMER) {
  // An erased side (issue 44) is named as its reader says "Former patient" (the API: in English).
  const a = shownSides(shown, words);
  const json = {
    ...meetingCore(a),
    patient: { _id: a.patient.id, name: a.patient.name, email: a.patient.email },
    doctor: { _id: a.doctor.id, name: a.doctor.name, specialization: a.doctor.specialization },
    preferredTimes: a.preferredTimes,
    rescheduled: a.rescheduled && { from: a.rescheduled.from.toISOString(), reason: a.rescheduled.reason, by: a.rescheduled.by },
    for: forJson(a.for),
    visit: visitJson(a.visit),
  };
  return view === "patient" ? { ...json, hasFeedback: a.hasFeedback } : json;
}

export type AppointmentJson = ReturnType<typeof appointmentJson>;

/**
 * A list answer of SPEC §8: `messages[0]` when the list is empty, else `messages[1]`, and the
 * appointments as `view` sees them; with when its statuses next change by the clock alone (for
 * keptAnswers).
 */
export function appointmentListJson(list: AppointmentView[], view: "patient" | "doctor", messages: [empty: string, some: string], now: Date): KeptJson {
  const json = JSON.stringify({ message: list.length === 0 ? messages[0] : messages[1], appointments: list.map((a) => appointmentJson(a, view)) });
  return { json, until: nextStatusChange(list, now) };
}

/** An appointment as a meetings page tells it (pages only, never the JSON API): the list's shape and its cancellation. */
export function storyJson(a: StoryView, view: "patient" | "doctor", words?: FormerWords) {
  const cancelled = a.cancelled && { by: a.cancelled.by, at: a.cancelled.at.toISOString(), reason: a.cancelled.reason };
  return { ...appointmentJson(a, view, words), hasFeedback: a.hasFeedback, cancelled };
}
export type StoryJson = ReturnType<typeof storyJson>;

/** A waitlist entry as the API gives it (issue 40): its offer only while it holds at `now`. */
export function waitlistEntryJson(e: WaitlistRow, now: Date) {
  const holds = e.offerStart !== null && e.offerExpiresAt !== null && e.offerExpiresAt.getTime() > now.getTime();
  return {
    _id: e.id,
    doctorId: e.doctorId,
    reason: e.reason,
    until: e.until,
    createdAt: e.createdAt.toISOString(),
    offer: holds ? { slotStart: e.offerStart!.toISOString(), expiresAt: e.offerExpiresAt!.toISOString() } : null,
  };
}

/** A booked appointment as bookAppointment answers it (and the waitlist's accept, issue 40). */
export function bookedJson(a: AppointmentRow & { place?: Place }, patient: { id: string; name: string; email: string }) {
  return {
    ...meetingCore(a),
    doctor: { _id: a.doctorId },
    patient: { _id: patient.id, name: patient.name, email: patient.email },
    preferredTimes: a.preferredTimes ?? [],
    for: forJson(forPersonOf(a)),
    visit: visitJson(a.visitType === "video" ? VIDEO : { type: "clinic", place: a.place ?? null }),
  };
}

/** A review as the doctor's answer and the admin's hiding return it (issue 41). */
export const reviewJson = (r: Pick<ReviewRow, "id" | "appointmentId" | "rating" | "published" | "replyText" | "repliedAt" | "hiddenAt" | "hiddenReason" | "createdAt">) => ({
  _id: r.id,
  appointmentId: r.appointmentId,
  rating: r.rating,
  published: r.published,
  reply: r.replyText === null || r.repliedAt === null ? null : { text: r.replyText, at: r.repliedAt.toISOString() },
  hidden: r.hiddenAt === null ? null : { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? "" },
  createdAt: r.createdAt.toISOString(),
});
